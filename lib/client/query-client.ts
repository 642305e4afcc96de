/**
 * The dashboard's one QueryClient and its policy.
 *
 * - staleTime 5 s: the ledger is local and cheap to read, but a focus or mount within a few seconds of
 *   the last fetch should not ask again. Nothing polls: the live event stream (lib/client/live)
 *   updates what is shown.
 * - retry: only failures that may pass on their own (network, 5xx, 429). A 4xx AppError (invalid
 *   filter, unknown id, a rejected server key) will answer the same way again, so it is shown at once.
 * - refetchOnWindowFocus stays on but is bounded by staleTime, and refetchOnReconnect is kept, so
 *   returning to the tab refreshes once rather than in a storm.
 * - Mutations never retry: a create spends credits; its Idempotency-Key makes a user's retry safe.
 */
import { QueryClient, isServer } from "@tanstack/react-query";
import { isAppError } from "@/lib/contract/errors";

const MAX_RETRIES = 2;

function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_RETRIES) return false;
  if (isAppError(error) && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
  return true;
}

function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5_000,
        gcTime: 5 * 60_000,
        retry: shouldRetry,
        retryDelay: (attempt, error) =>
          isAppError(error) && error.retryAfterSeconds !== undefined
            ? error.retryAfterSeconds * 1000
            : Math.min(1000 * 2 ** attempt, 8_000),
        refetchOnWindowFocus: true,
        refetchOnReconnect: true,
      },
      mutations: { retry: false },
    },
  });
}

let browserClient: QueryClient | undefined;

/** A fresh client per server render (no data shared between requests), one client per browser tab. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserClient ??= makeQueryClient();
  return browserClient;
}
