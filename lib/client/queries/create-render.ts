/**
 * Starting a render: `POST /api/renders` with an `Idempotency-Key`, so a retry of the same logical
 * submission after a network failure can never start (and charge) the render twice. The answer is the
 * render started, or held for an admin's approval. On success or failure the gallery and the balance
 * are refetched.
 */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiFetch } from "@/lib/client/api-client";
import type { CreateRenderAnswer, RenderRequest } from "@/lib/contract";
import { queryKeys } from "./keys";
import { useRefreshSpend } from "./session";

export interface CreateRenderVariables {
  request: RenderRequest;
  /**
   * One key per logical submission. Pass the same key again to retry that submission (the server
   * answers with the render it already started); leave it out for a new submission.
   */
  idempotencyKey?: string;
}

function createRender({ request, idempotencyKey }: CreateRenderVariables): Promise<CreateRenderAnswer> {
  return apiFetch("/api/renders", (c) => c.createRenderAnswerSchema, {
    method: "POST",
    body: request,
    headers: { "Idempotency-Key": idempotencyKey ?? crypto.randomUUID() },
  });
}

export function useCreateRender() {
  const queryClient = useQueryClient();
  const refreshSpend = useRefreshSpend();
  return useMutation({
    mutationFn: createRender,
    // Any outcome can add a ledger row (started, rejected, or unknown after a timeout) and a charge
    // can change the balance and the member's spend, so the gallery and both are refreshed either way. Not awaited:
    // the form hears the outcome at once while the refetches run.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.renders.all });
      refreshSpend();
    },
  });
}
