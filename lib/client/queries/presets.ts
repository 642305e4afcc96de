/**
 * The team's presets (`GET`/`POST /api/presets`, `PATCH`/`DELETE /api/presets/{id}`) and the caller's
 * prompt history (`GET /api/prompts/recent`).
 */
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { useAction } from "./action";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import { queryKeys } from "./keys";

export function presetsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.presets,
    queryFn: ({ signal }) => apiFetch("/api/presets", (c) => c.presetListSchema, { signal }),
    select: (data) => data.items,
  });
}

/** A change to the presets; each re-reads the list after, as teammates may have changed it too. */
function usePresetChange<V, T>(change: (variables: V) => Promise<T>) {
  const queryClient = useQueryClient();
  return useAction({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.presets }),
  });
}

const presetPath = (id: string) => `/api/presets/${encodeURIComponent(id)}`;

/** Saves a preset: its name and the render request's fields, the prompt only when it is to be kept. */
export const useCreatePreset = () =>
  usePresetChange((body: Record<string, unknown> & { name: string }) =>
    apiFetch("/api/presets", (c) => c.presetSchema, { method: "POST", body }),
  );

export const useRenamePreset = () =>
  usePresetChange(({ id, name }: { id: string; name: string }) =>
    apiFetch(presetPath(id), (c) => c.presetSchema, { method: "PATCH", body: { name } }),
  );

export const useDeletePreset = () =>
  usePresetChange((id: string) =>
    apiFetch(presetPath(id), (c) => c.presetDeletedSchema, { method: "DELETE" }),
  );

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
