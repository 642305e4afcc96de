"use client";
/**
 * A member's access on the Team page: Deactivate (confirmed in place) or Reactivate, and Reset
 * password, which gives a one-time link (valid 1 hour) to hand over. Not offered for oneself.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { InlineConfirm } from "@/components/ui/inline-confirm";
import { notify } from "@/components/ui/notify";
import type { MemberSpend } from "@/lib/contract";
import { usePasswordResetLink, useSetMemberActive } from "@/lib/client/queries/people";
import { OneTimeLinkNotice } from "./one-time-link";

const failed = (what: string) => (error: Error) => notify.error(what, { description: error.message });

export function MemberAccess({ member, self }: { member: MemberSpend; self: boolean }) {
  const setActive = useSetMemberActive();
  const reset = usePasswordResetLink();
  const [confirming, setConfirming] = useState(false);
  const active = member.deactivatedAt === null;
  const change = (nextActive: boolean) =>
    setActive.mutate(
      { id: member.id, active: nextActive },
      {
        onSuccess: () => notify.success(`${member.name} ${nextActive ? "reactivated" : "deactivated"}`),
        onError: failed(nextActive ? "Not reactivated" : "Not deactivated"),
        onSettled: () => setConfirming(false),
      },
    );
  if (self) return <span className="text-zinc-500 dark:text-zinc-400">You</span>;
  return (
    <div className="flex flex-col gap-2">
      {confirming ? (
        <InlineConfirm
          label={`Deactivate ${member.name}?`}
          question="Their sessions and API tokens stop at once."
          action={
            <>
              Deactivate<span className="sr-only"> {member.name}</span>
            </>
          }
          busy={setActive.isPending}
          onConfirm={() => change(false)}
          onCancel={() => setConfirming(false)}
        />
      ) : (
        <div className="flex flex-wrap gap-2">
          {active ? (
            <Button size="sm" onClick={() => setConfirming(true)}>
              Deactivate<span className="sr-only"> {member.name}</span>
            </Button>
          ) : (
            <Button size="sm" onClick={() => change(true)} disabled={setActive.isPending}>
              Reactivate<span className="sr-only"> {member.name}</span>
            </Button>
          )}
          {active && (
            <Button
              size="sm"
              disabled={reset.isPending}
              onClick={() => reset.mutate(member.id, { onError: failed("No reset link made") })}
            >
              Reset password<span className="sr-only"> of {member.name}</span>
            </Button>
          )}
        </div>
      )}
      {reset.data && (
        <OneTimeLinkNotice
          title={`Reset link for ${member.name} made.`}
          label={`Password reset link for ${member.name}`}
          link={reset.data}
          onDone={() => reset.reset()}
        />
      )}
    </div>
  );
}
