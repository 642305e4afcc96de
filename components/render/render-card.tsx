"use client";

/**
 * One render in the gallery. Memoised on the render object: a live update keeps unchanged renders as
 * the same objects, so only cards whose render changed re-render. `content-visibility: auto` lets the
 * browser skip layout and paint of cards far off screen.
 *
 * The media keep the output's aspect ratio (a justified row, grid.tsx). In a gallery the media open
 * the viewer and a checkbox ticks the card into the selection; a render that ended without output
 * (failed, rejected, lost) is a compact card with its reason instead of an empty media box.
 */
import { Card } from "@/components/ui/surface";
import Link from "next/link";
import { memo, Suspense, useId, type ChangeEvent } from "react";
import type { LedgerRender } from "@/lib/contract";
import { excerpt } from "@/lib/domain/format";
import { aspectRatioOf, sizeLabel } from "@/lib/domain/render-size";
import { endedWithoutOutput } from "@/lib/domain/statuses";
import { preloadedLazy } from "@/components/ui/preloaded-lazy";
import { RelativeTime } from "@/components/ui/relative-time";
import { CullMarks, hasCullMarks } from "./cull-marks";
import { FavouriteButton } from "./favourite-button";
import { CARD_BORDERS_PX, JUSTIFIED_ITEM, MEDIA_BOX, boxRatio, justifiedStyle } from "./grid";
import { RenderActions } from "./render-actions";
import { RenderFacts, modelLabel } from "./render-facts";
import { RenderMedia } from "./render-media";
import { StatusBadge } from "./status-badge";
import { OpenThreads, ReviewBadge } from "./review-badge";
import { renderHref, versionsHref } from "./render-links";
import { useIsSelected, useReview } from "./review-context";
import type { SelectionStore } from "./selection";

/** Most galleries hold no archived render: its mark's code is not part of the page's first load. */
const ArchivedMark = preloadedLazy(() => import("./archived-mark").then((m) => m.ArchivedMark));

/**
 * The width over height a card takes in a row: its output's, or for a render that ended without
 * output, a compact card's (it has no media box to keep a ratio for).
 */
export function cardRatio(render: LedgerRender): number {
  return endedWithoutOutput(render.status) ? 1.2 : aspectRatioOf(render);
}

export const RenderCard = memo(function RenderCard({ render }: { render: LedgerRender }) {
  const titleId = useId();
  const review = useReview();
  const selected = useIsSelected(review?.selection, render.id);
  const aspect = aspectRatioOf(render);
  const compact = endedWithoutOutput(render.status);
  // Variants of a batch share a prompt: their number tells them apart to a screen reader.
  const variant = render.batchId !== null ? ` (variant ${render.variantIndex + 1})` : "";
  const shortPrompt = `${excerpt(render.prompt, 60)}${variant}`;
  return (
    <Card
      as="article"
      aria-labelledby={titleId}
      data-render-id={render.id}
      data-selected={selected || undefined}
      style={justifiedStyle([cardRatio(render)], CARD_BORDERS_PX)}
      className={`group relative flex flex-col [contain-intrinsic-size:auto_320px] [content-visibility:auto] ${JUSTIFIED_ITEM} ${selected ? "ring-2 ring-indigo-500" : ""}`}
    >
      {!compact && (
        <div
          className={`relative bg-zinc-100 ${MEDIA_BOX} dark:bg-zinc-950`}
          style={{ aspectRatio: boxRatio(aspect) }}
        >
          <RenderMedia render={render} preview={review !== null} className="size-full" />
          {/* Over the media, not around them: a button may hold only phrasing content. */}
          {review && (
            <button
              type="button"
              data-viewer-trigger=""
              aria-label={`View full size: ${shortPrompt}`}
              onClick={() => void import("./view-url").then(({ openView }) => openView(render.id))}
              className="absolute inset-0 cursor-zoom-in focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500"
            />
          )}
        </div>
      )}
      {review && (
        <SelectBox
          selection={review.selection}
          id={render.id}
          label={`Select ${shortPrompt}`}
          selected={selected}
          floating={!compact}
        />
      )}
      <div className={`flex min-w-0 flex-1 flex-col gap-1.5 p-2.5 ${compact && review ? "pl-9" : ""}`}>
        <div className="flex items-center justify-between gap-2">
          <StatusBadge status={render.status} />
          <span className="flex items-center">
            <FavouriteButton render={render} />
            <RenderActions render={render} />
          </span>
        </div>
        {(render.review?.state ?? "none") !== "none" ||
        (render.review?.openThreads ?? 0) > 0 ||
        isStack(render) ||
        hasCullMarks(render) ? (
          <div className="flex flex-wrap items-center gap-2">
            <ReviewBadge review={render.review} />
            <OpenThreads review={render.review} />
            <VersionsLink render={render} />
            <CullMarks render={render} />
          </div>
        ) : null}
        {render.archivedAt !== null && (
          <Suspense>
            <ArchivedMark id={render.id} />
          </Suspense>
        )}
        <Link
          id={titleId}
          href={renderHref(render.id)}
          className="line-clamp-2 text-sm leading-snug text-zinc-900 hover:underline dark:text-zinc-100"
        >
          {excerpt(render.prompt, 240)}
        </Link>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {modelLabel(render)} · {sizeLabel(render, modelLabel(render))}
        </p>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          <RelativeTime iso={render.createdAt} />
          {render.member && <> · {render.member.name}</>}
        </p>
        <RenderFacts render={render} />
      </div>
    </Card>
  );
});

/** A stacked card standing for a family of more than itself. */
const isStack = (render: LedgerRender) => render.familyId !== undefined && (render.versions ?? 1) > 1;

/** A stacked card's family (Stack versions): "3 versions", opening them in the order they were made. */
function VersionsLink({ render }: { render: LedgerRender }) {
  if (!isStack(render)) return null;
  return (
    <Link
      href={versionsHref(render.familyId ?? render.id)}
      className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-medium text-zinc-700 hover:underline dark:bg-zinc-800 dark:text-zinc-300"
    >
      {render.versions} versions
    </Link>
  );
}

/**
 * The card's tick box. Over the media it shows on hover, on focus, when ticked, and always on touch
 * screens (no hover there); on a compact card it sits in the corner.
 */
function SelectBox({
  selection,
  id,
  label,
  selected,
  floating,
}: {
  selection: SelectionStore;
  id: string;
  label: string;
  selected: boolean;
  floating: boolean;
}) {
  // The store decides the new state (a shift-click sets a whole range); a checkbox's change event
  // is its click, which tells whether Shift was held.
  const onChange = (event: ChangeEvent<HTMLInputElement>) =>
    selection.toggle(id, { range: (event.nativeEvent as globalThis.MouseEvent).shiftKey === true });
  return (
    <label
      className={`absolute top-1.5 left-1.5 z-10 flex size-7 cursor-pointer items-center justify-center rounded-md bg-white/90 shadow-sm dark:bg-zinc-900/90 ${
        floating && !selected
          ? "opacity-0 group-hover:opacity-100 focus-within:opacity-100 [@media(hover:none)]:opacity-100"
          : ""
      }`}
    >
      <input
        type="checkbox"
        aria-label={label}
        checked={selected}
        onChange={onChange}
        className="size-4 accent-indigo-600"
      />
    </label>
  );
}
