/**
 * Starting a render: `POST /api/renders` with an `Idempotency-Key`, so a retry of the same logical
 * submission after a network failure can never start (and charge) the render twice.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiFetch } from "../api-client";
import { ledgerRenderSchema } from "../contract";
import type { RenderRequest } from "../render-request";
import { createRenderResponseSchema } from "../service-records";
import { queryKeys } from "./keys";

export const createRenderResultSchema = createRenderResponseSchema.extend({
  requestId: z.string(),
  renders: z.array(ledgerRenderSchema),
});
export type CreateRenderResult = z.infer<typeof createRenderResultSchema>;

export interface CreateRenderVariables {
  request: RenderRequest;
  /**
   * One key per logical submission. Pass the same key again to retry that submission (the server
   * answers with the render it already started); leave it out for a new submission.
   */
  idempotencyKey?: string;
}

export function createRender({
  request,
  idempotencyKey,
}: CreateRenderVariables): Promise<CreateRenderResult> {
  return apiFetch("/api/renders", createRenderResultSchema, {
    method: "POST",
    body: request,
    headers: { "Idempotency-Key": idempotencyKey ?? crypto.randomUUID() },
  });
}

export function useCreateRender() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRender,
    onSuccess: async () => {
      // A new render shows in the gallery at once, and its up-front charge changes the balance.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.renders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.account }),
      ]);
    },
  });
}
