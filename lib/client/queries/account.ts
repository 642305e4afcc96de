/** The team's Render Service account (plan, balance, key), read through `GET /api/account`. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";

import { queryKeys } from "./keys";

function accountQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.account,
    queryFn: ({ signal }) => apiFetch("/api/account", (c) => c.accountSchema, { signal }),
    // The server caches the record briefly; the balance changes on creates and refunds, whose live
    // events (and the create itself) mark this key stale.
    staleTime: 15_000,
  });
}

/** `enabled: false` while sign-in is on and nobody is signed in: the route would only answer 401. */
export function useAccount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountQueryOptions(), enabled });
}
