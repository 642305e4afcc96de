/**
 * Progress of a stitched (multi-clip) render: "Clips 2 of 4", as text and as a progress bar, and
 * when it failed part way, which clip failed and what was made (lib/domain/progress-text.ts).
 */
import type { ChainProgress as Chain } from "@/lib/contract";
import { chainText } from "@/lib/domain/progress-text";
import { ProgressBar } from "@/components/ui/progress-bar";

export function ChainProgress({ chain, status }: { chain: Chain; status: string }) {
  const { label, failure } = chainText(chain, status);
  const tone = status === "failed" ? "warning" : chain.clipsReady >= chain.clipsTotal ? "success" : "accent";
  return (
    <div className="flex flex-col gap-1 text-xs text-zinc-600 dark:text-zinc-400">
      <div className="flex items-center gap-2">
        <span aria-hidden="true" className="shrink-0 tabular-nums">
          {label}
        </span>
        <ProgressBar value={chain.clipsReady} max={chain.clipsTotal} label={label} tone={tone} />
      </div>
      {failure && <p className="font-medium text-amber-800 dark:text-amber-300">{failure}</p>}
    </div>
  );
}
