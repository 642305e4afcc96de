/**
 * People run from the browser (docs/architecture.md, "People"): a member's own sessions and
 * password, invites, deactivation and password resets.
 */
import { z } from "zod/mini";
import { MIN_PASSWORD_LENGTH } from "@/lib/domain/passwords";
import { teamNameSchema } from "./names";
import { madeBySchema, ROLES } from "./team";

/** A session id in a path. */
export const SESSION_ID_PATTERN = /^ses_[A-Za-z0-9_-]{1,64}$/;

/** One signed-in browser of the caller's, as **Your account** lists it. */
export const sessionSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  /** To about a minute. */
  lastSeenAt: z.string(),
  /** The browser's User-Agent at sign-in. */
  browser: z.string(),
  /** The address it signed in from; null when the server could not tell. */
  address: z.nullable(z.string()),
  /** The session this request came with. */
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;

/** `GET /api/auth/sessions`. */
export const sessionListSchema = z.object({ items: z.array(sessionSchema) });
export type SessionList = z.infer<typeof sessionListSchema>;

/** Path of `DELETE /api/auth/sessions/{id}`. */
export const sessionIdParamsSchema = z.object({
  id: z.string().check(z.regex(SESSION_ID_PATTERN, { error: "id must be a session id." })),
});

/** `DELETE /api/auth/sessions/{id}` and `POST /api/auth/sessions/sign-out-others`: how many ended. */
export const sessionsEndedSchema = z.object({ ended: z.number().check(z.int()) });
export type SessionsEnded = z.infer<typeof sessionsEndedSchema>;

/** How a deactivated member's name reads wherever it is shown ("Grace (deactivated)"). */
export const deactivatedName = (name: string) => `${name} (deactivated)`;

export { MIN_PASSWORD_LENGTH };

/**
 * A new password: at least MIN_PASSWORD_LENGTH characters (the server also refuses the most common
 * ones, lib/server/access/password-policy.ts). Not trimmed: spaces are characters like any other.
 */
export const newPasswordSchema = (field: string) =>
  z.string({ error: `${field} is required` }).check(
    z.minLength(MIN_PASSWORD_LENGTH, {
      error: `${field} must be at least ${MIN_PASSWORD_LENGTH} characters`,
    }),
    z.maxLength(1000, { error: `${field} must be at most 1000 characters` }),
  );

/** A one-time link's token in a body: 43 characters of base64url. */
const linkTokenSchema = z
  .string({ error: "token is required" })
  .check(
    z.length(43, { error: "This link is not valid." }),
    z.regex(/^[A-Za-z0-9_-]{43}$/, { error: "This link is not valid." }),
  );

/** An email address as a member signs in with it. */
const emailSchema = z
  .string({ error: "email is required" })
  .check(
    z.trim(),
    z.minLength(3, { error: "email is required" }),
    z.maxLength(320, { error: "email must be at most 320 characters" }),
    z.regex(/^[^\s@]+@[^\s@]+$/, { error: "email must be an email address" }),
  );

/** An invite's id in a path. */
export const INVITE_ID_PATTERN = /^inv_[A-Za-z0-9_-]{1,64}$/;

/** `POST /api/invites` (admins): who is invited; the invitee may change the name when joining. */
export const inviteCreateSchema = z.object({
  name: teamNameSchema,
  /** Fixed for the invitee when given; otherwise they give one when joining. */
  email: z.optional(z.nullable(emailSchema)),
  role: z.enum(ROLES, { error: "role must be one of 'admin', 'member'" }),
});
export type InviteInput = z.infer<typeof inviteCreateSchema>;

/** A pending invite, as the Team page lists it; never its token. */
export const inviteSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.nullable(z.string()),
  role: z.enum(ROLES),
  createdAt: z.string(),
  expiresAt: z.string(),
  madeBy: madeBySchema,
});
export type Invite = z.infer<typeof inviteSchema>;

/** `GET /api/invites`: the pending invites (not used, revoked or expired), newest first. */
export const inviteListSchema = z.object({ items: z.array(inviteSchema) });
export type InviteList = z.infer<typeof inviteListSchema>;

/** A one-time link, answered once: the path to open (`/join/<token>`, `/reset/<token>`). */
export const oneTimeLinkSchema = z.object({ path: z.string(), expiresAt: z.string() });
export type OneTimeLink = z.infer<typeof oneTimeLinkSchema>;

/** `POST /api/invites`: the invite and its link, shown once; the ledger keeps only the token's hash. */
export const inviteCreatedSchema = z.object({ invite: inviteSchema, link: oneTimeLinkSchema });
export type InviteCreated = z.infer<typeof inviteCreatedSchema>;

/** Path of `DELETE /api/invites/{id}`. */
export const inviteIdParamsSchema = z.object({
  id: z.string().check(z.regex(INVITE_ID_PATTERN, { error: "id must be an invite id." })),
});

/** `DELETE /api/invites/{id}`. */
export const inviteRevokedSchema = z.object({ revoked: z.literal(true) });

/** `POST /api/auth/join`: the invitee's name, email (unless the invite fixed one) and password. */
export const joinSchema = z.object({
  token: linkTokenSchema,
  name: teamNameSchema,
  email: z.optional(emailSchema),
  password: newPasswordSchema("password"),
});
export type JoinInput = z.infer<typeof joinSchema>;

/** `POST /api/auth/reset-password`: the link's token and the new password. */
export const resetPasswordSchema = z.object({
  token: linkTokenSchema,
  password: newPasswordSchema("password"),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** `POST /api/auth/password`: a member changes their own password. */
export const passwordChangeSchema = z.object({
  currentPassword: z
    .string({ error: "currentPassword is required" })
    .check(z.minLength(1, { error: "currentPassword is required" }), z.maxLength(1000)),
  newPassword: newPasswordSchema("newPassword"),
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** `POST /api/auth/password`: changed; how many other sessions ended with it. */
export const passwordChangedSchema = z.object({
  changed: z.literal(true),
  sessionsEnded: z.number().check(z.int()),
});
