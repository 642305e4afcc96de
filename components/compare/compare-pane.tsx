"use client";
/**
 * One compared render: its media (unless the wipe shows it), then who made it, what it cost and
 * took, and its parameters with those that differ from the other renders marked.
 */
import Link from "next/link";
import { useId, type ReactNode } from "react";
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { useWatchRender } from "@/lib/client/queries/watch";
import { Card } from "@/components/ui/surface";
import { RenderFacts, modelLabel } from "@/components/render/render-facts";
import { RenderMedia } from "@/components/render/render-media";
import { renderHref } from "@/components/render/render-links";
import { StatusBadge } from "@/components/render/status-badge";
import { ParameterList, type ListedParam } from "@/components/render/render-parameters";
import { ReviewSessionProvider } from "@/components/review/review-session";
import { ReviewMediaFrame, isReviewable } from "@/components/review/review-media-frame";
import { CommentsPanel } from "@/components/review/comments-panel";
import type { PanZoomHandlers } from "./use-pan-zoom";
import { viewTransform, type View } from "./zoom";

/** Every pane's media box has the same shape, so one view frames each image alike. */
const MEDIA_BOX = "aspect-[4/3] max-h-[70vh] w-full bg-zinc-100 dark:bg-zinc-950";

export function PaneLetter({ letter }: { letter: string }) {
  return (
    <span className="inline-flex size-5 shrink-0 items-center justify-center rounded-sm bg-zinc-900 text-xs font-semibold text-white dark:bg-zinc-100 dark:text-zinc-900">
      {letter}
    </span>
  );
}

export function ComparePane({
  render,
  letter,
  params,
  media,
}: {
  render: LedgerRender;
  letter: string;
  params: readonly ListedParam[];
  /** The pane's media box, or null while the wipe shows it. */
  media: ReactNode;
}) {
  const titleId = useId();
  // Someone is looking at it: the server polls it ahead of the queue, as on its own page.
  useWatchRender(render.id, !isFinalLedgerStatus(render.status));
  return (
    <ReviewSessionProvider renderId={render.id} kind={render.kind}>
      <ComparePaneCard render={render} letter={letter} params={params} media={media} titleId={titleId} />
    </ReviewSessionProvider>
  );
}

function ComparePaneCard({
  render,
  letter,
  params,
  media,
  titleId,
}: {
  render: LedgerRender;
  letter: string;
  params: readonly ListedParam[];
  media: ReactNode;
  titleId: string;
}) {
  return (
    <Card as="article" aria-labelledby={titleId} data-render-id={render.id} className="flex min-w-0 flex-col">
      {media}
      <div className="flex min-w-0 flex-col gap-3 p-3">
        <header className="flex flex-wrap items-center gap-2">
          {/* Named in words: the letter's box and the model would otherwise run together. */}
          <h2
            id={titleId}
            aria-label={`${letter}: ${modelLabel(render)}`}
            className="flex min-w-0 items-center gap-2 text-sm font-semibold"
          >
            <PaneLetter letter={letter} />
            <span className="truncate">{modelLabel(render)}</span>
          </h2>
          <StatusBadge status={render.status} />
        </header>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-zinc-600 dark:text-zinc-400">
          {render.member && <span>Started by {render.member.name}</span>}
          <Link
            href={renderHref(render.id)}
            aria-label={`Render page of ${letter}`}
            className="font-medium text-indigo-700 hover:underline dark:text-indigo-400"
          >
            Render page
          </Link>
        </p>
        <div className="flex flex-col gap-1">
          <RenderFacts render={render} />
        </div>
        <section
          aria-labelledby={`${titleId}-params`}
          className="space-y-2 border-t border-zinc-200 pt-3 dark:border-zinc-800"
        >
          <h3
            id={`${titleId}-params`}
            className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400"
          >
            Parameters
          </h3>
          <ParameterList rows={params} />
        </section>
        {isReviewable(render) && (
          <div className="border-t border-zinc-200 pt-3 dark:border-zinc-800">
            <CommentsPanel renderId={render.id} />
          </div>
        )}
      </div>
    </Card>
  );
}

/** A pane's media: a zoomable box for a ready image, the media as they are otherwise. */
export function PaneMedia({
  render,
  letter,
  view,
  onPan,
  panZoom,
}: {
  render: LedgerRender;
  letter: string;
  view: View;
  /** Sets the shared view: choosing a comment pans every pane to its pin. */
  onPan: (view: View) => void;
  panZoom: PanZoomHandlers;
}) {
  if (!isZoomable(render)) {
    return (
      <div className={`flex items-center justify-center ${MEDIA_BOX}`}>
        <ReviewMediaFrame render={render} className="size-full">
          <RenderMedia render={render} className="size-full" />
        </ReviewMediaFrame>
      </div>
    );
  }
  return (
    <div
      role="group"
      aria-label={`Image ${letter}: drag or use the arrow keys to pan, the wheel or + and − to zoom`}
      tabIndex={0}
      className={`relative overflow-hidden select-none focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 ${MEDIA_BOX}`}
      {...panZoom}
    >
      {/* The pins sit over the zoomed layer, placed through the same view, so they stay their size. */}
      <ReviewMediaFrame render={render} framing={view} onPan={onPan} className="absolute! inset-0">
        <ZoomLayer view={view}>
          <RenderMedia render={render} className="size-full" />
        </ZoomLayer>
      </ReviewMediaFrame>
    </div>
  );
}

/** The layer the shared view moves. */
export function ZoomLayer({ view, children }: { view: View; children: ReactNode }) {
  return (
    <div
      data-zoom-layer=""
      className="absolute inset-0 origin-center"
      style={{ transform: viewTransform(view) }}
    >
      {children}
    </div>
  );
}

/** A ready image: what zoom and the wipe apply to. */
export function isZoomable(render: LedgerRender): boolean {
  return render.kind === "image" && render.status === "ready" && render.outputUrl !== null;
}
