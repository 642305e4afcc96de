/**
 * The caller's spend notices (`GET /api/notices`) and dismissing one. Their keys live here, not in
 * keys.ts, so the home page's first load does not carry them: only the header's lazily loaded bell
 * and the live stream use them.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useAction } from "./action";
import { apiFetch } from "@/lib/client/api-client";

export const noticeKeys = { all: ["notices"] as const };

export function useNotices({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: noticeKeys.all,
    queryFn: ({ signal }) => apiFetch("/api/notices", (c) => c.noticeListSchema, { signal }),
    select: (data) => data.items,
    enabled,
  });
}

/** Dismisses a notice for the caller; it leaves the list at once, and comes back if that fails. */
export function useDismissNotice() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (id: string) =>
      apiFetch(`/api/notices/${encodeURIComponent(id)}/dismiss`, (c) => c.noticeDismissedSchema, {
        method: "POST",
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
