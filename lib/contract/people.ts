/**
 * People run from the browser (docs/architecture.md, "People"): a member's own sessions and
 * password, invites, deactivation and password resets.
 */
import { z } from "zod/mini";

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
