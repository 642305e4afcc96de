/**
 * Reading the team's boards (`GET /api/boards`, `GET /api/boards/{id}`, docs/api.md "Boards"); the
 * server pages set the same queries. Changes are in board-changes.ts.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

/** The team's boards by name; given a render id, each says whether it holds that render. */
export function boardsQueryOptions(render?: string) {
  return queryOptions({
    queryKey: queryKeys.boards.list(render),
    queryFn: ({ signal }) =>
      apiFetch(`/api/boards${toSearchParams({ render })}`, (c) => c.boardListSchema, { signal }),
    select: (data) => data.items,
  });
}

export function boardQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.boards.detail(id),
    queryFn: ({ signal }) => apiFetch(boardPath(id), (c) => c.boardSchema, { signal }),
    // A deleted board answers 404: asking again would not bring it back.
    retry: false,
  });
}

export const boardPath = (id: string) => `/api/boards/${encodeURIComponent(id)}`;
