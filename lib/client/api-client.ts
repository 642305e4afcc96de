/**
 * The browser's one way to call the dashboard's API: JSON in, JSON out, and every failure rebuilt
 * as the same `AppError` the server threw, so components branch on `code`, `field` and
 * `retryAfterSeconds` rather than on messages.
 */
import type { z } from "zod/mini";
import { AppError } from "@/lib/contract/errors";
import { loadContract, type Contract } from "./contract-loader";

/** Picks the schema of an answer from the contract (loaded on the first call, see contract-loader). */
export type SchemaOf<T> = (contract: Contract) => z.core.$ZodType<T>;

export interface ApiRequest {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Failure statuses whose body is still the answer (the health check's 503 carries its details). */
  answeredWith?: readonly number[];
}

export async function apiFetch<T>(path: string, schemaOf: SchemaOf<T>, request: ApiRequest = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: request.method ?? "GET",
      headers: {
        Accept: "application/json",
        ...(request.body !== undefined && { "Content-Type": "application/json" }),
        ...request.headers,
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
      cache: "no-store",
    });
  } catch (cause) {
    if (request.signal?.aborted) throw cause;
    throw new AppError(
      "upstream_unavailable",
      "The dashboard server cannot be reached. Check your connection.",
      {
        status: 0,
        cause,
      },
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  return readAnswer(path, response.status, body, schemaOf, request.answeredWith);
}

/**
 * An answer's body as its contract schema reads it, or the `AppError` it carries (any status but
 * 2xx and `answeredWith`'s).
 */
export async function readAnswer<T>(
  path: string,
  status: number,
  body: unknown,
  schemaOf: SchemaOf<T>,
  answeredWith: readonly number[] = [],
): Promise<T> {
  const contract = await loadContract();
  if ((status < 200 || status >= 300) && !answeredWith.includes(status))
    throw contract.appErrorFromBody(status, body);
  const parsed = contract.safeParseWith(schemaOf(contract), body);
  if (!parsed.success) throw new AppError("upstream_error", `Unexpected response from ${path}`, { status });
  return parsed.data;
}

/** Builds a query string from defined, non-empty values only. */
export function toSearchParams(values: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "") continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}
