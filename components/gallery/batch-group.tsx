"use client";

/** The variants of one multi-image request, kept together under "Batch of N". */
import { memo, useId } from "react";
import type { LedgerRender } from "@/lib/contract";
import { JustifiedRows, justifiedStyle } from "@/components/render/grid";
import { aspectRatioOf } from "@/lib/domain/render-size";
import { RenderCard } from "@/components/render/render-card";
import { ZipButton } from "@/components/render/zip-button";

export const BatchGroup = memo(
  function BatchGroup({ size, renders }: { size: number; renders: LedgerRender[] }) {
    const labelId = useId();
    const batchId = renders[0]?.batchId;
    return (
      <div
        role="group"
        aria-labelledby={labelId}
        style={justifiedStyle(renders.reduce((sum, render) => sum + aspectRatioOf(render), 0))}
        className="rounded-xl border border-dashed border-zinc-300 p-2 dark:border-zinc-700"
      >
        <div className="mb-1 flex items-center justify-between gap-2">
          <p id={labelId} className="px-0.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Batch of {size}
          </p>
          {batchId && <ZipButton fields={{ batchId }} label={`Download zip of this batch of ${size}`} />}
        </div>
        <JustifiedRows fill>
          {renders.map((render) => (
            <RenderCard key={render.id} render={render} />
          ))}
        </JustifiedRows>
      </div>
    );
  },
  // The group object is rebuilt on every refetch; it only needs to re-render when a variant changed.
  (prev, next) =>
    prev.size === next.size &&
    prev.renders.length === next.renders.length &&
    prev.renders.every((render, i) => render === next.renders[i]),
);
