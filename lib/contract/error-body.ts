/**
 * The one error shape as a schema, and the browser's way back from a response body to the same
 * `AppError` the server threw (lib/contract/errors.ts keeps the class itself free of zod).
 */
import { z } from "zod/mini";
import { AppError } from "./errors";

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.optional(z.string()),
    retryAfterSeconds: z.optional(z.number()),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Rebuilds the error from a dashboard API response body (browser side). */
export function appErrorFromBody(status: number, body: unknown): AppError {
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    return new AppError("upstream_error", `Unexpected response from the dashboard server (HTTP ${status})`, {
      status,
    });
  }
  const { code, message, field, retryAfterSeconds } = parsed.data.error;
  return new AppError(code, message, { status, field, retryAfterSeconds });
}
