"use client";
/**
 * `/runs/<id>`: a batch run's progress (created, ready, failed, credits), "Cancel run" while rows
 * wait, the rows that failed or whose outcome is unknown with the reason, and the run's renders as a
 * gallery of their own with its zip. The server hands over the run and its first page, so a reload
 * shows them at once; run events and the run's render events keep both current.
 */
import { useMayChange } from "@/lib/client/queries/session";
import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { InlineConfirm } from "@/components/ui/inline-confirm";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { Gallery } from "@/components/gallery/gallery";
import { useAction } from "@/lib/client/queries/action";
import { runKeys } from "@/lib/client/queries/run-keys";
import { cancelRun, runQueryOptions } from "@/lib/client/queries/runs";
import { excerpt } from "@/lib/domain/format";
import { RunGrid } from "./run-grid";
import { RunProgress } from "./run-progress";

const STATE_TEXT = { running: "Running", done: "Finished", cancelled: "Cancelled" } as const;

export function RunDetailView({ id }: { id: string }) {
  const run = useQuery(runQueryOptions(id));
  const mayChange = useMayChange();
  if (!run.data) return null;
  const { name, member, createdAt, state, stopReason, counts, rows } = run.data;
  const troubled = rows.filter((row) => row.error && (row.state === "failed" || row.state === "unknown"));
  return (
    <div className="space-y-6">
      <BackLink href="/runs">All batch runs</BackLink>
      <header className="space-y-3">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-lg font-semibold break-words">{name}</h1>
          <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium dark:bg-zinc-800">
            {STATE_TEXT[state]}
          </span>
          <span className="ml-auto">
            {state === "running" && counts.queued > 0 && mayChange(member) && <CancelRun id={id} />}
          </span>
        </div>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {member ? `Started by ${member.name}` : "Started with sign-in off"}, <LocalTime iso={createdAt} />
        </p>
        <RunProgress run={run.data} />
        {stopReason && <Notice tone="warning">{stopReason}</Notice>}
      </header>
      {run.isError && <Notice tone="warning">Could not refresh this run ({run.error.message}).</Notice>}
      {troubled.length > 0 && (
        <section aria-labelledby="run-problems" className="space-y-1">
          <h2 id="run-problems" className="text-sm font-semibold">
            Rows that did not make a render
          </h2>
          <ul className="space-y-0.5 text-sm">
            {troubled.map((row) => (
              <li key={row.index}>
                Row {row.index + 1} ({excerpt(row.prompt, 40)}): {row.error}
              </li>
            ))}
          </ul>
        </section>
      )}
      <RunGrid run={run.data} />
      <Gallery run={id} zipLabel="Download zip of this run" />
    </div>
  );
}

function CancelRun({ id }: { id: string }) {
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useAction({
    mutationFn: () => cancelRun(id),
    onSuccess: (run) => queryClient.setQueryData(runKeys.detail(id), run),
    onSettled: () => setAsking(false),
  });
  if (asking)
    return (
      <InlineConfirm
        label="Cancel this run?"
        question="Stop the rows not sent yet?"
        action="Cancel run"
        busyText="Cancelling…"
        busy={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onCancel={() => setAsking(false)}
      />
    );
  return (
    <span className="flex items-center gap-2">
      {cancel.isError && (
        <span className="text-sm text-red-700 dark:text-red-300">{cancel.error.message}</span>
      )}
      <Button size="sm" variant="secondary" onClick={() => setAsking(true)}>
        Cancel run
      </Button>
    </span>
  );
}
