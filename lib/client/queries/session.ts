/**
 * Who is signed in (`GET /api/auth/session`): whether sign-in is on, and the member with this month's
 * spend against their cap. Spend moves with the balance, so whatever refreshes the account refreshes
 * this too (`useRefreshSpend`).
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch } from "@/lib/client/api-client";
import type { MadeBy } from "@/lib/contract";

import { queryKeys } from "./keys";

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.session,
    queryFn: ({ signal }) => apiFetch("/api/auth/session", (c) => c.sessionInfoSchema, { signal }),
    staleTime: 15_000,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * Whether the viewer may change something the team shares (a preset, a board) made by `madeBy`: with
 * sign-in off everyone acts as the team; on, its maker or an admin. The server decides too.
 */
export function useMayChange(): (madeBy: MadeBy) => boolean {
  const session = useSession().data;
  const member = session?.member ?? null;
  return (madeBy) =>
    !session?.authEnabled || member?.role === "admin" || (member !== null && madeBy?.id === member.id);
}

/** Marks the balance and the member's spend stale after anything that may have charged or refunded. */
export function useRefreshSpend(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.account });
    void queryClient.invalidateQueries({ queryKey: queryKeys.session });
  }, [queryClient]);
}
