/** The caller's API tokens (`GET`/`POST /api/tokens`, `DELETE /api/tokens/{id}`). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApiTokenInput } from "@/lib/contract";
import { apiFetch } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

export function tokensQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tokens,
    queryFn: ({ signal }) => apiFetch("/api/tokens", (c) => c.apiTokenListSchema, { signal }),
    select: (data) => data.items,
  });
}

/** A change to the tokens; the list re-reads after. */
function useTokenChange<V, T>(change: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tokens }),
  });
}

export const useCreateToken = () =>
  useTokenChange((body: ApiTokenInput) =>
    apiFetch("/api/tokens", (c) => c.apiTokenCreatedSchema, { method: "POST", body }),
  );

export const useRevokeToken = () =>
  useTokenChange((id: string) =>
    apiFetch(`/api/tokens/${encodeURIComponent(id)}`, (c) => c.apiTokenRevokedSchema, { method: "DELETE" }),
  );
