/**
 * Batch runs (`/api/runs`, docs/api.md "Runs"): the team's runs, one run with its rows, what a
 * file's rows would cost, and making and cancelling a run. The server pages set the same queries;
 * `run` events and the run's render events keep them current (lib/client/live/apply-events.ts).
 */
import { queryOptions } from "@tanstack/react-query";
import type { RenderRequest, RunGrid } from "@/lib/contract";
import { apiFetch } from "@/lib/client/api-client";
import { runKeys } from "./run-keys";

const runPath = (id: string) => `/api/runs/${encodeURIComponent(id)}`;

export function runsQueryOptions() {
  return queryOptions({
    queryKey: runKeys.list(),
    queryFn: ({ signal }) => apiFetch("/api/runs", (c) => c.runListSchema, { signal }),
    select: (data) => data.items,
  });
}

export function runQueryOptions(id: string) {
  return queryOptions({
    queryKey: runKeys.detail(id),
    queryFn: ({ signal }) => apiFetch(runPath(id), (c) => c.runDetailSchema, { signal }),
    retry: false,
  });
}

export function runEstimateQueryOptions(rows: readonly RenderRequest[]) {
  return queryOptions({
    queryKey: runKeys.estimate(rows),
    queryFn: ({ signal }) =>
      apiFetch("/api/runs/estimate", (c) => c.runEstimateSchema, { method: "POST", body: { rows }, signal }),
    enabled: rows.length > 0,
    staleTime: 60_000,
  });
}

/** Starts a run of these rows; `grid` when they were made from one (its axes and each row's cell). */
export const startRun = (name: string, rows: readonly RenderRequest[], grid?: RunGrid) =>
  apiFetch("/api/runs", (c) => c.runDetailSchema, { method: "POST", body: { name, rows, grid } });

export const cancelRun = (id: string) =>
  apiFetch(`${runPath(id)}/cancel`, (c) => c.runDetailSchema, { method: "POST" });
