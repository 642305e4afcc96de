/**
 * The deployment's state as an admin sees it (`GET /api/health`): re-read every few seconds while
 * a page shows it. A 503 (not ready) carries the same details, which are what an admin needs then.
 */
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

/** How often an open status view reads the health again. */
const HEALTH_REFRESH_MS = 5_000;

export function useHealth() {
  return useQuery({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => apiFetch("/api/health", (c) => c.healthSchema, { signal, answeredWith: [503] }),
    refetchInterval: HEALTH_REFRESH_MS,
  });
}
