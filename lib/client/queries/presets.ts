/**
 * The team's presets (`GET`/`POST /api/presets`, `PATCH`/`DELETE /api/presets/{id}`) and the caller's
 * prompt history (`GET /api/prompts/recent`).
 */
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

export function presetsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.presets,
    queryFn: ({ signal }) => apiFetch("/api/presets", (c) => c.presetListSchema, { signal }),
    select: (data) => data.items,
  });
}

/** Every change re-reads the list: teammates may have changed it too. */
function useInvalidatePresets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.presets });
}

/** Saves a preset: its name and the render request's fields, the prompt only when it is to be kept. */
export function useCreatePreset() {
  const invalidate = useInvalidatePresets();
  return useMutation({
    mutationFn: (body: Record<string, unknown> & { name: string }) =>
      apiFetch("/api/presets", (c) => c.presetSchema, { method: "POST", body }),
    onSuccess: invalidate,
  });
}

export function useRenamePreset() {
  const invalidate = useInvalidatePresets();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      apiFetch(`/api/presets/${encodeURIComponent(id)}`, (c) => c.presetSchema, {
        method: "PATCH",
        body: { name },
      }),
    onSettled: invalidate,
  });
}

export function useDeletePreset() {
  const invalidate = useInvalidatePresets();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch(`/api/presets/${encodeURIComponent(id)}`, (c) => c.presetDeletedSchema, { method: "DELETE" }),
    onSettled: invalidate,
  });
}

export function recentPromptsQueryOptions(q: string) {
  return queryOptions({
    queryKey: queryKeys.recentPrompts(q),
    queryFn: ({ signal }) =>
      apiFetch(`/api/prompts/recent${toSearchParams({ q })}`, (c) => c.recentPromptsSchema, { signal }),
    select: (data) => data.items.map((item) => item.prompt),
    // A render started a moment ago joins the history: asked again after a short while.
    staleTime: 5_000,
  });
}
