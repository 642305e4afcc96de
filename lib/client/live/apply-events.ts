/**
 * What a live event does to this tab's query cache. A changed render replaces its copy wherever it
 * is loaded (its own page, every gallery page holding it), so nothing is fetched; a render a list
 * does not hold yet (someone just created it), or one whose change may move it in or out of a
 * filtered list, makes that list re-read once. Spend, team and upload events mark their queries stale.
 */
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";
import type { LedgerRender, LiveEvent, RenderList, RenderListQuery } from "@/lib/contract";
import { queryKeys } from "@/lib/client/queries/keys";

type ListFilters = Partial<Omit<RenderListQuery, "cursor">>;
type RenderPages = InfiniteData<RenderList>;

/** Applies a batch of events; lists to re-read are re-read once per batch, however many events touch them. */
export function applyLiveEvents(queryClient: QueryClient, events: readonly LiveEvent[]): void {
  const reread = new Map<string, QueryKey>();
  const stale = new Set<QueryKey>();
  for (const event of events) {
    switch (event.type) {
      case "render":
        putRender(queryClient, event.render, reread);
        break;
      case "render-removed":
        dropRender(queryClient, event.id);
        break;
      case "upload":
        stale.add(queryKeys.uploads.all);
        break;
      case "spend":
        stale.add(queryKeys.account).add(queryKeys.session).add(queryKeys.members);
        break;
      case "team":
        stale.add(queryKeys.members).add(queryKeys.team).add(queryKeys.session);
        break;
      default:
        break;
    }
  }
  for (const queryKey of reread.values()) void queryClient.invalidateQueries({ queryKey, exact: true });
  for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
}

function putRender(queryClient: QueryClient, render: LedgerRender, reread: Map<string, QueryKey>): void {
  // Only a render page already open is updated; an updater returning undefined leaves the cache alone.
  queryClient.setQueryData<LedgerRender>(queryKeys.renders.detail(render.id), (old) => old && render);
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.renders.lists() })) {
    const data = query.state.data as RenderPages | undefined;
    const filters = (query.queryKey[2] ?? {}) as ListFilters;
    if (!data) continue;
    const held = holds(data, render.id);
    if (held && !filters.status) {
      query.setData(replaceIn(data, render.id, () => render));
    } else if (held || mayBelong(render, filters)) {
      reread.set(query.queryHash, query.queryKey);
    }
  }
}

function dropRender(queryClient: QueryClient, id: string): void {
  void queryClient.invalidateQueries({ queryKey: queryKeys.renders.detail(id), exact: true });
  for (const query of queryClient.getQueryCache().findAll({ queryKey: queryKeys.renders.lists() })) {
    const data = query.state.data as RenderPages | undefined;
    if (data && holds(data, id)) query.setData(replaceIn(data, id, () => null));
  }
}

const holds = (data: RenderPages, id: string) =>
  data.pages.some((page) => page.items.some((r) => r.id === id));

/** The pages with the render `id` replaced by `next()` (or removed when it gives null); others kept as they are. */
function replaceIn(data: RenderPages, id: string, next: () => LedgerRender | null): RenderPages {
  return {
    ...data,
    pages: data.pages.map((page) => {
      if (!page.items.some((r) => r.id === id)) return page;
      return {
        ...page,
        items: page.items.flatMap((r) => {
          if (r.id !== id) return [r];
          const replacement = next();
          return replacement ? [replacement] : [];
        }),
      };
    }),
  };
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
    (filters.member === undefined || filters.member === render.member?.id) &&
    (!filters.q?.trim() || render.prompt.toLowerCase().includes(filters.q.trim().toLowerCase()))
  );
}
