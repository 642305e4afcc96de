"use client";
/** Your account's **Change password**: the current one, then the new one; your other sessions end. */
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { Panel } from "@/components/ui/surface";
import { TextField } from "@/components/ui/text-field";
import { useChangePassword } from "@/lib/client/queries/people";
import { NewPasswordField } from "./new-password-field";
import { MIN_PASSWORD_LENGTH } from "@/lib/domain/passwords";

export function ChangePassword() {
  const id = useId();
  const change = useChangePassword();
  const [currentPassword, setCurrent] = useState("");
  const [newPassword, setNew] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ sessionsEnded }) => {
          setCurrent("");
          setNew("");
          notify.success("Password changed", {
            description: sessionsEnded > 0 ? `Signed out of ${sessionsEnded} other session(s).` : undefined,
          });
        },
      },
    );
  };
  return (
    <Panel as="section" aria-labelledby={`${id}-title`} className="flex flex-col gap-3 p-4 sm:p-5">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Change password
      </h2>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4 sm:max-w-sm">
        <TextField
          id={`${id}-current`}
          label="Current password"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrent(event.target.value)}
        />
        <NewPasswordField id={`${id}-new`} label="New password" value={newPassword} onChange={setNew} />
        {change.isError && <Notice tone="error">{change.error.message}</Notice>}
        <div>
          <Button
            type="submit"
            variant="primary"
            disabled={change.isPending || !currentPassword || newPassword.length < MIN_PASSWORD_LENGTH}
          >
            {change.isPending ? "Changing…" : "Change password"}
          </Button>
        </div>
      </form>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">Your other sessions end when it changes.</p>
    </Panel>
  );
}
