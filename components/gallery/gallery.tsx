"use client";

/**
 * The live gallery of the team's renders: filters in the URL, infinite pages, batches grouped, and
 * the list kept live while anything in it is unfinished. It is also where work is reviewed: a
 * selection of cards (a tick box each, Shift for a range, `x` on the focused card) with its bar, and
 * the viewer of `?view=<id>`; both load when first used, not with the page. `?` lists the keys.
 */
import {
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ComponentType,
} from "react";
import { useSearchParams } from "next/navigation";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { rendersOf, useRenderList } from "@/lib/client/queries/renders";
import { useSession } from "@/lib/client/queries/session";
import { Notice } from "@/components/ui/notice";
import { preloadedLazy } from "@/components/ui/preloaded-lazy";
import { hasFilters, listFilters } from "./filters-url";
import { groupRenders } from "./group-renders";
import { LiveBadge } from "@/components/render/live-badge";
import { LoadMore } from "./load-more";
import { ReviewContext, useSelectedIds, type Review } from "@/components/render/review-context";
import { createSelection, type SelectionStore } from "@/components/render/selection";
import { VIEW_PARAM } from "@/components/render/render-links";
import { useFinishedAlerts } from "./use-finished-alerts";
import { ZipButton } from "@/components/render/zip-button";
import { useRenderCompletion } from "@/components/render/use-render-completion";
import { useGalleryFilters } from "./use-gallery-filters";

/**
 * `board`: a board's page, whose gallery always shows that board (the filters narrow it further, and
 * its cards and selection can take renders off it). `run`: a batch run's page, whose gallery always
 * shows that run's renders. `zipLabel`: what such a page calls the zip of its unfiltered list.
 */
export function Gallery({
  board,
  run,
  zipLabel = "Download zip of all renders",
}: { board?: string; run?: string; zipLabel?: string } = {}) {
  const { filters: urlFilters, setFilter, clearFilters } = useGalleryFilters();
  const filters = useMemo(
    () => ({ ...urlFilters, ...(board && { board }), ...(run && { run }) }),
    [urlFilters, board, run],
  );
  // The board a page is about is not a filter to clear (a run is never one).
  const filtered = hasFilters(board ? { ...filters, board: undefined } : filters);
  const session = useSession();
  const query = listFilters(filters, { known: !session.isPending, id: session.data?.member?.id ?? null });
  const list = useRenderList(query ?? filters, { enabled: query !== null });
  const renders = useMemo(() => rendersOf(list.data), [list.data]);
  const entries = useMemo(() => groupRenders(renders), [renders]);
  const active = renders.filter((r) => !isFinalLedgerStatus(r.status)).length;
  const alertFinished = useFinishedAlerts();
  useRenderCompletion(renders, alertFinished);
  const [review] = useState<Review>(() => ({ selection: createSelection(), board }));
  useEffect(() => review.selection.setOrder(renders.map((r) => r.id)), [review, renders]);
  const viewId = useSearchParams().get(VIEW_PARAM);
  const { fetchNextPage } = list;
  // A page already on its way is waited for, not fetched again (the viewer reads ahead, then steps).
  const loadMore = useCallback(
    async () => rendersOf((await fetchNextPage({ cancelRefetch: false })).data),
    [fetchNextPage],
  );

  return (
    <ReviewContext value={review}>
      <section aria-label="Renders" className="flex min-w-0 flex-col gap-3">
        <div className="flex items-center gap-2">
          <h2 className="text-base font-semibold">Renders</h2>
          {active > 0 && <LiveBadge count={active} />}
          <span className="ml-auto flex items-center gap-1">
            {query && renders.length > 0 && (
              <ZipButton
                // The zip route takes the list's own filters (docs/api.md), so it zips what is shown.
                fields={{ ...query }}
                label={filtered ? "Download zip of the filtered renders" : zipLabel}
              />
            )}
            <Suspense>
              <NotifyToggle />
            </Suspense>
          </span>
        </div>
        <FilterBarSlot
          filters={filters}
          onChange={setFilter}
          onClear={clearFilters}
          boardFixed={board !== undefined}
        />

        {list.isPending ? (
          <GallerySkeleton />
        ) : list.isError && !list.data ? (
          <GalleryError
            what="Could not load renders"
            error={list.error}
            onRetry={() => void list.refetch()}
          />
        ) : entries.length === 0 ? (
          <GalleryEmpty filtered={filtered} onBoard={board !== undefined} onClear={clearFilters} />
        ) : (
          <>
            {list.isRefetchError && (
              <Notice tone="warning">
                Could not refresh the list ({list.error.message}); trying again shortly.
              </Notice>
            )}
            {/* The end of the list waits for the cards: under the skeleton shown while their code
                loads, it would be in view and load the next page unasked. */}
            <Suspense fallback={<GallerySkeleton />}>
              <GalleryCards entries={entries} />
              {list.isFetchNextPageError && (
                <GalleryError
                  what="Could not load more renders"
                  error={list.error}
                  onRetry={() => void list.fetchNextPage()}
                />
              )}
              <LoadMore
                hasNextPage={list.hasNextPage}
                isFetching={list.isFetching}
                isFetchingNextPage={list.isFetchingNextPage}
                failed={list.isFetchNextPageError}
                shown={renders.length}
                fetchNextPage={list.fetchNextPage}
              />
            </Suspense>
          </>
        )}
        <SelectionBarSlot selection={review.selection} />
        <Suspense>
          <GalleryShortcuts selection={review.selection} />
        </Suspense>
        {viewId !== null && (
          <Suspense>
            <RenderViewer
              id={viewId}
              renders={renders}
              hasNextPage={list.hasNextPage}
              loading={list.isFetching}
              loadFailed={list.isFetchNextPageError}
              loadMore={loadMore}
              selection={review.selection}
            />
          </Suspense>
        )}
      </section>
    </ReviewContext>
  );
}

/** Shown only once the browser says it can notify (never on the server): loaded then. */
const NotifyToggle = lazy(() => import("./notify-toggle").then((m) => ({ default: m.NotifyToggle })));
const RenderViewer = lazy(() => import("./render-viewer"));
const GalleryFilters = preloadedLazy(() => import("./gallery-filters").then((m) => m.GalleryFilters));
const SelectionBar = lazy(() => import("./selection-bar"));
/** The cards: their code loads while the list is read (see gallery-cards.tsx). */
const GalleryCards = preloadedLazy(() => import("./gallery-cards").then((m) => m.GalleryCards));
const GalleryShortcuts = preloadedLazy(() => import("./gallery-shortcuts").then((m) => m.GalleryShortcuts));
/**
 * The skeleton (the server's HTML already shows it, and the list usually arrives before its code
 * would matter), and the empty and error states, which most visits never show.
 */
const GallerySkeleton = deferred(() => import("./gallery-states").then((m) => m.GallerySkeleton));
const loadNotices = () => import("./gallery-notices");
const GalleryEmpty = deferred(() => loadNotices().then((m) => m.GalleryEmpty));
const GalleryError = deferred(() => loadNotices().then((m) => m.GalleryError));

/** A component loaded when first shown, in a boundary of its own so the rest of the gallery stays. */
function deferred<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  return function Deferred(props: P) {
    return (
      <Suspense>
        <Lazy {...props} />
      </Suspense>
    );
  };
}

/**
 * The filter bar: the server renders it, and its code loads as soon as the page's does (see
 * `preloadedLazy`), so a click on it is never lost. Memoised on purpose: until it is hydrated, an
 * update reaching it (every live refetch re-renders the gallery) would make React hydrate it on the
 * spot or throw the server's markup away, and with it anything already typed into the search.
 */
const FilterBarSlot = memo(function FilterBarSlot(props: ComponentProps<typeof GalleryFilters>) {
  return (
    <Suspense fallback={<div className="h-8" />}>
      <GalleryFilters {...props} />
    </Suspense>
  );
});

/** The selection bar, once anything is ticked. */
function SelectionBarSlot({ selection }: { selection: SelectionStore }) {
  const count = useSelectedIds(selection).length;
  if (count === 0) return null;
  return (
    <>
      {/* Room under the last cards, so the bar never hides them. */}
      <div aria-hidden="true" className="h-44 sm:h-16" />
      <Suspense>
        <SelectionBar selection={selection} />
      </Suspense>
    </>
  );
}
