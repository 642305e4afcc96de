/** Personal API tokens: a member's key for scripts (docs/api.md, "API tokens"). */
import { z } from "zod/mini";
import { teamNameSchema } from "./names";

/**
 * What a token may do: `read` only the safe methods (GET, HEAD); `read_and_create` whatever its
 * member may, within the member's role and caps.
 */
export const TOKEN_SCOPES = ["read", "read_and_create"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** Every token starts with this, so a leaked one is recognised (a secret scanner, a log search). */
export const API_TOKEN_PREFIX = "rdt_";

/** Characters of a token the list shows (the prefix and the first 6 of its secret). */
export const API_TOKEN_PREFIX_CHARS = API_TOKEN_PREFIX.length + 6;

/** An API token's id in a path. */
export const API_TOKEN_ID_PATTERN = /^tok_[A-Za-z0-9_-]{1,64}$/;

/** `POST /api/tokens`. */
export const apiTokenCreateSchema = z.object({
  /** What the token is for, to recognise it in the list; need not be unique. */
  name: teamNameSchema,
  scope: z.enum(TOKEN_SCOPES, { error: "scope must be read or read_and_create." }),
  /** When the token stops working (ISO 8601 with an offset); absent or null: never. Must be in the future. */
  expiresAt: z.optional(
    z.nullable(z.iso.datetime({ offset: true, error: "expiresAt must be an ISO 8601 date and time." })),
  ),
});
export type ApiTokenInput = z.infer<typeof apiTokenCreateSchema>;

/** A token as its member and admins see it; never the token itself. */
export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  /** The token's first characters, to tell tokens apart. */
  tokenPrefix: z.string(),
  /** Whose it is: requests made with it are theirs. */
  member: z.object({ id: z.string(), name: z.string() }),
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  /** The last request it made, to about a minute; null before the first. */
  lastUsedAt: z.nullable(z.string()),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** `POST /api/tokens`: the token, answered once; the ledger keeps only its hash. */
export const apiTokenCreatedSchema = z.object({
  token: apiTokenSchema,
  /** The secret to send as `Authorization: Bearer <secret>`. */
  secret: z.string(),
});
export type ApiTokenCreated = z.infer<typeof apiTokenCreatedSchema>;

/** `GET /api/tokens`: newest first; revoked tokens are gone from it. */
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** Path of `DELETE /api/tokens/{id}`. */
export const apiTokenIdParamsSchema = z.object({
  id: z.string().check(z.regex(API_TOKEN_ID_PATTERN, { error: "id must be an API token id." })),
});

/** `DELETE /api/tokens/{id}`. */
export const apiTokenRevokedSchema = z.object({ revoked: z.literal(true) });
