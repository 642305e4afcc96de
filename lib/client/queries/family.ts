/** A render's family (`GET /api/renders/{id}/family`), kept under the renders' keys so a render's change refreshes it. */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

export function renderFamilyQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...queryKeys.renders.all, "family", id] as const,
    queryFn: ({ signal }) =>
      apiFetch(`/api/renders/${encodeURIComponent(id)}/family`, (c) => c.renderFamilySchema, { signal }),
  });
}

export const useRenderFamily = (id: string, enabled: boolean) =>
  useQuery({ ...renderFamilyQueryOptions(id), enabled });
