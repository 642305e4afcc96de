/**
 * The ledger's renders, read through `GET /api/renders` (cursor-paged, newest first by default) and
 * `GET /api/renders/{id}`. They stay current through the tab's live event stream
 * (lib/client/live), which updates them in the cache, or re-reads them while it is paused. Reading the ledger never spends the upstream poll budget; the server's
 * scheduler does that.
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
import { RENDER_PAGE_SIZE } from "@/lib/domain/statuses";
import { queryKeys } from "./keys";

export type RenderFilters = Pick<
  RenderListQuery,
  | "status"
  | "kind"
  | "model"
  | "q"
  | "batchId"
  | "board"
  | "run"
  | "ids"
  | "member"
  | "favourite"
  | "archived"
  | "from"
  | "to"
  | "review"
  | "stack"
  | "family"
  | "sort"
>;

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

/**
 * `deferred`: renders pass by faster than their records would be read (the viewer while keys move
 * it), so one already in a loaded list shows that copy (kept current by the live stream) and its
 * own record is read once `deferred` is false again.
 */
export function useRender(id: string, { deferred = false }: { deferred?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useQuery({
    ...renderQueryOptions(id),
    placeholderData: () => findLoadedRender(queryClient, id),
    enabled: !deferred || findLoadedRender(queryClient, id) === undefined,
  });
}
