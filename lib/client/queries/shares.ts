/** Share links (`GET`/`POST /api/shares`, `DELETE /api/shares/{id}`). */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ShareKind } from "@/lib/contract";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

export function sharesQueryOptions(render?: string) {
  return queryOptions({
    queryKey: queryKeys.shares.list(render),
    queryFn: ({ signal }) =>
      apiFetch(`/api/shares${toSearchParams({ render })}`, (c) => c.shareListSchema, { signal }),
    select: (data) => data.items,
  });
}

/** A change to the links; every list re-reads after, as one link shows in several. */
function useShareChange<V, T>(change: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.shares.all }),
  });
}

export interface ShareRequest {
  kind: ShareKind;
  id: string;
  expiresAt: string | null;
  showPrompt: boolean;
}

export const useCreateShare = () =>
  useShareChange((body: ShareRequest) =>
    apiFetch("/api/shares", (c) => c.shareCreatedSchema, { method: "POST", body }),
  );

export const useRevokeShare = () =>
  useShareChange((id: string) =>
    apiFetch(`/api/shares/${encodeURIComponent(id)}`, (c) => c.shareRevokedSchema, { method: "DELETE" }),
  );
