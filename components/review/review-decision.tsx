"use client";
/**
 * A member's decision on a render: Approve, or Request changes with a note (which becomes a comment;
 * the note's field takes the focus). The badge above says the render's state and who decided; the
 * member's own standing decision can be withdrawn.
 */
import { useEffect, useRef, useState } from "react";
import { CheckIcon, PencilLineIcon } from "lucide-react";
import type { LedgerRender } from "@/lib/contract";
import { useDecide, useWithdrawDecision } from "@/lib/client/queries/review";
import { useSession } from "@/lib/client/queries/session";
import { useMemberNames } from "@/lib/client/queries/team";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { ReviewBadge } from "@/components/render/review-badge";
import { MentionField } from "./mention-field";
import { useReviewSession } from "./review-session";
import { useShortcuts } from "@/components/ui/shortcuts";
import { reviewShortcuts } from "./review-shortcuts";

export function ReviewDecision({ render }: { render: LedgerRender }) {
  const session = useReviewSession();
  const memberId = useSession().data?.member?.id ?? null;
  const names = useMemberNames().data?.map((member) => member.name) ?? [];
  const decide = useDecide(render.id);
  const withdraw = useWithdrawDecision(render.id);
  const [askedHere, setAskedHere] = useState(false);
  // `r` (or the button, in a review session) asks for the note: each ask is a new count, and closing
  // the note remembers the count it closed at.
  const noteRequest = session?.noteRequest ?? 0;
  const [closedAt, setClosedAt] = useState(0);
  const asking = askedHere || noteRequest > closedAt;
  const close = () => {
    setAskedHere(false);
    setClosedAt(noteRequest);
  };
  const [note, setNote] = useState("");
  const field = useRef<HTMLTextAreaElement>(null);
  const mine = render.review?.decisions.find((each) => each.memberId === memberId);

  // Every ask focuses the note, even when it is already open.
  useEffect(() => {
    if (asking) field.current?.focus();
  }, [asking, noteRequest]);

  const approve = () => decide.mutate({ decision: "approve" });
  const askForChanges = () => (session ? session.requestNote() : setAskedHere(true));
  useShortcuts(
    reviewShortcuts({ comment: () => session?.startPlacing(), approve, requestChanges: askForChanges }),
    session !== null,
  );

  const sendChanges = () => {
    if (!note.trim()) return;
    decide.mutate(
      { decision: "changes", note },
      {
        onSuccess: () => {
          setNote("");
          close();
        },
      },
    );
  };
  return (
    <section aria-label="Review decision" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <ReviewBadge review={render.review} withNames />
        {mine && (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">
            You {mine.decision === "approve" ? "approved" : "requested changes"}.
          </span>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          aria-keyshortcuts="a"
          aria-pressed={mine?.decision === "approve"}
          busy={decide.isPending && decide.variables?.decision === "approve"}
          busyText="Approving…"
          onClick={approve}
        >
          <CheckIcon /> Approve
        </Button>
        <Button size="sm" aria-keyshortcuts="r" aria-expanded={asking} onClick={askForChanges}>
          <PencilLineIcon /> Request changes
        </Button>
        {mine && (
          <Button size="sm" variant="ghost" busy={withdraw.isPending} onClick={() => withdraw.mutate()}>
            Withdraw my decision
          </Button>
        )}
      </div>
      {asking && (
        <div className="flex flex-col gap-2">
          <MentionField
            ref={field}
            label="What should change"
            value={note}
            onChange={setNote}
            names={names}
            onSubmit={sendChanges}
            placeholder="What should change? It becomes a comment."
            rows={2}
          />
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="primary"
              busy={decide.isPending && decide.variables?.decision === "changes"}
              busyText="Sending…"
              onClick={sendChanges}
            >
              Send change request
            </Button>
            <Button size="sm" variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </div>
      )}
      {decide.isError && <Notice tone="error">{decide.error.message}</Notice>}
      {withdraw.isError && <Notice tone="error">{withdraw.error.message}</Notice>}
    </section>
  );
}
