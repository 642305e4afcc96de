"use client";
/**
 * An email's unsubscribe link lands here: one press turns that kind of email off. A press, not the
 * link itself, since mail scanners open links on their own.
 */
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useUnsubscribe } from "@/lib/client/queries/notifications";
import { NOTIFICATION_LABELS } from "@/lib/domain/notifications";

export function UnsubscribeForm({ token }: { token: string }) {
  const unsubscribe = useUnsubscribe();
  if (unsubscribe.data) {
    return (
      <p role="status" className="text-sm">
        Done: no more email for “{NOTIFICATION_LABELS[unsubscribe.data.kind]}”. Change it any time under Your
        account → Notifications.
      </p>
    );
  }
  return (
    <div className="flex flex-col items-start gap-3">
      {unsubscribe.isError && <Notice tone="error">{unsubscribe.error.message}</Notice>}
      <Button busy={unsubscribe.isPending} busyText="Turning off…" onClick={() => unsubscribe.mutate(token)}>
        Turn this email off
      </Button>
    </div>
  );
}
