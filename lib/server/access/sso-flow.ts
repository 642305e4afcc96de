import "server-only";
/**
 * Single sign-on's flow state between leaving for the provider and coming back: the state, nonce,
 * PKCE code verifier, redirect URI and return path, in a signed, HttpOnly cookie that lives 10
 * minutes (why a cookie and not a ledger row: docs/architecture.md, "Single sign-on").
 */
import { createHmac } from "node:crypto";
import { settings } from "@/lib/server/runtime/config";
import { clearedHostCookieHeaders, hostCookieHeader, readHostCookie } from "./host-cookies";
import { secureCookies } from "./sessions";
import { signValue, verifiedPayload } from "./signed-value";

export interface SsoFlow {
  state: string;
  nonce: string;
  /** PKCE's code verifier; the provider was given its S256 challenge. */
  verifier: string;
  /** The redirect URI the provider was given, which the code exchange must name again. */
  redirectUri: string;
  /** Where to go once signed in: a path on this site. */
  next: string;
}

const FLOW_COOKIE = "rd_sso";
/** Long enough to sign in at the provider with a second factor; short enough that a stale tab fails. */
export const FLOW_SECONDS = 600;

/** A key of its own, derived from AUTH_SECRET, so a flow cookie can never pass for a session cookie. */
function flowKey(): Buffer {
  const { AUTH_SECRET } = settings();
  if (!AUTH_SECRET) throw new Error("Single sign-on needs AUTH_SECRET");
  return createHmac("sha256", AUTH_SECRET).update("single sign-on flow").digest();
}

/** The Set-Cookie value that keeps the flow in this browser. */
export function flowCookie(request: Request, flow: SsoFlow): string {
  const expires = Math.floor(Date.now() / 1000) + FLOW_SECONDS;
  const payload = Buffer.from(JSON.stringify({ ...flow, expires })).toString("base64url");
  return hostCookieHeader(FLOW_COOKIE, signValue(payload, flowKey()), FLOW_SECONDS, secureCookies(request));
}

/** The flow this browser started, or null when there is none, it was tampered with, or it has expired. */
export function readFlow(request: Request): SsoFlow | null {
  const value = readHostCookie(request.headers.get("cookie"), FLOW_COOKIE);
  const payload = value && verifiedPayload(value, flowKey());
  if (!payload) return null;
  const flow = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as SsoFlow & {
    expires: number;
  };
  if (flow.expires <= Math.floor(Date.now() / 1000)) return null;
  const { state, nonce, verifier, redirectUri, next } = flow;
  return { state, nonce, verifier, redirectUri, next };
}

/** Set-Cookie values that end the flow: a callback is answered once. */
export function clearedFlowCookies(request: Request): string[] {
  return clearedHostCookieHeaders(FLOW_COOKIE, secureCookies(request));
}
