"use client";

/**
 * How long a render has taken: a live "0:12 of ~0:40" while it is unfinished (against the ledger's
 * expected time), "Took 0:38" once it is done.
 */
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { formatClock, formatElapsed, secondsBetween } from "@/lib/domain/format";
import { useNow } from "@/components/ui/use-now";

type Timing = Pick<LedgerRender, "status" | "createdAt" | "completedAt" | "expectedSeconds">;

function LiveElapsed({ createdAt, expectedSeconds }: Pick<Timing, "createdAt" | "expectedSeconds">) {
  const now = useNow();
  const elapsed = now === null ? 0 : secondsBetween(createdAt, now);
  const late = elapsed > expectedSeconds * 1.5;
  return (
    <span className="tabular-nums" title={late ? "Taking longer than usual" : undefined}>
      {formatElapsed(elapsed, expectedSeconds)}
    </span>
  );
}

export function RenderTiming({ render }: { render: Timing }) {
  if (!isFinalLedgerStatus(render.status)) {
    return <LiveElapsed createdAt={render.createdAt} expectedSeconds={render.expectedSeconds} />;
  }
  if (!render.completedAt) return null;
  return (
    <span className="tabular-nums">
      Took {formatClock(secondsBetween(render.createdAt, render.completedAt))}
    </span>
  );
}
