"use client";
/**
 * The grid's preview, before anything is sent: every combination laid out, the cells left out and
 * why, the number of renders and their estimated total, checked against the member's cap, the team's
 * budget and the approval rule. **Start N renders** starts it as a batch run and opens the run's page
 * (docs/architecture.md, "Grids"). Loaded when a grid is first previewed.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useMemo, useTransition } from "react";
import { LabelledGrid } from "@/components/grid/labelled-grid";
import { Button } from "@/components/ui/button";
import { Dialog, DialogHeader, DialogPanel } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import type { RenderRequest, RunEstimate } from "@/lib/contract";
import { useAction } from "@/lib/client/queries/action";
import { runKeys } from "@/lib/client/queries/run-keys";
import { runEstimateQueryOptions, startRun } from "@/lib/client/queries/runs";
import { wouldPassLimit } from "@/lib/domain/alerts";
import { excerpt, formatCredits, formatNumber, renderCount } from "@/lib/domain/format";
import { buildGrid, withVariableAxes, type GridAxis } from "@/lib/domain/grid";
import { parsePromptTemplate } from "@/lib/domain/prompt-variables";
import { RUN_NAME_MAX_CHARS, rendersAsked } from "@/lib/domain/runs";

export interface GridPreviewDialogProps {
  request: RenderRequest;
  axes: readonly GridAxis[];
  onClose: () => void;
}

export default function GridPreviewDialog({ request, axes, onClose }: GridPreviewDialogProps) {
  const plan = useMemo(() => {
    const template = parsePromptTemplate(request.prompt);
    return buildGrid(request, withVariableAxes(axes, template.ok ? template.variables : []));
  }, [request, axes]);
  const requests = useMemo(() => (plan.problem ? [] : plan.rows.map((row) => row.request)), [plan]);
  const estimate = useQuery(runEstimateQueryOptions(requests));
  const router = useRouter();
  const queryClient = useQueryClient();
  const [opening, startOpening] = useTransition();
  const start = useAction({
    mutationFn: () =>
      startRun(excerpt(`Grid: ${request.prompt}`, RUN_NAME_MAX_CHARS), requests, {
        axes: plan.axes,
        cells: plan.rows.map(({ x, y }) => ({ x, y })),
      }),
    // As a run from a file: its page opens with what the answer holds; it is never sent again from here.
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.detail(run.id), run);
      startOpening(() => router.push(`/runs/${run.id}`));
    },
  });
  const starting = start.isPending || start.isSuccess || opening;
  const leftOut = plan.cells.filter((cell) => cell.leftOut);
  const perCell = (x: number, y: number) => plan.cells[y * plan.columns + x];

  return (
    <Dialog open onOpenChange={(open) => !open && !starting && onClose()}>
      <DialogPanel size="sheet" aria-describedby={undefined}>
        <DialogHeader
          title="Grid preview"
          description="Nothing is sent until you start it. It runs as a batch run, paced, each cell sent once."
        />
        <div className="flex flex-col gap-4 overflow-y-auto p-4">
          {plan.problem ? (
            <Notice tone="error">{plan.problem}</Notice>
          ) : (
            <>
              <LabelledGrid
                label="Grid of combinations"
                axes={plan.axes}
                cell={(x, y) => {
                  const cell = perCell(x, y);
                  if (!cell) return null;
                  return cell.leftOut ? (
                    <span className="text-xs text-amber-800 dark:text-amber-300">
                      Left out: {cell.leftOut}
                    </span>
                  ) : (
                    <span className="text-xs tabular-nums">
                      {renderCount(cell.requests.reduce((sum, r) => sum + rendersAsked(r), 0))}
                    </span>
                  );
                }}
              />
              {leftOut.length > 0 && (
                <Notice tone="warning">
                  {leftOut.length === 1 ? "1 cell is" : `${leftOut.length} cells are`} left out: its model
                  cannot take that value.
                </Notice>
              )}
            </>
          )}
          <GridChecks estimate={estimate.data} pending={estimate.isPending && requests.length > 0} />
          {start.isError && <Notice tone="error">Could not start the grid: {start.error.message}</Notice>}
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2 border-t border-zinc-200 p-4 dark:border-zinc-800">
          <Button variant="secondary" disabled={starting} onClick={onClose}>
            Back
          </Button>
          <Button
            variant="primary"
            disabled={requests.length === 0}
            busy={starting}
            busyText="Starting…"
            onClick={() => start.mutate()}
          >
            Start {renderCount(plan.renders)}
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

/** The estimated total, and what the start would meet: the cap, the budget, approvals. */
function GridChecks({ estimate, pending }: { estimate: RunEstimate | undefined; pending: boolean }) {
  if (pending) return <p className="text-sm text-zinc-600 dark:text-zinc-400">Estimating…</p>;
  if (!estimate) return null;
  const known = estimate.rows.length - estimate.unknownRows;
  const credits = estimate.unknownRows > 0 && known === 0 ? null : estimate.credits;
  return (
    <div className="flex flex-col gap-2 text-sm" aria-live="polite">
      <p>
        {credits === null ? (
          "No estimate yet for these settings: the cost is known as each render is created."
        ) : (
          <>
            Estimated total:{" "}
            <strong>
              {estimate.unknownRows > 0 ? "at least" : "≈"} {formatCredits(credits)}
            </strong>
            {estimate.unknownRows > 0 &&
              ` (${formatNumber(estimate.unknownRows)} of unknown cost, not counted)`}
          </>
        )}
      </p>
      {estimate.limits.map(({ kind, limit, spent }) => {
        const whose = kind === "member_cap" ? "your monthly cap" : "the team's monthly budget";
        const numbers = `${formatNumber(spent)} of ${formatNumber(limit)} credits spent this month`;
        return wouldPassLimit(spent, limit, credits) ? (
          <Notice key={kind} tone="warning">
            This grid would pass {whose} ({numbers}): the renders past it are refused and the run stops there.
          </Notice>
        ) : (
          <p key={kind} className="text-zinc-600 dark:text-zinc-400">
            Within {whose}: {numbers}.
          </p>
        );
      })}
      {estimate.awaitingApproval > 0 && (
        <Notice tone="warning">
          {renderCount(estimate.awaitingApproval)} will wait for an admin&apos;s approval before{" "}
          {estimate.awaitingApproval === 1 ? "it is" : "they are"} sent.
        </Notice>
      )}
    </div>
  );
}
