/** Share links: read-only links that open without sign-in (docs/api.md, "Share links"). */
import { z } from "zod/mini";
import { RENDER_ID_PATTERN } from "@/lib/domain/ids";
import { boardIdSchema, renderIdSchema } from "./renders";
import { madeBySchema } from "./team";

/** What a link may show: one finished render, or a board's finished renders. */
export const SHARE_KINDS = ["render", "board"] as const;
export type ShareKind = (typeof SHARE_KINDS)[number];

/** What a link shows: a render or a board, by id. */
export interface ShareTarget {
  kind: ShareKind;
  id: string;
}

/** Characters of a link's token the lists show, so a member can tell links apart. */
export const SHARE_TOKEN_PREFIX_CHARS = 6;

/** A token in a path: 32 random bytes in base64url. Anything else is refused before the ledger is asked. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A share link's id in a path. */
export const SHARE_ID_PATTERN = /^shr_[A-Za-z0-9_-]{1,64}$/;

/** `POST /api/shares`. */
export const shareCreateSchema = z.object({
  kind: z.enum(SHARE_KINDS, { error: "kind must be render or board." }),
  /** The render's or the board's id; which one `kind` says, and the service looks it up. */
  id: z
    .string()
    .check(
      z.regex(RENDER_ID_PATTERN, { error: "id must be a render or board id (letters, digits, - and _)." }),
    ),
  /** When the link stops working (ISO 8601 with an offset); absent or null: never. Must be in the future. */
  expiresAt: z.optional(
    z.nullable(z.iso.datetime({ offset: true, error: "expiresAt must be an ISO 8601 date and time." })),
  ),
  /** Whether the shared page shows the prompt. */
  showPrompt: z._default(z.boolean({ error: "showPrompt must be true or false." }), true),
  /** Whether guests may comment through the link (docs/architecture.md, "Review"). */
  allowComments: z._default(z.boolean({ error: "allowComments must be true or false." }), false),
});
export type ShareInput = z.infer<typeof shareCreateSchema>;

/** A share link as its creator and admins see it; never the token itself. */
export const shareSchema = z.object({
  id: z.string(),
  kind: z.enum(SHARE_KINDS),
  /** The shared render's or board's id. */
  targetId: z.string(),
  /** The start of the shared render's prompt, or the board's name, to recognise it in a list. */
  targetLabel: z.string(),
  /** The token's first characters, to tell links apart. */
  tokenPrefix: z.string(),
  showPrompt: z.boolean(),
  allowComments: z.boolean(),
  /** Who made it; null when sign-in was off. */
  member: madeBySchema,
  createdAt: z.string(),
  expiresAt: z.nullable(z.string()),
  lastOpenedAt: z.nullable(z.string()),
});
export type Share = z.infer<typeof shareSchema>;

/** `POST /api/shares`: the link, whose path holds the token. Answered once: the ledger keeps only a hash. */
export const shareCreatedSchema = z.object({
  share: shareSchema,
  /** `/s/<token>`, on the dashboard's own address. */
  path: z.string(),
});
export type ShareCreated = z.infer<typeof shareCreatedSchema>;

/** Query of `GET /api/shares`: one render's or one board's links, or every link the caller may see. */
export const shareListQuerySchema = z.object({
  render: z.optional(renderIdSchema),
  board: z.optional(boardIdSchema),
});
export type ShareListQuery = z.infer<typeof shareListQuerySchema>;

/** `GET /api/shares`: newest first. */
export const shareListSchema = z.object({ items: z.array(shareSchema) });
export type ShareList = z.infer<typeof shareListSchema>;

/** Path of `DELETE /api/shares/{id}`. */
export const shareIdParamsSchema = z.object({
  id: z.string().check(z.regex(SHARE_ID_PATTERN, { error: "id must be a share link id." })),
});

/** `DELETE /api/shares/{id}`. */
export const shareRevokedSchema = z.object({ revoked: z.literal(true) });

/** Path of `/api/shares/{token}/comments`: a link's token, as its page's path holds it. */
export const shareTokenParamsSchema = z.object({
  token: z.string().check(z.regex(SHARE_TOKEN_PATTERN, { error: "token must be a share link's token." })),
});
