"use client";

/**
 * The variants of one multi-image request, kept together under "Batch of N": one item of the
 * gallery's justified rows, its variants side by side at the row's height (they wrap, line by line
 * justified, only when the batch is wider than the gallery). Its label sits on the frame's top edge,
 * as a fieldset's legend does, so the batch is hardly taller than the cards beside it.
 */
import { memo, useId } from "react";
import type { LedgerRender } from "@/lib/contract";
import { CARD_BORDERS_PX, JUSTIFIED_ITEM, justifiedStyle } from "@/components/render/grid";
import { RenderCard, cardRatio } from "@/components/render/render-card";
import { ZipButton } from "@/components/render/zip-button";

/** The frame's dashed border and side padding (`border px-1`), left and right. */
const FRAME_PX = 2 + 2 * 4;
/** The gap between variants (`gap-1.5`), tighter than the gallery's, so they read as one. */
const VARIANT_GAP_PX = 6;

export const BatchGroup = memo(
  function BatchGroup({ size, renders }: { size: number; renders: LedgerRender[] }) {
    const labelId = useId();
    const batchId = renders[0]?.batchId;
    const fixedPx = FRAME_PX + (renders.length - 1) * VARIANT_GAP_PX + renders.length * CARD_BORDERS_PX;
    return (
      <div
        role="group"
        aria-labelledby={labelId}
        style={justifiedStyle(renders.map(cardRatio), fixedPx)}
        className={`relative flex flex-col ${JUSTIFIED_ITEM} rounded-xl border border-dashed border-zinc-300 px-1 pt-3 pb-1 dark:border-zinc-700`}
      >
        <div className="absolute -top-3 left-2 flex h-6 items-center gap-0.5 rounded-md bg-zinc-50 px-1 dark:bg-zinc-950">
          <p id={labelId} className="px-0.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">
            Batch of {size}
          </p>
          {batchId && (
            <ZipButton size="xs" fields={{ batchId }} label={`Download zip of this batch of ${size}`} />
          )}
        </div>
        <div className="flex flex-1 flex-wrap gap-1.5">
          {renders.map((render) => (
            <RenderCard key={render.id} render={render} />
          ))}
        </div>
      </div>
    );
  },
  // The group object is rebuilt on every refetch; it only needs to re-render when a variant changed.
  (prev, next) =>
    prev.size === next.size &&
    prev.renders.length === next.renders.length &&
    prev.renders.every((render, i) => render === next.renders[i]),
);
