/**
 * Validation of any input against a contract schema, failing with the one error shape: the first
 * issue becomes an `invalid_request` naming its field, on the server and in the browser alike.
 */
import type { z } from "zod";
import { firstIssue } from "@/lib/domain/render-request";
import { AppError } from "./errors";

export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, message } = firstIssue(parsed.error);
  throw new AppError("invalid_request", message, field === undefined ? {} : { field });
}
