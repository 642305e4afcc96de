/** The caller's API tokens (`GET`/`POST /api/tokens`, `DELETE /api/tokens/{id}`). */
import { queryOptions } from "@tanstack/react-query";
import type { ApiTokenInput } from "@/lib/contract";
import { apiFetch } from "@/lib/client/api-client";
import { queryKeys } from "./keys";
import { useListChange } from "./list-change";

export function tokensQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.tokens,
    queryFn: ({ signal }) => apiFetch("/api/tokens", (c) => c.apiTokenListSchema, { signal }),
    select: (data) => data.items,
  });
}

export const useCreateToken = () =>
  useListChange(queryKeys.tokens, (body: ApiTokenInput) =>
    apiFetch("/api/tokens", (c) => c.apiTokenCreatedSchema, { method: "POST", body }),
  );

export const useRevokeToken = () =>
  useListChange(queryKeys.tokens, (id: string) =>
    apiFetch(`/api/tokens/${encodeURIComponent(id)}`, (c) => c.apiTokenRevokedSchema, { method: "DELETE" }),
  );
