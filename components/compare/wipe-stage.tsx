"use client";
/**
 * Two images over one another, A left of a divider and B right of it, sharing the page's zoom and
 * pan. The divider follows a drag on its handle (or anywhere while the images fit, when there is
 * nothing to pan) and the "Wipe position" slider below, which keyboards and screen readers use.
 */
import { useRef, type PointerEvent } from "react";
import { ChevronsLeftRightIcon } from "lucide-react";
import type { LedgerRender } from "@/lib/contract";
import { modelLabel } from "@/components/render/render-facts";
import { RenderMedia } from "@/components/render/render-media";
import { PaneLetter, ZoomLayer } from "./compare-pane";
import type { PanZoomHandlers } from "./use-pan-zoom";
import type { View } from "./zoom";

export function WipeStage({
  a,
  b,
  view,
  panZoom,
  position,
  onPosition,
}: {
  a: LedgerRender;
  b: LedgerRender;
  view: View;
  panZoom: PanZoomHandlers;
  /** Where the divider is, in percent of the width from the left. */
  position: number;
  onPosition: (position: number) => void;
}) {
  const stage = useRef<HTMLDivElement | null>(null);
  const dividing = useRef<number | null>(null);

  const moveDivider = (event: PointerEvent<HTMLElement>) => {
    const rect = stage.current?.getBoundingClientRect();
    if (!rect || rect.width <= 0) return;
    onPosition(Math.round(Math.min(100, Math.max(0, ((event.clientX - rect.left) / rect.width) * 100))));
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const onHandle = (event.target as HTMLElement).closest("[data-wipe-handle]") !== null;
    if (event.button !== 0 || (!onHandle && view.scale > 1)) {
      panZoom.onPointerDown(event);
      return;
    }
    dividing.current = event.pointerId;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveDivider(event);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dividing.current === event.pointerId) moveDivider(event);
    else panZoom.onPointerMove(event);
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (dividing.current !== event.pointerId) {
      panZoom.onPointerUp(event);
      return;
    }
    dividing.current = null;
    event.currentTarget.releasePointerCapture(event.pointerId);
  };

  return (
    <section aria-label="Wipe" className="flex flex-col gap-2">
      <div
        ref={(element) => {
          stage.current = element;
          const detach = panZoom.ref(element);
          return () => {
            stage.current = null;
            detach?.();
          };
        }}
        role="group"
        aria-label="A and B overlaid: A left of the divider, B right of it"
        tabIndex={0}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onDoubleClick={panZoom.onDoubleClick}
        onKeyDown={panZoom.onKeyDown}
        onDragStart={panZoom.onDragStart}
        style={{ ...panZoom.style, cursor: view.scale > 1 ? "grab" : "ew-resize" }}
        className="relative aspect-[4/3] max-h-[75vh] w-full overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 select-none focus-visible:outline-2 focus-visible:outline-indigo-600 lg:aspect-[16/9] dark:border-zinc-800 dark:bg-zinc-950"
      >
        <ZoomLayer view={view}>
          <RenderMedia render={b} className="size-full" />
        </ZoomLayer>
        <div
          data-wipe-a=""
          className="absolute inset-0"
          style={{ clipPath: `inset(0 ${100 - position}% 0 0)` }}
        >
          <ZoomLayer view={view}>
            <RenderMedia render={a} className="size-full" />
          </ZoomLayer>
        </div>
        <div
          aria-hidden="true"
          className="absolute inset-y-0 w-0.5 -translate-x-1/2 bg-white shadow-[0_0_0_1px_rgb(0_0_0/0.35)]"
          style={{ left: `${position}%` }}
        >
          <div
            data-wipe-handle=""
            className="absolute top-1/2 left-1/2 flex size-9 -translate-x-1/2 -translate-y-1/2 cursor-ew-resize touch-none items-center justify-center rounded-full bg-white text-zinc-800 shadow-md ring-1 ring-black/20"
          >
            <ChevronsLeftRightIcon className="size-5" />
          </div>
        </div>
        <Caption letter="A" render={a} className="left-2" />
        <Caption letter="B" render={b} className="right-2" />
      </div>
      <label className="flex items-center gap-3 text-sm text-zinc-700 dark:text-zinc-300">
        <span className="shrink-0">Wipe position</span>
        <PaneLetter letter="A" />
        <input
          type="range"
          min={0}
          max={100}
          step={1}
          value={position}
          aria-label="Wipe position"
          aria-valuetext={`A ${position}%, B ${100 - position}%`}
          onChange={(event) => onPosition(Number(event.target.value))}
          className="min-w-0 flex-1 accent-indigo-600"
        />
        <PaneLetter letter="B" />
      </label>
    </section>
  );
}

function Caption({ letter, render, className }: { letter: string; render: LedgerRender; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`pointer-events-none absolute top-2 flex max-w-[45%] items-center gap-1.5 rounded-md bg-black/60 px-1.5 py-1 text-xs font-medium text-white ${className}`}
    >
      <PaneLetter letter={letter} />
      <span className="truncate">{modelLabel(render)}</span>
    </span>
  );
}
