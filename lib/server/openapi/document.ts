import "server-only";
/**
 * The OpenAPI 3.1 document of the dashboard's API, built from the route map
 * (lib/contract/api-routes.ts) and the error shape: each input schema converted with zod's JSON Schema
 * output as the route reads it (`io: "input"`), each answer as the route writes it (`"output"`), and
 * the error codes each route may answer grouped by their status. Built once per process.
 */
import { createHash } from "node:crypto";
import { z } from "zod/mini";
import { ERROR_STATUS, errorBodySchema, type ErrorCode } from "@/lib/contract";
import { boardSchema, liveEventSchema, ledgerRenderSchema, ledgerUploadSchema } from "@/lib/contract";
import { memberSpendSchema, presetSchema, shareSchema } from "@/lib/contract";
import { apiRouteList, type ApiMethod, type ApiRouteEntry } from "@/lib/contract/api-routes";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "@/lib/server/access/session-cookie";

export type JsonSchema = Record<string, unknown>;
type Io = "input" | "output";

/**
 * A zod schema as JSON Schema (2020-12, OpenAPI 3.1's dialect). What zod cannot express (a
 * transform's output, a custom check) throws here rather than being documented as "anything": the
 * map declares the accepted shape beside such a schema (`documented`). Refinements (a prompt that
 * is not blank, a model's own durations, a date range's order) are not part of JSON Schema; the
 * route answers 422 for them, naming the field.
 */
function jsonSchemaOf(schema: z.core.$ZodType, io: Io): JsonSchema {
  // The dialect is OpenAPI 3.1's own; each schema need not name it.
  const json: JsonSchema = z.toJSONSchema(schema, { io, target: "draft-2020-12" });
  delete json.$schema;
  return json;
}

const ERROR_REF = { $ref: "#/components/schemas/Error" };

/** Readers' names for the shapes many answers hold; the answers themselves carry them inline. */
const NAMED_SCHEMAS: Record<string, z.core.$ZodType> = {
  LedgerRender: ledgerRenderSchema,
  LedgerUpload: ledgerUploadSchema,
  Board: boardSchema,
  Preset: presetSchema,
  Share: shareSchema,
  MemberSpend: memberSpendSchema,
  LiveEvent: liveEventSchema,
};

/** Every code a route of this kind may answer, beyond those its entry lists. */
function sharedCodes(method: ApiMethod, entry: ApiRouteEntry): ErrorCode[] {
  const codes: ErrorCode[] = ["internal_error", "not_configured"];
  if (entry.params || entry.query || entry.body || entry.multipart) codes.push("invalid_request");
  if (entry.body) codes.push("unsupported_media_type", "payload_too_large");
  // A bearer token is checked on every route, public ones too: one that is wrong, revoked or
  // expired is refused, and wrong ones from one address are throttled like wrong passwords.
  codes.push("unauthenticated", "rate_limited");
  // Admins only; any change from another site (the origin check on every unsafe method); a route
  // for sessions only, asked with a token.
  if (entry.access === "admin" || method !== "GET" || entry.sessionOnly) codes.push("forbidden");
  // A read-only token asking to change something.
  if (entry.access !== "public" && method !== "GET") codes.push("insufficient_scope");
  return codes;
}

/** The error answer for one status: the one shape, its `code` one of those listed. */
function errorAnswer(codes: readonly string[]): { description: string; schema: JsonSchema } {
  return {
    description: codes.map((code) => `\`${code}\``).join(", "),
    schema: {
      allOf: [
        ERROR_REF,
        { type: "object", properties: { error: { type: "object", properties: { code: { enum: codes } } } } },
      ],
    },
  };
}

function responses(method: ApiMethod, entry: ApiRouteEntry): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const { success } = entry;
  out[String(success.status)] = success.redirect
    ? {
        description: success.description,
        headers: { Location: { description: "Where the browser goes next.", schema: { type: "string" } } },
      }
    : {
        description: success.description,
        content: success.media
          ? { [success.media]: success.media === "text/event-stream" ? { schema: { type: "string" } } : {} }
          : { "application/json": { schema: success.schema ? jsonSchemaOf(success.schema, "output") : {} } },
      };
  const byStatus = new Map<number, string[]>();
  for (const code of new Set([...sharedCodes(method, entry), ...(entry.errors ?? [])])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // proxy.ts answers a malformed percent-escape in any API path before the route is reached, and
  // the route wrapper a body its client stopped sending halfway.
  byStatus.set(400, ["invalid_request"]);
  const other = new Map((entry.otherAnswers ?? []).map((answer) => [answer.status, answer]));
  const statuses = [...new Set([...byStatus.keys(), ...other.keys()])].sort((a, b) => a - b);
  for (const status of statuses) {
    const codes = byStatus.get(status);
    const answer = other.get(status);
    const error = codes && errorAnswer(codes);
    const schemas = [answer?.schema && jsonSchemaOf(answer.schema, "output"), error?.schema].filter(
      (s): s is JsonSchema => s !== undefined,
    );
    out[String(status)] = {
      description: [answer?.description, error && `Error: ${error.description}`].filter(Boolean).join(" "),
      ...(schemas.length > 0 && {
        content: { "application/json": { schema: schemas.length === 1 ? schemas[0] : { anyOf: schemas } } },
      }),
    };
  }
  return out;
}

function parameters(entry: ApiRouteEntry): unknown[] {
  const fromObject = (schema: z.core.$ZodType | undefined, where: "path" | "query") => {
    if (!schema) return [];
    const json = jsonSchemaOf(schema, "input");
    const required = new Set((json.required as string[] | undefined) ?? []);
    return Object.entries((json.properties as Record<string, JsonSchema> | undefined) ?? {}).map(
      ([name, property]) => ({
        name,
        in: where,
        required: where === "path" || required.has(name),
        schema: property,
      }),
    );
  };
  return [
    ...fromObject(entry.params, "path"),
    ...fromObject(entry.documented?.query ?? entry.query, "query"),
    ...(entry.headers ?? []).map(({ name, description, schema }) => ({
      name,
      in: "header",
      required: false,
      description,
      schema: schema ? jsonSchemaOf(schema, "input") : { type: "string" },
    })),
  ];
}

function requestBody(entry: ApiRouteEntry): unknown {
  if (entry.multipart) {
    const fields = jsonSchemaOf(entry.multipart.fields, "input");
    const { file } = entry.multipart;
    const schema = {
      ...fields,
      properties: {
        ...(fields.properties as object),
        [file]: { type: "string", contentMediaType: "application/octet-stream" },
      },
      required: [...((fields.required as string[] | undefined) ?? []), file],
    };
    return { required: true, content: { "multipart/form-data": { schema } } };
  }
  const body = entry.documented?.body ?? entry.body;
  if (!body) return undefined;
  const schema = jsonSchemaOf(body, "input");
  return {
    required: true,
    content: {
      "application/json": { schema },
      ...(entry.formBody && { "application/x-www-form-urlencoded": { schema } }),
    },
  };
}

/** `GET /api/renders/{id}/favourite` → `putRendersByIdFavourite`. */
function operationId(method: ApiMethod, path: string): string {
  const words = path
    .split("/")
    .slice(2)
    .flatMap((segment) => (segment.match(/^\{(.+)\}$/) ? [`by-${segment.slice(1, -1)}`] : [segment]))
    .flatMap((segment) => segment.split(/[-.]/));
  return method.toLowerCase() + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
}

const DESCRIPTION = `The dashboard's own HTTP API: renders, uploads, downloads, boards, presets, share links and the team.
Every failure answers one error shape (\`Error\`), and each operation lists the codes it may answer.

**Authentication.** With sign-in on, a route for members takes a personal API token
(\`Authorization: Bearer <token>\`) or the session cookie the sign-in sets; admin routes need an admin.
A change (any method but GET) made with the cookie must come from the dashboard's own origin.
With sign-in off, every caller acts as the team and needs neither.`;

function build(): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const { method, path, entry } of apiRouteList()) {
    tags.add(entry.tag);
    const body = requestBody(entry);
    const params = parameters(entry);
    (paths[path] ??= {})[method.toLowerCase()] = {
      operationId: operationId(method, path),
      summary: entry.summary,
      ...(entry.description && { description: entry.description }),
      tags: [entry.tag],
      ...(entry.access === "public" && { security: [] }),
      ...(entry.sessionOnly && { security: [{ cookie: [] }] }),
      ...(entry.access === "admin" && { "x-access": "admin" }),
      ...(params.length > 0 && { parameters: params }),
      ...(body !== undefined && { requestBody: body }),
      responses: responses(method, entry),
    };
  }
  return {
    openapi: "3.1.0",
    info: { title: "Render Dashboard API", version: "1", description: DESCRIPTION },
    tags: [...tags].map((name) => ({ name })),
    security: [{ bearer: [] }, { cookie: [] }],
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description:
            'A personal API token (`rdt_…`), made on the dashboard\'s API tokens page (`/tokens`) and acting as its member; a token of scope "read" may only read (403 `insufficient_scope` otherwise).',
        },
        cookie: {
          type: "apiKey",
          in: "cookie",
          name: SESSION_COOKIE,
          description: `The session cookie set by \`POST /api/auth/sign-in\` (\`${SECURE_SESSION_COOKIE}\` over HTTPS).`,
        },
      },
      schemas: {
        Error: jsonSchemaOf(errorBodySchema, "output"),
        ...Object.fromEntries(
          Object.entries(NAMED_SCHEMAS).map(([name, schema]) => [name, jsonSchemaOf(schema, "output")]),
        ),
      },
    },
  };
}

let built: { document: Record<string, unknown>; etag: string } | undefined;

/** The document as served, and an ETag of its JSON (the same for the process's life). */
export function openApiDocument(): { document: Record<string, unknown>; etag: string } {
  if (!built) {
    const document = build();
    const etag = `"${createHash("sha256").update(JSON.stringify(document)).digest("base64url").slice(0, 27)}"`;
    built = { document, etag };
  }
  return built;
}
