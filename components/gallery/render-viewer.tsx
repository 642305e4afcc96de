"use client";

/**
 * The viewer: one render at full size over the gallery (`?view=<id>`, view-url.ts). An image fits the
 * screen and zooms to its own size (click it, or "Zoom"), then pans by scrolling; a video plays with
 * its controls; audio gets a player. ArrowLeft/ArrowRight move through the gallery's current order
 * and filter, loading the next page at the end; the cull keys rate, pick, reject and tag
 * (viewer-cull.tsx); Escape closes and puts focus back on the card of the
 * render last shown. Beside the media: prompt, model, parameters, member, cost and times, and the
 * actions. Loaded when first opened, not with the page.
 */
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import {
  ArrowUpRightIcon,
  ChevronLeftIcon,
  ChevronRightIcon,
  Columns2Icon,
  DownloadIcon,
  LayoutGridIcon,
  SlidersHorizontalIcon,
  XIcon,
  ZoomInIcon,
} from "lucide-react";
import type { LedgerRender } from "@/lib/contract";
import { useRender } from "@/lib/client/queries/renders";
import { afterNextFrame } from "@/lib/client/when-idle";
import { CommentsDeferred } from "@/lib/client/queries/review";
import { sizeLabel } from "@/lib/domain/render-size";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogClose, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { requestParams } from "@/components/render/describe-params";
import { RenderParameters } from "@/components/render/render-parameters";
import { RenderTimeline } from "@/components/render/render-timeline";
import { ArchiveButton } from "@/components/render/archive-button";
import { AddToBoard } from "@/components/render/add-to-board";
import { FavouriteButton } from "@/components/render/favourite-button";
import { ShareButton } from "@/components/shares/share-button";
import { RenderFacts, modelLabel } from "@/components/render/render-facts";
import { RenderMedia, isAudioUrl } from "@/components/render/render-media";
import { COMPARE_MAX, compareHref } from "@/lib/domain/compare";
import { DownloadLink } from "@/components/render/download-link";
import { renderHref, reuseSettingsHref } from "@/components/render/render-links";
import { IterateButtons } from "@/components/render/iterate-actions";
import { RenderFamily } from "@/components/render/render-family";
import type { SelectionStore } from "@/components/render/selection";
import { StatusBadge } from "@/components/render/status-badge";
import {
  closeView,
  switchView,
  useRouterToldWhen,
  useViewedId,
  viewedId,
} from "@/components/render/view-url";
import { CullControls, useViewerCull, VIEWER_SHORTCUTS, type ViewerCull } from "./viewer-cull";
import { ShortcutLayer } from "@/components/ui/shortcuts";
import { ReviewSessionProvider } from "@/components/review/review-session";
import { ReviewMediaFrame, isReviewable } from "@/components/review/review-media-frame";
import { ReviewSidebar } from "@/components/review/review-sidebar";

export interface RenderViewerProps {
  /** The render of `?view=` as the router last read it; the viewer follows the URL itself (useViewedId). */
  id: string;
  /** The gallery's renders in its current order and filter. */
  renders: readonly LedgerRender[];
  hasNextPage: boolean;
  /** Whether the gallery's list is being read (a page, or the list again). */
  loading: boolean;
  /** Whether the last read of its next page failed. */
  loadFailed: boolean;
  /** Loads the gallery's next page, or waits for the one on its way; resolves to all its renders then. */
  loadMore: () => Promise<readonly LedgerRender[]>;
  selection: SelectionStore;
}

/** How many renders before the end of the loaded ones the viewer reads the gallery's next page. */
const READ_AHEAD = 10;

export default function RenderViewer({
  renders,
  hasNextPage,
  loading,
  loadFailed,
  loadMore,
  selection,
  ...props
}: RenderViewerProps) {
  // While it closes, the URL names no render: the last one stays until the viewer is gone.
  const id = useViewedId() ?? props.id;
  const settled = useSettled(id);
  useRouterToldWhen(settled);
  const query = useRender(id, { deferred: !settled });
  // An inbox item opens the viewer on its comment.
  const openComment = useSearchParams().get("comment");
  const render = query.data;
  const index = renders.findIndex((each) => each.id === id);
  const previous = index > 0 ? renders[index - 1] : undefined;
  const next = index >= 0 ? renders[index + 1] : undefined;
  const canLoadMore = index >= 0 && index === renders.length - 1 && hasNextPage;
  // The card to return focus to is the last one shown, whichever that is when the viewer closes.
  const shownId = useRef(id);
  useEffect(() => {
    shownId.current = id;
  }, [id]);
  usePreload(next);
  usePreload(previous);
  // Near the end of the loaded renders, the next page is read ahead, so a walk never stops at a
  // page's end to wait for it. Not again after a failed read: a step past the end tries once more.
  const nearEnd = index >= 0 && renders.length - 1 - index < READ_AHEAD;
  useEffect(() => {
    if (nearEnd && hasNextPage && !loading && !loadFailed) void loadMore();
  }, [nearEnd, hasNextPage, loading, loadFailed, loadMore]);

  // A step starts from the render the URL shows now, not the one last rendered, so keys pressed
  // faster than the page re-renders each move one more.
  const latest = useRef({ renders, hasNextPage, loadMore });
  useEffect(() => {
    latest.current = { renders, hasNextPage, loadMore };
  });
  const step = useCallback((delta: 1 | -1) => {
    const { renders, hasNextPage, loadMore } = latest.current;
    const current = viewedId();
    const at = renders.findIndex((each) => each.id === current);
    if (at < 0) return;
    const target = renders[at + delta];
    if (target) return switchView(target.id);
    if (delta === -1 || !hasNextPage) return;
    // A change to the list while its next page loads (a rating just given, a live event) reads the
    // list again, which cancels the page's fetch: then it is fetched again, a few times at most.
    const advance = (attempts: number) =>
      void loadMore().then((all) => {
        if (viewedId() !== current) return;
        // The render may have left the list meanwhile (a filter it no longer matches): stay on it.
        const at = all.findIndex((each) => each.id === current);
        const after = at < 0 ? undefined : all[at + 1];
        if (after) switchView(after.id);
        else if (at >= 0 && attempts > 1 && latest.current.hasNextPage) advance(attempts - 1);
      });
    advance(3);
  }, []);

  // The keys (moving, culling) are the registry's, on the window: they must work wherever the focus
  // is while the viewer is open (it may still be on its way into the dialog).
  const cull = useViewerCull(step);

  return (
    // The review's keys, added inside, stay live above the viewer's modal group.
    <ShortcutLayer value={VIEWER_SHORTCUTS}>
      <Dialog open onOpenChange={(open) => !open && closeView()}>
        <DialogPanel
          size="viewer"
          aria-describedby={undefined}
          // Escape in the tag field closes the field, not the viewer.
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest("[data-keeps-escape]"))
              event.preventDefault();
          }}
          onCloseAutoFocus={(event) => {
            const card = document.querySelector<HTMLElement>(
              `[data-render-id="${CSS.escape(shownId.current)}"]`,
            );
            const target =
              card?.querySelector<HTMLElement>("[data-viewer-trigger]") ?? card?.querySelector("a");
            if (!target) return;
            event.preventDefault();
            target.focus({ preventScroll: true });
            target.scrollIntoView({ block: "nearest" });
          }}
        >
          <header className="flex items-center gap-2 border-b border-zinc-200 px-3 py-2 dark:border-zinc-800">
            <DialogTitle>
              {render ? (render.kind === "video" ? "Video render" : "Image render") : "Render"}
            </DialogTitle>
            {index >= 0 && (
              <span className="text-sm text-zinc-500 tabular-nums dark:text-zinc-400">
                {index + 1} of {renders.length}
                {hasNextPage ? "+" : ""}
              </span>
            )}
            <span className="ml-auto flex items-center gap-1">
              <Button
                size="icon"
                variant="ghost"
                aria-label="Previous render"
                aria-disabled={!previous}
                className="aria-disabled:opacity-50"
                onClick={() => step(-1)}
              >
                <ChevronLeftIcon />
              </Button>
              <Button
                size="icon"
                variant="ghost"
                aria-label="Next render"
                aria-disabled={!next && !canLoadMore}
                className="aria-disabled:opacity-50"
                onClick={() => step(1)}
              >
                <ChevronRightIcon />
              </Button>
              <DialogClose asChild>
                <Button size="icon" variant="ghost" aria-label="Close">
                  <XIcon />
                </Button>
              </DialogClose>
            </span>
          </header>
          {render ? (
            <ReviewSessionProvider
              key={render.id}
              renderId={render.id}
              kind={render.kind}
              initialComment={openComment}
            >
              <CommentsDeferred value={!settled}>
                <div className="grid min-h-0 flex-1 grid-rows-[minmax(0,1fr)_auto] lg:grid-cols-[minmax(0,1fr)_22rem] lg:grid-rows-1">
                  <Stage render={render} />
                  <Details render={render} selection={selection} cull={cull} />
                </div>
              </CommentsDeferred>
            </ReviewSessionProvider>
          ) : query.isError ? (
            <div className="p-4">
              <Notice tone="error">{query.error.message}</Notice>
            </div>
          ) : (
            <p role="status" className="p-4 text-sm text-zinc-600 dark:text-zinc-400">
              Loading the render…
            </p>
          )}
        </DialogPanel>
      </Dialog>
    </ShortcutLayer>
  );
}

/** How long a render is shown before it counts as settled on: longer than a key's repeat. */
const SETTLE_MS = 400;

/**
 * Whether the viewer has rested on `id` a moment: until then, stepping through renders shows each
 * from the gallery's copy, and its record and threads are not read (one read each per render
 * passed would cost the server and the page more than showing it).
 */
function useSettled(id: string): boolean {
  const [settledId, setSettledId] = useState(id);
  useEffect(() => {
    const timer = setTimeout(() => setSettledId(id), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [id]);
  return settledId === id;
}

/** Fetches a neighbour's image ahead, so the arrow keys show it at once. */
function usePreload(render: LedgerRender | undefined) {
  const url = render?.status === "ready" && render.kind === "image" ? render.outputUrl : null;
  useEffect(() => {
    if (!url || isAudioUrl(url)) return;
    const image = new Image();
    image.src = url;
  }, [url]);
}

/**
 * The media at full size. Fitted, an image fills the stage (scaled up or down, never cropped); zoomed,
 * it is twice the stage's width and pans by scrolling. Keyed by render, so each one starts fitted.
 */
function Stage({ render }: { render: LedgerRender }) {
  const [zoomed, setZoomed] = useState(false);
  const zoomable = render.status === "ready" && render.kind === "image" && render.outputUrl !== null;
  const toggle = zoomable ? () => setZoomed((z) => !z) : undefined;
  return (
    <div className="relative min-h-0 bg-zinc-100 dark:bg-black">
      <div
        data-zoomed={zoomed || undefined}
        className={`size-full ${zoomed ? "overflow-auto" : "overflow-hidden p-2"}`}
        onClick={toggle}
      >
        <ReviewMediaFrame render={render} className={zoomed ? "w-[200%]" : "size-full"}>
          <RenderMedia
            render={render}
            className={
              zoomed
                ? "h-auto w-full max-w-none cursor-zoom-out"
                : `size-full ${zoomable ? "cursor-zoom-in" : ""}`
            }
          />
        </ReviewMediaFrame>
      </div>
      {zoomable && (
        <Button size="sm" className="absolute right-2 bottom-2 shadow" aria-pressed={zoomed} onClick={toggle}>
          <ZoomInIcon /> {zoomed ? "Fit to screen" : "Zoom"}
        </Button>
      )}
    </div>
  );
}

function Details({
  render,
  selection,
  cull,
}: {
  render: LedgerRender;
  selection: SelectionStore;
  cull: ViewerCull;
}) {
  const router = useRouter();
  const searchParams = useSearchParams();
  const compare = () => {
    const others = selection.ids().filter((each) => each !== render.id);
    if (others.length > 0) {
      router.push(compareHref([...others.slice(0, COMPARE_MAX - 1), render.id]));
      return;
    }
    selection.add(render.id);
    notify.info("Selected for comparing", {
      description: "Select one to three more renders, then choose Compare in the selection bar.",
    });
    closeView();
  };
  return (
    <aside
      aria-label="Render details"
      className="flex max-h-[45dvh] min-h-0 flex-col gap-4 overflow-y-auto border-t border-zinc-200 p-4 lg:max-h-none lg:border-t-0 lg:border-l dark:border-zinc-800"
    >
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge status={render.status} />
        <span className="text-sm text-zinc-600 dark:text-zinc-400">
          {modelLabel(render)} · {sizeLabel(render, modelLabel(render))}
          {render.member && <> · {render.member.name}</>}
        </span>
      </div>
      <div className="flex flex-wrap gap-2">
        {render.status === "ready" && render.outputUrl && (
          <DownloadLink renderId={render.id} className={buttonClasses({ variant: "primary", size: "sm" })}>
            <DownloadIcon /> Download
          </DownloadLink>
        )}
        {render.status === "ready" && render.outputUrl && (
          <ShareButton target={{ kind: "render", id: render.id }} size="sm" />
        )}
        <Button size="sm" onClick={compare}>
          <Columns2Icon /> Compare
        </Button>
        <Link
          href={reuseSettingsHref(render.id, new URLSearchParams(searchParams.toString()))}
          prefetch={false}
          className={buttonClasses({ size: "sm" })}
        >
          <SlidersHorizontalIcon /> Reuse settings
        </Link>
        <IterateButtons render={render} size="sm" prefetch={false} />
        <FavouriteButton render={render} size="sm" />
        <ArchiveButton render={render} size="sm" />
        <AddToBoardButton id={render.id} />
        <Link
          href={renderHref(render.id)}
          prefetch={false}
          className={buttonClasses({ size: "sm", variant: "ghost" })}
        >
          <ArrowUpRightIcon /> Open page
        </Link>
      </div>
      <CullControls render={render} cull={cull} />
      <JustAfter>
        {isReviewable(render) && <ReviewSidebar render={render} />}
        <section aria-label="Prompt">
          <p className="text-sm leading-relaxed whitespace-pre-wrap">{render.prompt}</p>
        </section>
        <div className="flex flex-col gap-1.5 [&_p]:text-sm">
          <RenderFacts render={render} />
        </div>
        <RenderParameters params={requestParams(render)} />
        <RenderTimeline render={render} />
        <RenderFamily render={render} />
      </JustAfter>
    </aside>
  );
}

/**
 * What is drawn just after the render shown, not with it (the details are drawn anew for each
 * render): on a key, the media, the place and the cull controls show in the key's own frame, this
 * part once that frame is drawn (a deferred value would be drawn in a task the browser may run
 * before the frame), and a key pressed meanwhile drops this part's drawing for the next render's.
 */
function JustAfter({ children }: { children: ReactNode }) {
  const [drawn, setDrawn] = useState(false);
  useEffect(() => afterNextFrame(() => startTransition(() => setDrawn(true))), []);
  return drawn ? children : null;
}

/** "Add to board" for the render shown: the picker opens over the viewer. */
function AddToBoardButton({ id }: { id: string }) {
  const [picking, setPicking] = useState(false);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setPicking(true)}>
        <LayoutGridIcon /> Add to board
      </Button>
      <AddToBoard renderIds={[id]} open={picking} onOpenChange={setPicking} />
    </>
  );
}
