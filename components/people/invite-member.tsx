"use client";
/**
 * The Team page's invites: **Invite member** (a name, an optional email and a role) gives a one-time
 * link to hand over, shown once; pending invites are listed with Revoke.
 */
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { CONTROL_CLASSES, LABEL_CLASSES } from "@/components/ui/field-classes";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { RevokeControl } from "@/components/ui/revoke-control";
import { Skeleton } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/surface";
import { TextField } from "@/components/ui/text-field";
import type { Invite, Role } from "@/lib/contract";
import { useCreateInvite, useInvites, useRevokeInvite } from "@/lib/client/queries/people";
import { nameProblem } from "@/lib/domain/names";
import { OneTimeLinkNotice } from "./one-time-link";

export function InviteMember() {
  const id = useId();
  const create = useCreateInvite();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<Role>("member");
  const [nameError, setNameError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = nameProblem(name);
    setNameError(problem);
    if (problem) return;
    create.mutate(
      { name: name.trim(), email: email.trim() || null, role },
      {
        onSuccess: () => {
          setName("");
          setEmail("");
          setRole("member");
        },
      },
    );
  };

  return (
    <Panel as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-4 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Invite member
      </h2>
      {create.data && (
        <OneTimeLinkNotice
          title={`Invite for ${create.data.invite.name} made.`}
          label="Invite link"
          link={create.data.link}
          onDone={() => create.reset()}
        />
      )}
      <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-end">
        <TextField
          id={`${id}-name`}
          label="Name"
          value={name}
          error={nameError}
          onChange={(event) => setName(event.target.value)}
        />
        <TextField
          id={`${id}-email`}
          label="Email (optional)"
          type="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-role`} className={LABEL_CLASSES}>
            Role
          </label>
          <select
            id={`${id}-role`}
            value={role}
            onChange={(event) => setRole(event.target.value === "admin" ? "admin" : "member")}
            className={`${CONTROL_CLASSES} h-10 px-3`}
          >
            <option value="member">Member</option>
            <option value="admin">Admin</option>
          </select>
        </div>
        <Button type="submit" variant="primary" className="h-10" disabled={create.isPending}>
          {create.isPending ? "Inviting…" : "Invite"}
        </Button>
      </form>
      {create.isError && <Notice tone="error">The invite was not made: {create.error.message}</Notice>}
      <PendingInvites />
    </Panel>
  );
}

function PendingInvites() {
  const invites = useInvites();
  if (invites.isError)
    return <Notice tone="error">Could not load the invites: {invites.error.message}</Notice>;
  if (!invites.data) return <Skeleton className="h-12 w-full" />;
  if (invites.data.length === 0)
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">No pending invites.</p>;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Pending invites</h3>
      <ul aria-label="Pending invites" className="flex flex-col gap-2">
        {invites.data.map((invite) => (
          <PendingInvite key={invite.id} invite={invite} />
        ))}
      </ul>
    </div>
  );
}

function PendingInvite({ invite }: { invite: Invite }) {
  const revoke = useRevokeInvite();
  return (
    <li
      aria-label={`Invite for ${invite.name}`}
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-zinc-200 px-3 py-2 text-sm dark:border-zinc-800"
    >
      <span>
        <span className="font-medium">{invite.name}</span>
        {invite.email && <span className="text-zinc-600 dark:text-zinc-400"> · {invite.email}</span>}
        <span className="text-zinc-600 dark:text-zinc-400">
          {" "}
          · {invite.role === "admin" ? "Admin" : "Member"} · expires <LocalTime iso={invite.expiresAt} />
        </span>
      </span>
      <RevokeControl
        name={`invite for ${invite.name}`}
        noun="invite"
        busy={revoke.isPending}
        revoke={() => revoke.mutateAsync(invite.id)}
      />
    </li>
  );
}
