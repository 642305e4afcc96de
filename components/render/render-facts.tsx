/**
 * The small print of a render: what it cost, what came back, how long it took, how far a stitched
 * render got, and why it failed (or waits for approval). Shared by gallery cards and the render page. The live clock of an
 * unfinished render is the media placeholder's (RenderMedia), on both, so it is here once finished.
 */
import type { LedgerRender } from "@/lib/contract";
import { formatCredits, refundText } from "@/lib/domain/format";
import { timingKind } from "@/lib/domain/progress-text";
import { ChainProgress } from "./chain-progress";
import { RenderTiming } from "./render-timing";

/** A batch's charge is carried by its first variant; the others show no charge line. */
export function chargeText(
  render: Pick<LedgerRender, "batchId" | "variantIndex" | "creditsCharged">,
): string | null {
  if (render.batchId !== null && render.variantIndex > 0) return null;
  return render.creditsCharged > 0 ? formatCredits(render.creditsCharged) : "No charge";
}

export function RenderFacts({ render }: { render: LedgerRender }) {
  const charge = chargeText(render);
  const refund = refundText(render);
  return (
    <>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
        {charge && <span>{charge}</span>}
        {refund && <span className="font-medium text-emerald-700 dark:text-emerald-400">{refund}</span>}
        {timingKind(render.status) === "took" && <RenderTiming render={render} />}
      </p>
      {render.chain && <ChainProgress chain={render.chain} status={render.status} />}
      {render.errorMessage && (
        <p
          className={`line-clamp-3 text-xs ${render.status === "awaiting_approval" ? "text-amber-800 dark:text-amber-300" : "text-red-700 dark:text-red-400"}`}
          title={render.errorMessage}
        >
          {render.errorMessage}
        </p>
      )}
    </>
  );
}

export function modelLabel(render: Pick<LedgerRender, "renderModel" | "model">): string {
  return render.renderModel ?? render.model;
}
