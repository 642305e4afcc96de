"use client";

/**
 * The admin's view of the team: the spending rules, the limits on what members make, every member
 * with this month's spend and their own cap, and the deployment's status. Saves go straight to the
 * server and are confirmed with a toast.
 */
import type { ReactNode } from "react";
import { notify } from "@/components/ui/notify";
import type { MemberSpend } from "@/lib/contract";
import { formatNumber } from "@/lib/domain/format";
import { useMembers, useSetMemberCap } from "@/lib/client/queries/team";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { ColumnHeadings } from "./column-headings";
import { InviteMember } from "@/components/people/invite-member";
import { MemberAccess } from "@/components/people/member-access";
import { CreditsEditor } from "./credits-editor";
import { ServiceStatus } from "./service-status";
import { SpendingRules } from "./spending-rules";
import { TeamChat } from "./team-chat";
import { TeamLimits } from "./team-limits";
import { TeamSection } from "./team-section";

const capWords = (cap: number | null, none: string) => (cap === null ? none : `${formatNumber(cap)} credits`);

const saveFailed = (error: Error) => notify.error("Not saved", { description: error.message });

/** `selfId`: the signed-in admin (null with sign-in off: then there are no invites or access to manage). */
export function TeamAdmin({ selfId }: { selfId: string | null }) {
  return (
    <div className="flex flex-col gap-6">
      <SpendingRules />
      <TeamLimits />
      <TeamChat />
      {selfId !== null && <InviteMember />}
      <MemberList selfId={selfId} />
      <ServiceStatus />
    </div>
  );
}

function MemberList({ selfId }: { selfId: string | null }) {
  const members = useMembers();
  return (
    <TeamSection title="Members">
      {members.data ? (
        members.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            No members yet. Make the first admin with <code className="font-mono">npm run user:add</code>,
            then invite the others here.
          </p>
        ) : (
          <MemberTable members={members.data} selfId={selfId} />
        )
      ) : members.isError ? (
        <Notice tone="error">Could not load the members: {members.error.message}</Notice>
      ) : (
        <Skeleton className="h-40 w-full" />
      )}
    </TeamSection>
  );
}

/** Column headings; on a phone the table becomes one card per member and each cell names its column. */
const COLUMNS = ["Name", "Email", "Role", "Spent this month", "Monthly cap", "Access"] as const;
const CELL = "md:border-t md:border-zinc-200 md:px-3 md:py-2.5 md:align-middle md:dark:border-zinc-800";

function MemberTable({ members, selfId }: { members: MemberSpend[]; selfId: string | null }) {
  return (
    // The frame is on a wrapper: a table's own border cannot have rounded corners.
    <div className="md:overflow-hidden md:rounded-xl md:border md:border-zinc-200 md:bg-white md:dark:border-zinc-800 md:dark:bg-zinc-900">
      <table className="w-full text-sm max-md:block">
        <ColumnHeadings columns={COLUMNS} className="max-md:sr-only" />
        <tbody className="max-md:flex max-md:flex-col max-md:gap-3">
          {members.map((member) => (
            <MemberRow key={member.id} member={member} selfId={selfId} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Cell({
  column,
  className = "",
  children,
}: {
  column: (typeof COLUMNS)[number];
  className?: string;
  children: ReactNode;
}) {
  return (
    <td className={`${CELL} max-md:flex max-md:flex-col max-md:gap-0.5 ${className}`}>
      {/* The phone's stand-in for the hidden header row; screen readers already hear the header. */}
      <span aria-hidden className="text-xs text-zinc-500 md:hidden dark:text-zinc-400">
        {column}
      </span>
      {children}
    </td>
  );
}

function MemberRow({ member, selfId }: { member: MemberSpend; selfId: string | null }) {
  const save = useSetMemberCap();
  const cap = member.effectiveCapCredits;
  return (
    <tr
      aria-label={member.name}
      className="max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-xl max-md:border max-md:border-zinc-200 max-md:bg-white max-md:p-4 max-md:dark:border-zinc-800 max-md:dark:bg-zinc-900"
    >
      <Cell column="Name" className="font-medium">
        {member.name}
        {member.deactivatedAt !== null && (
          <span className="font-normal text-zinc-500 dark:text-zinc-400"> (deactivated)</span>
        )}
      </Cell>
      <Cell column="Email" className="min-w-0 break-all text-zinc-600 dark:text-zinc-400">
        {member.email}
      </Cell>
      <Cell column="Role">{member.role === "admin" ? "Admin" : "Member"}</Cell>
      <Cell column="Spent this month" className="tabular-nums">
        <span>
          {formatNumber(member.spentThisMonth)}
          <span className="text-zinc-500 dark:text-zinc-400">
            {cap === null ? " · no cap" : ` of ${formatNumber(cap)} credits`}
          </span>
        </span>
      </Cell>
      <Cell column="Monthly cap" className="max-md:col-span-2">
        <CreditsEditor
          label={`Monthly cap for ${member.name}`}
          value={member.monthlyCapCredits}
          emptyLabel="Team default"
          saving={save.isPending}
          onSave={(monthlyCapCredits) =>
            save.mutate(
              { id: member.id, monthlyCapCredits },
              {
                onSuccess: () =>
                  notify.success(`Saved ${member.name}'s cap`, {
                    description:
                      monthlyCapCredits === null
                        ? "The team default applies."
                        : capWords(monthlyCapCredits, ""),
                  }),
                onError: saveFailed,
              },
            )
          }
        />
      </Cell>
      {selfId !== null ? (
        <Cell column="Access" className="max-md:col-span-2">
          <MemberAccess member={member} self={member.id === selfId} />
        </Cell>
      ) : (
        <td className={CELL} aria-hidden />
      )}
    </tr>
  );
}
