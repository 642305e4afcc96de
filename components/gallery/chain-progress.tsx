/** Progress of a stitched (multi-clip) render: "Clips 2 of 4", as text and as a progress bar. */
import type { ChainProgress as Chain } from "@/lib/contract";
import { ProgressBar } from "@/components/ui/progress-bar";

export function ChainProgress({ chain, status }: { chain: Chain; status: string }) {
  const label = `Clips ${chain.clipsReady} of ${chain.clipsTotal}`;
  const tone = status === "failed" ? "warning" : chain.clipsReady >= chain.clipsTotal ? "success" : "accent";
  return (
    <div className="flex items-center gap-2 text-xs text-zinc-600 dark:text-zinc-400">
      <span aria-hidden="true" className="shrink-0 tabular-nums">
        {label}
      </span>
      <ProgressBar value={chain.clipsReady} max={chain.clipsTotal} label={label} tone={tone} />
    </div>
  );
}
