import "server-only";
/**
 * The route wrapper and its helpers: handlers stay thin, every input is validated with a shared
 * schema, and every failure leaves as the one error shape.
 */
import type { z } from "zod";
import { AppError } from "@/lib/contract/errors";
import { firstIssue } from "@/lib/domain/render-request";
import type { Member } from "@/lib/server/ledger/members";
import { assertSameOrigin } from "@/lib/server/team/origin";
import { memberFromCookies, requireMember } from "@/lib/server/team/session";
import { toAppError } from "@/lib/server/runtime/upstream-errors";

type RouteContext<P> = { params: Promise<P> };

export interface Caller<P> {
  request: Request;
  params: P;
  /** The signed-in member; null when sign-in is off (or the route is public and nobody signed in). */
  member: Member | null;
}

export interface RouteOptions {
  /** Who may call: any signed-in member (default), admins only, or anyone (sign-in, health). */
  access?: "member" | "admin" | "public";
}

/**
 * Wraps a route handler: refuses cross-site writes, checks the session in the handler itself (a
 * proxy is never the only guard), and turns every failure into the one error shape.
 */
export function apiRoute<P = Record<string, never>>(
  handler: (caller: Caller<P>) => Promise<Response>,
  { access = "member" }: RouteOptions = {},
) {
  return async (request: Request, context: RouteContext<P>): Promise<Response> => {
    try {
      assertSameOrigin(request);
      const cookies = request.headers.get("cookie");
      const member =
        access === "public" ? await memberFromCookies(cookies) : await requireMember(cookies, access);
      return await handler({ request, params: await context.params, member });
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function errorResponse(error: unknown): Response {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    // The cause is logged for operators; the response carries only the dashboard's own message.
    const cause = appError.cause instanceof Error ? `${appError.cause.name}: ${appError.cause.message}` : "";
    console.error(`[api] ${appError.code}: ${appError.message}${cause ? ` (${cause})` : ""}`);
  }
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (appError.retryAfterSeconds !== undefined)
    headers["Retry-After"] = String(Math.ceil(appError.retryAfterSeconds));
  return Response.json(appError.toBody(), { status: appError.status, headers });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** Largest JSON body any route accepts: a render request with a full prompt and every reference. */
const MAX_JSON_BYTES = 64 * 1024;

/** The request's JSON body, size-capped and syntax-checked; callers validate it with a schema. */
export async function readJsonBody(request: Request): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_JSON_BYTES) throw tooLarge();
  const text = await readTextWithin(request, MAX_JSON_BYTES);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("invalid_request", "The request body must be valid JSON.");
  }
}

export function readQuery<T>(request: Request, schema: z.ZodType<T>): T {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams));
}

export function parseWith<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const { field, message } = firstIssue(parsed.error);
  throw new AppError("invalid_request", message, field === undefined ? {} : { field });
}

const tooLarge = () =>
  new AppError("payload_too_large", `The request body is larger than ${MAX_JSON_BYTES} bytes.`);

async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
