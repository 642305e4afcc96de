/**
 * The member's inbox (`GET /api/inbox`, `GET /api/inbox/unread`, `POST /api/inbox/read`): mentions,
 * replies, comments and decisions on their renders, and the spend notices. Keys here, not in
 * keys.ts, so the home page's first load does not carry them; the live `inbox` event marks them stale.
 */
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import type { InboxRead } from "@/lib/contract";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { useAction } from "./action";

export const inboxKeys = {
  all: ["inbox"] as const,
  unread: ["inbox", "unread"] as const,
  list: ["inbox", "list"] as const,
};

export function useInboxUnread({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: inboxKeys.unread,
    queryFn: ({ signal }) => apiFetch("/api/inbox/unread", (c) => c.inboxUnreadSchema, { signal }),
    select: (data) => data.unreadCount,
    enabled,
  });
}

export function useInbox({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({
    queryKey: inboxKeys.list,
    queryFn: ({ pageParam, signal }) =>
      apiFetch(`/api/inbox${toSearchParams({ cursor: pageParam })}`, (c) => c.inboxListSchema, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

/** Marks items read (or all of them); the count and the list read again once it settles. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (body: InboxRead) =>
      apiFetch("/api/inbox/read", (c) => c.inboxUnreadSchema, { method: "POST", body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: inboxKeys.all }),
  });
}
