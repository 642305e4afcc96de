/**
 * The rate card as an admin edits it (`GET`/`POST /api/rates`). Its key lives here, not in keys.ts,
 * so the home page's first load does not carry it.
 */
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useAction } from "./action";
import { apiFetch } from "@/lib/client/api-client";
import type { RateOverrideInput } from "@/lib/contract";
import { queryKeys } from "./keys";

const RATES_KEY = ["rates"] as const;

export function rateCardQueryOptions() {
  return queryOptions({
    queryKey: RATES_KEY,
    queryFn: ({ signal }) => apiFetch("/api/rates", (c) => c.rateCardSchema, { signal }),
  });
}

export function useRateCard() {
  return useQuery(rateCardQueryOptions());
}

/** Sets or clears one key's override; every estimate may move with it. */
export function useSetRateOverride() {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: (input: RateOverrideInput) =>
      apiFetch("/api/rates", (c) => c.rateCardSchema, { method: "POST", body: input }),
    onSuccess: (card) => queryClient.setQueryData(RATES_KEY, card),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.estimates }),
  });
}
