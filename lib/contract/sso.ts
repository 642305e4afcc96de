/** Single sign-on with OpenID Connect (docs/api.md, "Team access"): the two browser routes' inputs and outcomes. */
import { z } from "zod/mini";

/**
 * Why a single sign-on signed nobody in. The callback sends the browser to `/sign-in?sso=<reason>`,
 * and the page says what happened and what to do.
 */
export const SSO_FAILURES = [
  /** The provider signed them in, but their groups or email domain are not allowed here. */
  "refused",
  /** No flow was started in this browser, or it is over 10 minutes old. */
  "expired",
  /** The provider could not be reached (or timed out). */
  "unavailable",
  /** They cancelled at the provider, or did not consent. */
  "cancelled",
  /** The provider's answer did not verify (state, nonce, a code used twice, a signature). */
  "failed",
  /** Their email is a member's already, and cannot be linked (not verified, or linked to another account). */
  "email_taken",
  /** The provider gave no email, which a new member needs. */
  "no_email",
  /** Their account is a deactivated member's: an admin reactivates them on the Team page. */
  "deactivated",
] as const;
export type SsoFailure = (typeof SSO_FAILURES)[number];

/** The path the provider returns to; the redirect URI registered there is the dashboard's origin + this. */
export const SSO_CALLBACK_PATH = "/api/auth/oidc/callback";

/** `GET /api/auth/oidc/start`: where to go once signed in (a path on this site; anything else is "/"). */
export const ssoStartQuerySchema = z.object({ next: z.optional(z.string().check(z.maxLength(2048))) });

const param = z.optional(z.string().check(z.maxLength(4096)));

/** `GET /api/auth/oidc/callback`: the provider's authorization response (RFC 6749 §4.1.2, RFC 9207's `iss`). */
export const ssoCallbackQuerySchema = z.object({
  code: param,
  state: param,
  iss: param,
  error: param,
  error_description: param,
});
