/**
 * Validation of any input against a contract schema, failing with the one error shape: the first
 * issue becomes an `invalid_request` naming its field, on the server and in the browser alike.
 */
import { z } from "zod/mini";
import { firstIssue } from "@/lib/domain/render-request";
import { AppError } from "./errors";

/** Takes any zod schema, mini (the contract's) or classic (a server module's own). */
export function parseWith<T>(schema: z.core.$ZodType<T>, value: unknown): T {
  const parsed = z.safeParse(schema, value);
  if (parsed.success) return parsed.data;
  const { field, message } = firstIssue(parsed.error);
  throw new AppError("invalid_request", message, field === undefined ? {} : { field });
}

/** Parses without throwing; for callers that reach zod only through the contract (the browser's fetcher). */
export function safeParseWith<T>(schema: z.core.$ZodType<T>, value: unknown) {
  return z.safeParse(schema, value);
}
