import "server-only";
/**
 * The route wrapper: a route declares who may call it and the contract schemas of its body, query and
 * path parameters; the wrapper checks the caller in the handler itself (a proxy is never the only
 * guard: the origin and the session, or an API token, lib/server/access/caller.ts), validates every
 * input before the handler runs, and turns every failure into the one error shape.
 */
import { z } from "zod/mini";
import { AppError, parseWith, type Member } from "@/lib/contract";
import type { ApiRouteEntry, MediaAnswer } from "@/lib/contract/api-routes";
// Refusals name the problem in zod's English words where a schema has no message of its own.
import "@/lib/render-api/zod-messages";
import { actorOf } from "@/lib/server/access/actor";
import { withoutTokens } from "@/lib/server/access/api-tokens";
import { resolveCaller } from "@/lib/server/access/caller";
import { missingSettings } from "@/lib/server/runtime/config";
import { inFlight } from "@/lib/server/runtime/requests-in-flight";
import type { Actor } from "@/lib/server/ledger/audit";
import { toAppError } from "@/lib/server/runtime/upstream-errors";

/** What a schema in the map parses to, or undefined where the entry has none. */
type Parsed<E, K extends string> = E extends { [P in K]: infer S extends z.core.$ZodType }
  ? z.output<S>
  : undefined;

export interface Caller<E extends ApiRouteEntry> {
  request: Request;
  /**
   * The member the request acts as (by its session, or its API token); null when sign-in is off (or
   * the route is public and nobody signed in).
   */
  member: Member | null;
  /** The member and the client's address, for a service that records what it does in the audit log. */
  actor: Actor;
  body: Parsed<E, "body">;
  query: Parsed<E, "query">;
  params: Parsed<E, "params">;
  /** The headers the entry gives a schema, parsed, by their names. */
  headers: HeaderValues<E>;
}

type HeaderValues<E> = E extends { headers: readonly (infer H)[] }
  ? {
      [K in H as K extends { name: infer N extends string; schema: z.core.$ZodType } ? N : never]: K extends {
        schema: infer S extends z.core.$ZodType;
      }
        ? z.output<S>
        : never;
    }
  : Record<string, never>;

/** The JSON a route's success answer holds, by its entry's schema; never for a media answer. */
type JsonAnswer<E> = E extends { success: { media: MediaAnswer } }
  ? never
  : E extends { success: { schema: infer S extends z.core.$ZodType } }
    ? z.output<S>
    : never;

/**
 * What a handler gives back. A JSON route gives the answer's data, or `reply(data, …)` for another
 * documented status or extra headers: the wrapper builds the response from the entry's schema for
 * that status, so only what the contract names is ever sent (a field the Render Service added to its
 * record never reaches a browser or a script). A media route (a file, a zip, a stream) gives its
 * Response; so may a JSON route for a documented answer with no body (the document's 304).
 */
export type Answer<E> = [JsonAnswer<E>] extends [never]
  ? Response
  : JsonAnswer<E> | Reply | (E extends { otherAnswers: readonly unknown[] } ? Response : never);

/** An answer with a status other than the entry's success status, or headers of its own. */
export class Reply {
  constructor(
    readonly data: unknown,
    readonly status: number | undefined,
    readonly headers: HeadersInit,
  ) {}
}

export const reply = (data: unknown, options: { status?: number; headers?: HeadersInit } = {}) =>
  new Reply(data, options.status, options.headers ?? {});

/**
 * A redirect route's answer (its entry's `success.redirect`): where the browser goes next and the
 * cookies set on the way; 303, so the next request is a GET.
 */
export function redirect({ location, cookies }: { location: string; cookies: readonly string[] }): Response {
  const headers = new Headers({ Location: location, "Cache-Control": "no-store" });
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers });
}

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

export function apiRoute<E extends ApiRouteEntry>(
  entry: E,
  handler: (caller: Caller<E>) => Promise<Answer<E>>,
) {
  const rules = { access: entry.access, sessionOnly: entry.sessionOnly };
  const checkedHeaders = (entry.headers ?? []).flatMap((h) =>
    h.schema ? [[h.name, h.schema] as const] : [],
  );
  // One object schema over the checked headers, so a refusal names the header as its field.
  const headersSchema = z.object(Object.fromEntries(checkedHeaders));
  return (request: Request, context: RouteContext): Promise<Response> =>
    inFlight(async () => {
      try {
        // Before anything else: without the service's address and key no route can do its work, and
        // a 500 would hide what an admin must do.
        if (missingSettings().length > 0) throw notConfigured();
        const member = await resolveCaller(request, rules);
        const params = entry.params ? parseWith(entry.params, await context.params) : undefined;
        const query = entry.query ? readQuery(request, entry.query) : undefined;
        const body = entry.body
          ? parseWith(
              entry.body,
              await readBody(request, entry.formBody ?? false, entry.maxBodyBytes ?? MAX_BODY_BYTES),
              { fullPath: entry.fullFieldPath },
            )
          : undefined;
        const headers = parseWith(
          headersSchema,
          Object.fromEntries(checkedHeaders.map(([name]) => [name, request.headers.get(name) ?? undefined])),
        );
        const actor = actorOf(request, member);
        const caller = { request, member, actor, body, query, params, headers } as Caller<E>;
        return answerFor(entry, await handler(caller));
      } catch (error) {
        return errorResponse(error);
      }
    });
}

/**
 * The response for a handler's answer, built from the entry's schema for its status: parsing keeps
 * the fields the contract names and drops any other. An answer the contract does not allow is the
 * dashboard's own fault: a 500, logged with what was wrong, rather than an answer the document denies.
 */
function answerFor(entry: ApiRouteEntry, answer: unknown): Response {
  if (answer instanceof Response) {
    const bodiless = entry.otherAnswers?.some((a) => a.status === answer.status && !a.schema);
    if (entry.success.media || entry.success.redirect || bodiless) return answer;
    throw contractBroken(`a raw ${answer.status} response where the map declares JSON`);
  }
  const { data, status, headers } =
    answer instanceof Reply ? answer : { data: answer, status: undefined, headers: {} };
  const answerStatus = status ?? entry.success.status;
  const schema =
    answerStatus === entry.success.status
      ? entry.success.schema
      : entry.otherAnswers?.find((a) => a.status === answerStatus)?.schema;
  if (!schema || entry.success.media)
    throw contractBroken(`a ${answerStatus} answer the map does not declare`);
  const parsed = z.safeParse(schema, data);
  if (!parsed.success) throw contractBroken(z.prettifyError(parsed.error));
  return json(parsed.data, answerStatus, headers);
}

const contractBroken = (what: string) =>
  new AppError("internal_error", "The dashboard could not build its answer.", {
    cause: new Error(`The answer breaks its contract: ${what}`),
  });

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

function json(body: unknown, status: number, headers: HeadersInit): Response {
  const all = new Headers(headers);
  all.set("Cache-Control", all.get("Cache-Control") ?? "no-store");
  return Response.json(body, { status, headers: all });
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

function readQuery(request: Request, schema: z.core.$ZodType): unknown {
  return parseWith(schema, Object.fromEntries(new URL(request.url).searchParams));
}

const tooLarge = (maxBytes: number) =>
  new AppError("payload_too_large", `The request body is larger than ${maxBytes} bytes.`);

/**
 * A body whose client went away before sending all of it (a closed tab, a dropped connection): the
 * client's doing, answered as a bad request (to nobody) rather than logged as the server's fault.
 */
const cutOff = () =>
  new AppError("invalid_request", "The request body ended before it was complete.", { status: 400 });

async function readTextWithin(request: Request, maxBytes: number): Promise<string> {
  if (!request.body) return "";
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge(maxBytes);
      chunks.push(chunk);
    }
  } catch (error) {
    throw error instanceof AppError ? error : cutOff();
  }
  return Buffer.concat(chunks).toString("utf8");
}
