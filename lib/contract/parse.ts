/**
 * Validation of any input against a contract schema, failing with the one error shape: the first
 * issue becomes an `invalid_request` naming its field, on the server and in the browser alike.
 */
import { z } from "zod/mini";
import { firstIssue } from "@/lib/domain/render-request";
import { AppError } from "./errors";

/**
 * Takes any zod schema, mini (the contract's) or classic (a server module's own). The refusal's
 * field is the issue's first path segment, or with `fullPath` all of it (`rows.3.durationSeconds`:
 * a body holding a list of requests names the request as well as its field).
 */
export function parseWith<T>(
  schema: z.core.$ZodType<T>,
  value: unknown,
  options: { fullPath?: boolean } = {},
): T {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const { field, message } = firstIssue(parsed.error);
  const path = parsed.error.issues[0]?.path ?? [];
  const named = options.fullPath && path.length > 0 ? path.map(String).join(".") : field;
  throw new AppError("invalid_request", message, named === undefined ? {} : { field: named });
}

/** Parses without throwing; for callers that reach zod only through the contract (the browser's fetcher). */
export function safeParseWith<T>(schema: z.core.$ZodType<T>, value: unknown) {
  return z.safeParse(schema, value);
}
