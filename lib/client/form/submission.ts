/**
 * What a render submission does with its `Idempotency-Key`; how each error the server can answer is
 * shown is in submit-failure.ts.
 */
import { isAppError } from "@/lib/contract/errors";

/** The last submission whose outcome the form did not learn, kept so a retry of it reuses its key. */
export interface UnsettledSubmission {
  key: string;
  /** The request body as sent (JSON), so only a retry of the very same request reuses the key. */
  body: string;
}

/**
 * The key for a submission: the unsettled one's key when this is a retry of the same request (the
 * server then answers with the render it may already have started, never a second one), else new.
 */
export function idempotencyKeyFor(
  unsettled: UnsettledSubmission | null,
  body: string,
  newKey: () => string,
): string {
  return unsettled !== null && unsettled.body === body ? unsettled.key : newKey();
}

/**
 * True when a retry of the failed submission must keep its key. Only when no answer came (network):
 * the server may have started the render, and will answer the same key with it. Any answer was
 * recorded under the key and would be replayed, so a retry after one is a new submission; except a
 * 409 for a key still being submitted, where a new key could start the render a second time.
 */
export function retryKeepsKey(error: unknown): boolean {
  if (!isAppError(error)) return true;
  return error.status === 0 || error.code === "idempotency_conflict";
}
