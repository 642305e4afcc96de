/** Share links (`GET`/`POST /api/shares`, `DELETE /api/shares/{id}`). */
import { queryOptions } from "@tanstack/react-query";
import type { ShareTarget } from "@/lib/contract";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { queryKeys } from "./keys";
import { useListChange } from "./list-change";

/** `GET /api/shares` filtered to one render's or board's links (`?render=` or `?board=`), or all. */
const listPath = (target?: ShareTarget) =>
  `/api/shares${toSearchParams(target ? { [target.kind]: target.id } : {})}`;

/** One target's links, or (none) every link the caller may see. */
export function sharesQueryOptions(target?: ShareTarget) {
  return queryOptions({
    queryKey: queryKeys.shares.list(target),
    queryFn: ({ signal }) => apiFetch(listPath(target), (c) => c.shareListSchema, { signal }),
    select: (data) => data.items,
  });
}

/** A change to the links; every list re-reads after, as one link shows in several. */
const useShareChange = <V, T>(change: (variables: V) => Promise<T>) =>
  useListChange(queryKeys.shares.all, change);

export interface ShareRequest extends ShareTarget {
  expiresAt: string | null;
  showPrompt: boolean;
  /** Guests may comment through the link. */
  allowComments: boolean;
}

export const useCreateShare = () =>
  useShareChange((body: ShareRequest) =>
    apiFetch("/api/shares", (c) => c.shareCreatedSchema, { method: "POST", body }),
  );

export const useRevokeShare = () =>
  useShareChange((id: string) =>
    apiFetch(`/api/shares/${encodeURIComponent(id)}`, (c) => c.shareRevokedSchema, { method: "DELETE" }),
  );
