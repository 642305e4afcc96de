/**
 * The ledger's renders, read through `GET /api/renders` (cursor-paged, newest first) and
 * `GET /api/renders/{id}`. Lists and single renders stay live on their own: while anything shown is
 * unfinished they refetch every couple of seconds, and stop once everything is final, so an idle
 * dashboard makes no requests. Reading the ledger never spends the upstream poll budget; the
 * server's scheduler does that.
 */
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from "@tanstack/react-query";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import type { LedgerRender, RenderList, RenderListQuery } from "@/lib/contract";
import { isFinalLedgerStatus, RENDER_PAGE_SIZE } from "@/lib/domain/statuses";
import { queryKeys } from "./keys";

/** How often an unfinished render is re-read from the ledger. */
export const LIVE_REFETCH_MS = 2_000;

export type RenderFilters = Pick<
  RenderListQuery,
  "status" | "kind" | "model" | "q" | "batchId" | "ids" | "member"
>;

/** True while any of the renders can still change. */
export function hasUnfinished(renders: Iterable<{ status: string }>): boolean {
  for (const render of renders) if (!isFinalLedgerStatus(render.status)) return true;
  return false;
}

/** The refetch interval for what is on screen: live while something is unfinished, else none. */
export function liveRefetchInterval(renders: Iterable<{ status: string }>): number | false {
  return hasUnfinished(renders) ? LIVE_REFETCH_MS : false;
}

/** Every render of the loaded pages, in order. */
export function rendersOf(data: InfiniteData<RenderList> | undefined): LedgerRender[] {
  return data ? data.pages.flatMap((page) => page.items) : [];
}

export function renderListQueryOptions(filters: RenderFilters) {
  const query = { ...filters, limit: RENDER_PAGE_SIZE };
  return infiniteQueryOptions({
    queryKey: queryKeys.renders.list(query),
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`/api/renders${toSearchParams({ ...query, cursor: pageParam })}`, (c) => c.renderListSchema, {
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    // A live refetch re-reads each loaded page in turn (local ledger reads, no upstream polls);
    // structural sharing keeps unchanged renders as the same objects, so memoised cards skip.
    refetchInterval: (q) => liveRefetchInterval(rendersOf(q.state.data)),
    // Keep going in a hidden tab, so a render finishing there can show in the tab title.
    refetchIntervalInBackground: true,
  });
}

/** `enabled: false` while the filters cannot be known yet (a "mine" filter before the session loads). */
export function useRenderList(filters: RenderFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...renderListQueryOptions(filters), enabled });
}

export function renderQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.renders.detail(id),
    queryFn: ({ signal }) =>
      apiFetch(`/api/renders/${encodeURIComponent(id)}`, (c) => c.ledgerRenderSchema, { signal }),
    refetchInterval: (q) => liveRefetchInterval(q.state.data ? [q.state.data] : []),
    refetchIntervalInBackground: true,
  });
}

/** A render already in a loaded gallery page, to show at once while its own record loads. */
export function findLoadedRender(queryClient: QueryClient, id: string): LedgerRender | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<RenderList>>({
    queryKey: queryKeys.renders.lists(),
  })) {
    const found = rendersOf(data).find((render) => render.id === id);
    if (found) return found;
  }
  return undefined;
}

export function useRender(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    ...renderQueryOptions(id),
    placeholderData: () => findLoadedRender(queryClient, id),
  });
}
