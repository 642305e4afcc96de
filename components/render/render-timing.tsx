"use client";

/**
 * How long a render has taken: a live "0:12 of ~0:40" while it is unfinished (against the ledger's
 * expected time), "Taking longer than usual" past it, "Took 0:38" once it is done. The words are
 * lib/domain/progress-text.ts's.
 */
import type { LedgerRender } from "@/lib/contract";
import { formatClock, secondsBetween } from "@/lib/domain/format";
import { liveTiming, timingKind } from "@/lib/domain/progress-text";
import { useNow } from "@/components/ui/use-now";

type Timing = Pick<LedgerRender, "status" | "createdAt" | "completedAt" | "expectedSeconds">;

function LiveElapsed({ createdAt, expectedSeconds }: Pick<Timing, "createdAt" | "expectedSeconds">) {
  const now = useNow();
  const { text, clock, title } = liveTiming(
    now === null ? 0 : secondsBetween(createdAt, now),
    expectedSeconds,
  );
  return (
    <span className={clock ? "tabular-nums" : undefined} title={title}>
      {text}
    </span>
  );
}

export function RenderTiming({ render }: { render: Timing }) {
  const kind = timingKind(render.status);
  if (kind === "live") {
    return <LiveElapsed createdAt={render.createdAt} expectedSeconds={render.expectedSeconds} />;
  }
  if (kind === "none" || !render.completedAt) return null;
  return (
    <span className="tabular-nums">
      Took {formatClock(secondsBetween(render.createdAt, render.completedAt))}
    </span>
  );
}
