/**
 * The cost of a render before it is started (`GET /api/estimate`): from the rate card, from earlier
 * renders of the same model and resolution, or "included in the plan".
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";

import { queryKeys } from "./keys";

export type EstimateParams = Record<string, string | number | boolean>;

export function estimateQueryOptions(params: EstimateParams) {
  return queryOptions({
    queryKey: queryKeys.estimate(params),
    queryFn: ({ signal }) =>
      apiFetch(`/api/estimate${toSearchParams(params)}`, (c) => c.costEstimateSchema, { signal }),
    // Estimates move only as renders complete; a minute old is fresh enough to decide on.
    staleTime: 60_000,
    // While the next estimate loads, keep showing the last one rather than flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function useEstimate(params: EstimateParams) {
  return useQuery(estimateQueryOptions(params));
}
