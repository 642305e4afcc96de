"use client";
/**
 * The team's chat on the Team page: which event kinds go to the webhook at ALERT_WEBHOOK_URL (a
 * checkbox each, saved as it is changed) and a test message.
 */
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { Skeleton } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/surface";
import { useSaveTeamChat, useSendTestChat, useTeamChat } from "@/lib/client/queries/notifications";
import { CHAT_KIND_LABELS, CHAT_KINDS } from "@/lib/domain/team-chat";
import { TeamSection } from "./team-section";

export function TeamChat() {
  const chat = useTeamChat();
  const save = useSaveTeamChat();
  const test = useSendTestChat();
  return (
    <TeamSection title="Team chat">
      {chat.isError ? (
        <Notice tone="error">Could not load the team’s chat: {chat.error.message}</Notice>
      ) : !chat.data ? (
        <Skeleton className="h-24 w-full" />
      ) : (
        <Panel className="flex flex-col gap-3 p-4">
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {chat.data.available
              ? "Chosen events are posted to the team's chat webhook: renders and reviews with their link, spend alerts with their numbers."
              : "Not set up: set ALERT_WEBHOOK_URL (a Slack-compatible incoming webhook) to post events to the team's chat."}
          </p>
          <fieldset
            className="flex flex-wrap gap-x-5 gap-y-2"
            disabled={save.isPending || !chat.data.available}
          >
            <legend className="sr-only">Events posted to the team’s chat</legend>
            {CHAT_KINDS.map((kind) => {
              const on = chat.data.kinds.includes(kind);
              return (
                <label key={kind} className="flex items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    checked={on}
                    onChange={() =>
                      save.mutate(
                        {
                          kinds: on ? chat.data.kinds.filter((k) => k !== kind) : [...chat.data.kinds, kind],
                        },
                        { onError: (error) => notify.error("Not saved", { description: error.message }) },
                      )
                    }
                  />
                  {CHAT_KIND_LABELS[kind]}
                </label>
              );
            })}
          </fieldset>
          <div>
            <Button
              size="sm"
              disabled={!chat.data.available}
              busy={test.isPending}
              busyText="Sending…"
              onClick={() =>
                test.mutate(undefined, {
                  onSuccess: () => notify.success("Test message sent to the team's chat"),
                  onError: (error) => notify.error("Not sent", { description: error.message }),
                })
              }
            >
              Send a test message
            </Button>
          </div>
        </Panel>
      )}
    </TeamSection>
  );
}
