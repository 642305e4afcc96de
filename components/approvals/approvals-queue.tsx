"use client";

/**
 * The approvals queue: each render a member asked for above the team's threshold, with who, what
 * (prompt, model, parameters), the estimate and when; Approve sends it (spending credits), Decline
 * never does, either with an optional note for the member. Live: the stream re-reads the queue when
 * a render is held or decided elsewhere.
 */
import { useId, useState } from "react";
import { describeParams, requestParams } from "@/components/render/describe-params";
import { Button } from "@/components/ui/button";
import { LABEL_CLASSES, CONTROL_CLASSES } from "@/components/ui/field-classes";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { RelativeTime } from "@/components/ui/relative-time";
import { Card } from "@/components/ui/surface";
import { useApprovals, useDecideApproval } from "@/lib/client/queries/approvals";
import type { Approval } from "@/lib/contract";
import { formatCredits } from "@/lib/domain/format";

export function ApprovalsQueue() {
  const approvals = useApprovals();
  if (approvals.error) return <Notice tone="error">{approvals.error.message}</Notice>;
  const items = approvals.data ?? [];
  if (items.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-zinc-300 p-8 text-center text-sm text-zinc-600 dark:border-zinc-700 dark:text-zinc-400">
        Nothing waits for approval.
      </p>
    );
  }
  return (
    <ol aria-label="Renders waiting for approval" className="flex flex-col gap-3">
      {items.map((approval) => (
        <li key={approval.id}>
          <ApprovalCard approval={approval} />
        </li>
      ))}
    </ol>
  );
}

function estimateText(approval: Approval): string {
  return approval.estimateCredits === null ? "Cost unknown" : formatCredits(approval.estimateCredits);
}

function ApprovalCard({ approval }: { approval: Approval }) {
  const titleId = useId();
  const noteId = useId();
  const [note, setNote] = useState("");
  const decide = useDecideApproval();
  const who = approval.member?.name ?? "Someone";
  const rows = describeParams(requestParams(approval));

  // Told through the promise, not the mutation's per-call callbacks: a decision takes the card out
  // of the queue, and an unmounted card's callbacks never run.
  const send = (decision: "approve" | "decline") =>
    decide.mutateAsync({ id: approval.id, decision, note: note.trim() || undefined }).then(
      () =>
        decision === "approve"
          ? notify.success(`Approved: ${who}'s render started`)
          : notify.info(`Declined ${who}'s render`, { description: "They see the decision on its card." }),
      (error: Error) =>
        notify.error(decision === "approve" ? "Not approved" : "Not declined", {
          description: error.message,
        }),
    );

  /** Both buttons wait while either decision is sent; the one pressed says so. */
  const decisionButton = (
    decision: "approve" | "decline",
    variant: "primary" | "secondary",
    busyText: string,
    label: string,
  ) => (
    <Button
      variant={variant}
      disabled={decide.isPending}
      busy={decide.isPending && decide.variables.decision === decision}
      busyText={busyText}
      onClick={() => void send(decision)}
    >
      {label}
    </Button>
  );

  return (
    <Card as="article" aria-labelledby={titleId} className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={titleId} className="text-sm font-semibold">
          {who} · <span className="font-normal">{approval.kind === "video" ? "Video" : "Image"}</span>
        </h2>
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          Asked <RelativeTime iso={approval.requestedAt} />
        </p>
      </div>
      <p className="text-sm whitespace-pre-wrap text-zinc-900 dark:text-zinc-100">{approval.prompt}</p>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-xs">
        <dt className="text-zinc-500 dark:text-zinc-400">Estimate</dt>
        <dd className="font-medium" data-estimate="">
          {estimateText(approval)}
          {approval.estimateBasis && (
            <span className="font-normal text-zinc-500 dark:text-zinc-400"> · {approval.estimateBasis}</span>
          )}
        </dd>
        {rows.map((row) => (
          <Row key={row.key} label={row.label} value={row.value} />
        ))}
      </dl>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className={LABEL_CLASSES}>
          Note for {who} (optional)
        </label>
        <input
          id={noteId}
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
          className={`${CONTROL_CLASSES} h-10 px-3`}
        />
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {decisionButton("decline", "secondary", "Declining…", "Decline")}
        {decisionButton("approve", "primary", "Approving…", `Approve · ${estimateText(approval)}`)}
      </div>
    </Card>
  );
}

function Row({ label, value }: { label: string; value: string | string[] }) {
  return (
    <>
      <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
      <dd className="min-w-0 break-words">{Array.isArray(value) ? `${value.length} attached` : value}</dd>
    </>
  );
}
