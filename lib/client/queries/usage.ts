/** Where the credits went (`GET /api/usage`, docs/api.md "Usage"); the usage page's server sets it first. */
import { queryOptions } from "@tanstack/react-query";
import type { UsageQuery } from "@/lib/contract";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

export function usageQueryOptions(range: UsageQuery) {
  return queryOptions({
    queryKey: queryKeys.usage(range),
    queryFn: ({ signal }) =>
      apiFetch(`/api/usage${toSearchParams({ ...range })}`, (c) => c.usageSchema, { signal }),
    // The page changes range often: the last answer stays on screen while the next loads.
    placeholderData: (previous) => previous,
  });
}
