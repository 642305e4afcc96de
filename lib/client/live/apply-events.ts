/**
 * What a live event does to this tab's query cache. A changed render replaces its copy wherever it
 * is loaded (its own page, every gallery page holding it), so nothing is fetched; one whose change
 * takes it out of a filtered list leaves it in place. A render a list does not hold yet (someone just
 * created it) makes that list re-read once, unless it replaces its create's placeholder, which it
 * then takes the place of. Spend, rate, team, notice and upload events mark their queries stale (a
 * rate: every estimate, the form's and a batch preview's). Comment and review events mark the
 * render's threads stale, inbox events the inbox.
 *
 * A render's record does not say which boards hold it, so a render new to a board's list never makes
 * it re-read; a `board` event (renders joined or left the board, or the board changed) re-reads the
 * boards and that board's lists. A ready render marks the boards lists stale: it may be a new cover.
 *
 * The approvals queue (admins) is read again when a create's placeholder changes: that is a render
 * held for approval, approved or declined; no event of its own is needed.
 *
 * A stacked list (Stack versions) re-reads when a render of a family it shows changes: a new version
 * or a decision may change which render stands for the family, and its count.
 *
 * Runs work the same way: a render's record does not say which run made it, so a `run` event (a row
 * sent, created or refused, the run made or cancelled) re-reads the run and its lists, and a render
 * event whose create request is one of an open run's rows re-reads that run (its counts and credits).
 *
 * A render's record in the stream is the one everyone gets, so it carries no `favourite` flag, rating
 * or pick: the copy held keeps its own. A `favourite` or `mark` event (only this member's) sets them
 * wherever the render is loaded, and moves it in or out of the lists filtered by them.
 *
 * Two rules keep an update from being undone: a record older than the copy held (by `updatedAt`) is
 * ignored, and a query whose read is under way when its render changes is read again afterwards
 * (the read in flight may predate the change and would overwrite it). But for a read of a list's next
 * page, a favourite or mark is made again once the page lands: that read is not dropped.
 */
import type { InfiniteData, Query, QueryClient, QueryKey } from "@tanstack/react-query";
import type { LedgerRender, LiveEvent, RenderList, RenderListQuery, RunDetail } from "@/lib/contract";
import { queryKeys } from "@/lib/client/queries/keys";
import { noticeKeys } from "@/lib/client/queries/notices";
import { approvalKeys } from "@/lib/client/queries/approvals";
import { runKeys } from "@/lib/client/queries/run-keys";
import { reviewKeys } from "@/lib/client/queries/review";
import { inboxKeys } from "@/lib/client/queries/inbox";
import { archivedWanted } from "@/lib/domain/archive";
import { normaliseTag } from "@/lib/domain/cull";
import { mayMatchPrompt } from "@/lib/domain/prompt-search";
import { rangeEnd, rangeStart } from "@/lib/domain/render-order";

type ListFilters = Partial<Omit<RenderListQuery, "cursor">>;
type RenderPages = InfiniteData<RenderList>;

/** Queries to read again, once each per batch however many events touch them. */
type Rereads = Map<string, QueryKey>;

/**
 * Every query family the events below keep current. A tab re-reads them all when it may have missed
 * events: on its stream's first hello (what it read before may predate the stream), on a resync, and
 * every 10 s while paused. An event that touched a family missing here would leave that family stale
 * after a gap; apply-events.test.ts checks that none does.
 */
export const LIVE_KEYS: readonly QueryKey[] = [
  queryKeys.renders.all,
  runKeys.all,
  queryKeys.uploads.all,
  queryKeys.account,
  queryKeys.session,
  queryKeys.members,
  queryKeys.team,
  queryKeys.estimates,
  queryKeys.boards.all,
  approvalKeys.all,
  noticeKeys.all,
  reviewKeys.all,
  inboxKeys.all,
];

/** Applies a batch of events. */
export function applyLiveEvents(queryClient: QueryClient, events: readonly LiveEvent[]): void {
  const reread: Rereads = new Map();
  const stale = new Set<QueryKey>();
  const created = rendersByRequest(events);
  for (const event of events) {
    switch (event.type) {
      case "render":
        putRender(queryClient, event.render, reread);
        // A render that is ready may be a board's new cover; which boards hold it, the record does not say.
        if (event.render.status === "ready") stale.add(queryKeys.boards.lists());
        rereadRunsOf(queryClient, event.render, reread);
        // A create's placeholder changed: held for approval, approved or declined.
        if (event.render.id === event.render.requestId) stale.add(approvalKeys.all);
        break;
      case "render-removed":
        dropRender(queryClient, event.id, created.get(event.id) ?? [], reread);
        break;
      case "favourite":
        putOwn(queryClient, event.id, { favourite: event.favourite }, reread);
        break;
      case "mark":
        putOwn(queryClient, event.id, { rating: event.rating, flag: event.flag }, reread);
        break;
      case "upload":
        stale.add(queryKeys.uploads.all);
        break;
      case "spend":
        stale.add(queryKeys.account).add(queryKeys.session).add(queryKeys.members);
        break;
      case "rate":
        // Every estimate, not only those of the event's key: a tab shows one or two at a time, and
        // the browser need not know which settings fall under which key.
        stale.add(queryKeys.estimates).add(runKeys.estimates());
        break;
      case "team":
        stale.add(queryKeys.members).add(queryKeys.team).add(queryKeys.session);
        break;
      case "notice":
        stale.add(noticeKeys.all);
        break;
      // A render's threads changed, or a decision (whose note is a comment): its comments read again.
      // The summary cards show arrives as the render's own event.
      case "comment":
        stale.add(reviewKeys.comments(event.renderId));
        break;
      // A decision may also move a board's "N of M approved", and which boards hold the render its
      // record does not say.
      case "review":
        stale.add(reviewKeys.comments(event.renderId)).add(queryKeys.boards.all);
        break;
      case "inbox":
        stale.add(inboxKeys.all);
        break;
      case "board":
        stale.add(queryKeys.boards.all);
        for (const query of listQueries(queryClient)) {
          if (filtersOf(query).board === event.id) reread.set(query.queryHash, query.queryKey);
        }
        break;
      case "run":
        stale.add(runKeys.list()).add(runKeys.detail(event.id));
        for (const query of listQueries(queryClient)) {
          if (filtersOf(query).run === event.id) reread.set(query.queryHash, query.queryKey);
        }
        break;
      default:
        break;
    }
  }
  readAgain(queryClient, reread);
  for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
}

/** Renders of the batch by their create request: what replaces a placeholder removed in the same batch. */
function rendersByRequest(events: readonly LiveEvent[]): Map<string, LedgerRender[]> {
  const byRequest = new Map<string, LedgerRender[]>();
  for (const event of events) {
    if (event.type !== "render" || event.render.id === event.render.requestId) continue;
    byRequest.set(event.render.requestId, [...(byRequest.get(event.render.requestId) ?? []), event.render]);
  }
  for (const renders of byRequest.values()) renders.sort((a, b) => a.variantIndex - b.variantIndex);
  return byRequest;
}

const isFetching = (query: Query) => query.state.fetchStatus === "fetching";
/** Newer or as new as `held`: an older record (a read that raced a live event) never replaces a newer one. */
const isCurrent = (render: LedgerRender, held: LedgerRender) => render.updatedAt >= held.updatedAt;

/** The record with the caller's own flag, rating and pick of the copy held, when the record has none of its own. */
const keepFlag = (render: LedgerRender, held: LedgerRender | undefined): LedgerRender => ({
  ...render,
  ...(render.favourite === undefined && held?.favourite !== undefined && { favourite: held.favourite }),
  ...(render.rating === undefined && held?.rating !== undefined && { rating: held.rating }),
  ...(render.flag === undefined && held?.flag !== undefined && { flag: held.flag }),
});

/** The held copy of a render in a list, if the list holds it. */
const heldIn = (data: RenderPages, id: string) =>
  data.pages.flatMap((page) => page.items).find((r) => r.id === id);

function putRender(queryClient: QueryClient, render: LedgerRender, reread: Rereads): void {
  const detailKey = queryKeys.renders.detail(render.id);
  // Only a render page already open is updated; an updater returning undefined leaves the cache alone.
  queryClient.setQueryData<LedgerRender>(detailKey, (old) =>
    old && isCurrent(render, old) ? keepFlag(render, old) : undefined,
  );
  const detail = queryClient.getQueryCache().find({ queryKey: detailKey, exact: true });
  if (detail && isFetching(detail)) reread.set(detail.queryHash, detail.queryKey);

  for (const query of listQueries(queryClient)) {
    const data = query.state.data as RenderPages | undefined;
    const filters = (query.queryKey[2] ?? {}) as ListFilters;
    const held = data && heldIn(data, render.id);
    if (data && held) {
      // A stacked card keeps its family's count, which only the list's answer carries.
      const current = {
        ...keepFlag(render, held),
        ...(held.versions !== undefined && { versions: held.versions }),
      };
      const next = replaceIn(data, render.id, () => {
        if (!isCurrent(render, held)) return [held];
        return mayBelong(current, filters) ? [current] : [];
      });
      queryClient.setQueryData(query.queryKey, next);
    }
    // New to this list: where it goes in the order is the server's to say.
    const isNew =
      !held &&
      mayBelong(render, filters) &&
      mayBeLoaded(data, filters) &&
      filters.board === undefined &&
      filters.run === undefined;
    // Stacked: which render stands for a family it shows, and how many it holds, too.
    const familyChanged =
      data !== undefined && filters.stack === "true" && showsFamily(data, render.familyId);
    if (isNew || familyChanged) reread.set(query.queryHash, query.queryKey);
    if (isFetching(query)) reread.set(query.queryHash, query.queryKey);
  }
}

/** What is the member's own on a render: their favourite flag, rating and pick or reject. */
type Own = Partial<Pick<LedgerRender, "favourite" | "rating" | "flag">>;

/**
 * The member starred, rated, picked or rejected a render (or undid it): it changes wherever it is
 * loaded, leaves the lists whose filters it no longer matches, and a list of such a filter that
 * lacks it and that it now matches reads again.
 */
function putOwn(queryClient: QueryClient, id: string, own: Own, reread: Rereads): void {
  const detailKey = queryKeys.renders.detail(id);
  queryClient.setQueryData<LedgerRender>(detailKey, (old) => (old ? { ...old, ...own } : undefined));
  // The viewer reads a render as it steps onto it, and a rating key can come before that read lands.
  // The read predates the change and would put it back; read again, it could still be answered before
  // the change is saved. So the change is made again once it lands.
  const detail = queryClient.getQueryCache().find({ queryKey: detailKey, exact: true });
  if (detail && isFetching(detail)) againOnceLanded(queryClient, detail, id, own);
  for (const query of listQueries(queryClient)) {
    const data = query.state.data as RenderPages | undefined;
    const filters = (query.queryKey[2] ?? {}) as ListFilters;
    const held = data && heldIn(data, id);
    if (data && held) {
      const flagged = { ...held, ...own };
      queryClient.setQueryData(
        query.queryKey,
        replaceIn(data, id, () => (mayBelong(flagged, filters) ? [flagged] : [])),
      );
    } else if (joinsOwnFilter(own, filters)) {
      reread.set(query.queryHash, query.queryKey);
    }
    if (!isFetching(query)) continue;
    // A next page's read keeps the pages it started from, and would put the change back as it lands:
    // the change is made again then. Read again instead, the list would drop that page's read and
    // read every loaded page anew (culling in the viewer rates while it reads ahead).
    if (readsNextPage(query) && againOnceLanded(queryClient, query, id, own)) continue;
    reread.set(query.queryHash, query.queryKey);
  }
}

/** Makes the change again once the query's read under way lands; false when there is none to wait for. */
function againOnceLanded(queryClient: QueryClient, query: Query, id: string, own: Own): boolean {
  const landing = query.promise;
  if (!landing) return false;
  const again = () => runAlone(queryClient, (r) => putOwn(queryClient, id, own, r));
  void landing.then(again, again);
  return true;
}

/** Whether the read under way is of a next (or previous) page, not of the whole list. */
const readsNextPage = (query: Query) =>
  (query.state.fetchMeta as { fetchMore?: unknown } | null)?.fetchMore !== undefined;

/** Makes a change outside a batch of events, reading again the queries it marks. */
function runAlone(queryClient: QueryClient, change: (reread: Rereads) => void): void {
  const reread: Rereads = new Map();
  change(reread);
  readAgain(queryClient, reread);
}

/** Reads the marked queries again: invalidation cancels a read in flight and starts a fresh one. */
function readAgain(queryClient: QueryClient, reread: Rereads): void {
  for (const queryKey of reread.values()) void queryClient.invalidateQueries({ queryKey, exact: true });
}

/** Whether the change puts a render into a list filtered by what is the member's own. */
function joinsOwnFilter(own: Own, filters: ListFilters): boolean {
  if (own.favourite !== undefined) return own.favourite && filters.favourite === "true";
  const rating = own.rating ?? 0;
  return (
    (filters.rating !== undefined && rating >= Number(filters.rating)) ||
    (filters.picked === "true" && own.flag === "pick") ||
    (filters.rejected === "true" && own.flag === "reject") ||
    (filters.rejected === "false" && own.flag !== "reject")
  );
}

/** A render left the ledger; a create's placeholder gives its place to the renders that replace it. */
function dropRender(
  queryClient: QueryClient,
  id: string,
  replacements: readonly LedgerRender[],
  reread: Rereads,
): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.renders.detail(id), exact: true });
  for (const query of listQueries(queryClient)) {
    // A read under way may predate the removal and bring the render back.
    if (isFetching(query)) reread.set(query.queryHash, query.queryKey);
    const data = query.state.data as RenderPages | undefined;
    if (!data || !holds(data, id)) continue;
    const filters = (query.queryKey[2] ?? {}) as ListFilters;
    const fresh = replacements.filter((r) => mayBelong(r, filters) && !holds(data, r.id));
    queryClient.setQueryData(
      query.queryKey,
      replaceIn(data, id, () => fresh),
    );
  }
}

/** Open runs one of whose rows made this render: their counts and credits move with it. */
function rereadRunsOf(queryClient: QueryClient, render: LedgerRender, reread: Rereads): void {
  for (const query of queryClient.getQueryCache().findAll({ queryKey: runKeys.details() })) {
    const run = query.state.data as RunDetail | undefined;
    if (run?.rows.some((row) => row.requestId === render.requestId))
      reread.set(query.queryHash, query.queryKey);
  }
}

const listQueries = (queryClient: QueryClient) =>
  queryClient.getQueryCache().findAll({ queryKey: queryKeys.renders.lists() });

const filtersOf = (query: Query) => (query.queryKey[2] ?? {}) as ListFilters;

/** Whether a stacked list shows a card of this family. */
const showsFamily = (data: RenderPages, familyId: string | undefined) =>
  familyId !== undefined && data.pages.some((page) => page.items.some((r) => r.familyId === familyId));

const holds = (data: RenderPages, id: string) =>
  data.pages.some((page) => page.items.some((r) => r.id === id));

/** The pages with the render `id` replaced by what `next` makes of it (none: removed); others kept as they are. */
function replaceIn(
  data: RenderPages,
  id: string,
  next: (held: LedgerRender) => readonly LedgerRender[],
): RenderPages {
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.items.some((r) => r.id === id)
        ? { ...page, items: page.items.flatMap((r) => (r.id === id ? next(r) : [r])) }
        : page,
    ),
  };
}

/** The server's rule (docs/api.md): archived renders are left out unless asked for, or named by `ids`. */
/**
 * Whether a render new to a list may fall within its loaded pages. Oldest first, a render created
 * now comes last: while pages follow, it is not among those loaded, and the list stays as it is
 * (it shows at the end once paged to). Newest first it comes first, and most credits by its charge:
 * anywhere, so those lists re-read.
 */
function mayBeLoaded(data: RenderPages | undefined, filters: ListFilters | undefined): boolean {
  // By rating, a render new to the list is unrated: it comes last, as oldest first.
  if (filters?.sort !== "oldest" && filters?.sort !== "rating") return true;
  return !data?.pages.at(-1)?.nextCursor;
}

/**
 * Whether a render can be in a list with these filters. Generous on purpose: a false yes costs one
 * re-read of a local list, a false no would hide a render.
 */
export function mayBelong(render: LedgerRender, filters: ListFilters): boolean {
  const listed = (csv: string | undefined, value: string) =>
    csv === undefined || csv.split(",").some((item) => item.trim() === value);
  return (
    listed(filters.status, render.status) &&
    listed(filters.ids, render.id) &&
    (filters.kind === undefined || filters.kind === render.kind) &&
    (filters.model === undefined || filters.model === render.model) &&
    (filters.batchId === undefined || filters.batchId === render.batchId) &&
    (filters.family === undefined || render.familyId === undefined || filters.family === render.familyId) &&
    (filters.member === undefined || filters.member === render.member?.id) &&
    // Unknown (a record from the stream, new to this list) is not a favourite: nobody starred it yet.
    (filters.favourite !== "true" || render.favourite === true) &&
    // Nor rated, picked or rejected.
    (filters.rating === undefined || (render.rating ?? 0) >= Number(filters.rating)) &&
    (filters.picked !== "true" || render.flag === "pick") &&
    (filters.rejected === undefined || (filters.rejected === "true") === (render.flag === "reject")) &&
    (filters.tag === undefined ||
      render.tags === undefined ||
      render.tags.includes(normaliseTag(filters.tag))) &&
    (archivedWanted(filters) === undefined ||
      (archivedWanted(filters) === "true") === (render.archivedAt !== null)) &&
    (filters.from === undefined || render.createdAt >= (rangeStart(filters.from) ?? "")) &&
    (filters.to === undefined || render.createdAt <= (rangeEnd(filters.to) ?? "")) &&
    mayMatchPrompt(render.prompt, filters.q)
  );
}
