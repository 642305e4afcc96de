import "server-only";
/**
 * The route wrapper: a route declares who may call it and the contract schemas of its body, query and
 * path parameters; the wrapper checks the caller in the handler itself (a proxy is never the only
 * guard: the origin and the session, or an API token, lib/server/access/caller.ts), validates every
 * input before the handler runs, and turns every failure into the one error shape.
 */
import type { z } from "zod/mini";
import { AppError, parseWith, type Member } from "@/lib/contract";
// Refusals name the problem in zod's English words where a schema has no message of its own.
import "@/lib/render-api/zod-messages";
import { missingSettings } from "@/lib/server/runtime/config";
import { inFlight } from "@/lib/server/runtime/requests-in-flight";
import { toAppError } from "@/lib/server/runtime/upstream-errors";
import { withoutTokens } from "@/lib/server/access/api-tokens";
import { resolveCaller } from "@/lib/server/access/caller";

export interface RouteSpec<B, Q, P> {
  /** Who may call: any signed-in member (default), admins only, or anyone (sign-in, health). */
  access?: "member" | "admin" | "public";
  /** A browser session only: a request with an API token is refused (403). */
  sessionOnly?: boolean;
  /** The JSON body's schema; the body must be sent as `application/json`. */
  body?: z.core.$ZodType<B>;
  /**
   * The body may also come as `application/x-www-form-urlencoded`: a form the browser submits
   * itself, so that its download manager takes the answer. Its fields are validated by `body` as an
   * object (a repeated field as an array of its values). The origin check still applies.
   */
  formBody?: boolean;
  /** A larger body limit than the default MAX_BODY_BYTES, for the one route that needs it. */
  maxBodyBytes?: number;
  /** A refusal names the whole path of the bad value (`rows.3.durationSeconds`), not only its first part. */
  fullFieldPath?: boolean;
  /** The query string's schema (its values are text). */
  query?: z.core.$ZodType<Q>;
  /** The dynamic path segments' schema. */
  params?: z.core.$ZodType<P>;
}

export interface Caller<B, Q, P> {
  request: Request;
  /**
   * The member the request acts as (by its session, or its API token); null when sign-in is off (or
   * the route is public and nobody signed in).
   */
  member: Member | null;
  body: B;
  query: Q;
  params: P;
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export function apiRoute<B = undefined, Q = undefined, P = undefined>(
  spec: RouteSpec<B, Q, P>,
  handler: (caller: Caller<B, Q, P>) => Promise<Response>,
) {
  const rules = { access: spec.access ?? "member", sessionOnly: spec.sessionOnly };
  return (request: Request, context: RouteContext): Promise<Response> =>
    inFlight(async () => {
      try {
        // Before anything else: without the service's address and key no route can do its work, and
        // a 500 would hide what an admin must do.
        if (missingSettings().length > 0) throw notConfigured();
        const member = await resolveCaller(request, rules);
        const params = spec.params ? parseWith(spec.params, await context.params) : (undefined as P);
        const query = spec.query ? readQuery(request, spec.query) : (undefined as Q);
        const body = spec.body
          ? parseWith(
              spec.body,
              await readBody(request, spec.formBody ?? false, spec.maxBodyBytes ?? MAX_BODY_BYTES),
              { fullPath: spec.fullFieldPath },
            )
          : (undefined as B);
        return await handler({ request, member, body, query, params });
      } catch (error) {
        return errorResponse(error);
      }
    });
}

const notConfigured = () =>
  new AppError(
    "not_configured",
    "The dashboard is not set up yet: an admin must set RENDER_API_BASE_URL and RENDER_API_KEY, then restart it.",
  );

export function errorResponse(error: unknown): Response {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    // The cause is logged for operators; the response carries only the dashboard's own message. No
    // request header is logged, and a token quoted by some error's text is cut to its prefix.
    const cause = appError.cause instanceof Error ? `${appError.cause.name}: ${appError.cause.message}` : "";
    console.error(withoutTokens(`[api] ${appError.code}: ${appError.message}${cause ? ` (${cause})` : ""}`));
  }
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (appError.retryAfterSeconds !== undefined)
    headers["Retry-After"] = String(Math.ceil(appError.retryAfterSeconds));
  return Response.json(appError.toBody(), { status: appError.status, headers });
}

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/**
 * Largest body a route accepts unless it says otherwise (`maxBodyBytes`): a render request with a
 * full prompt and every reference, or a zip's selection of 500 ids.
 */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * `application/json`, with or without parameters. Anything else is refused before the body is read:
 * text/plain, form encodings and multipart are what a browser sends cross-site without a preflight.
 * A route that takes forms (`formBody`) relies on the origin check alone, which runs first.
 */
const JSON_MEDIA_TYPE = /^application\/json\s*(;|$)/i;
const FORM_MEDIA_TYPE = /^application\/x-www-form-urlencoded\s*(;|$)/i;

/** The request's body, type-checked, size-capped and syntax-checked; callers validate it. */
async function readBody(request: Request, formBody: boolean, maxBytes: number): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const form = formBody && FORM_MEDIA_TYPE.test(contentType);
  if (!form && !JSON_MEDIA_TYPE.test(contentType)) {
    throw new AppError(
      "unsupported_media_type",
      formBody
        ? "The request body must be sent as application/json or application/x-www-form-urlencoded."
        : "The request body must be sent as application/json.",
    );
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > maxBytes) throw tooLarge(maxBytes);
  const text = await readTextWithin(request, maxBytes);
  if (form) return formFields(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("invalid_request", "The request body must be valid JSON.");
  }
}

/** A form's fields: each name's value, or its values in order when it is repeated. */
function formFields(text: string): Record<string, string | string[]> {
  // A Map, then own properties: a field named `__proto__` stays a field.
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = fields.get(name);
    fields.set(name, seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value]);
  }
  return Object.fromEntries(fields);
}

function readQuery<T>(request: Request, schema: z.core.$ZodType<T>): T {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams));
}

const tooLarge = (maxBytes: number) =>
  new AppError("payload_too_large", `The request body is larger than ${maxBytes} bytes.`);

async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > maxBytes) throw tooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}
