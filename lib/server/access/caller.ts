import "server-only";
/**
 * Who is calling an API route, decided in one place for every route (the route wrapper) and for the
 * live event stream's re-checks. A request carrying `Authorization: Bearer <token>` is judged by the
 * token alone: no origin check (a browser never attaches the header cross-site without a preflight
 * the dashboard does not answer), the cookie ignored. Any other request is judged by its session
 * cookie, after the origin check; a write its cookie signs must also show that it comes from the
 * dashboard's pages (origin.ts). With sign-in off there are no members and no tokens: the header is
 * not read, and every caller acts as the team.
 */
import { AppError, type Member, type Role } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { settings } from "@/lib/server/runtime/config";
import { checkApiToken, noteTokenUse, tokenRefused } from "./api-tokens";
import { assertFromDashboardPages, assertSameOrigin, clientAddress, isSafeMethod } from "./origin";
import { authEnabled, memberFromCookies, requireMember, requireRole } from "./session";
import { assertTokenAllowed, countWrongToken } from "./throttle";

export type Access = Role | "public";

export interface CallerRules {
  access: Access;
  /** A browser session only: a bearer token is refused, so a token cannot make another. */
  sessionOnly?: boolean;
}

const BEARER = /^bearer(?:\s+(.*))?$/i;

/** The token of an `Authorization: Bearer` header ("" when it has none), or undefined without one. */
function bearerToken(request: Request): string | undefined {
  if (!authEnabled()) return undefined;
  const header = request.headers.get("authorization");
  const match = header === null ? null : BEARER.exec(header.trim());
  return match ? (match[1] ?? "").trim() : undefined;
}

/**
 * The member a request acts as, or null when sign-in is off (or the route is public and nobody
 * signed in). Throws 401 without valid credentials, 403 for a role or scope that does not allow the
 * route, 429 while the client's address is throttled for wrong tokens or passwords.
 */
export async function resolveCaller(request: Request, rules: CallerRules): Promise<Member | null> {
  const token = bearerToken(request);
  if (token === undefined) {
    assertSameOrigin(request);
    const cookies = request.headers.get("cookie");
    const member =
      rules.access === "public"
        ? await memberFromCookies(cookies)
        : await requireMember(cookies, rules.access);
    // Signed by the session cookie, which a browser attaches wherever the request comes from.
    if (member) assertFromDashboardPages(request);
    return member;
  }
  const member = await memberFromBearer(request, token);
  if (rules.sessionOnly) {
    throw new AppError(
      "forbidden",
      "API tokens are made in the dashboard, signed in: a token cannot make one.",
    );
  }
  if (member.scope === "read" && !isSafeMethod(request.method)) {
    throw new AppError(
      "insufficient_scope",
      'This API token may only read (scope "read"): a token with scope "read_and_create" may change things.',
    );
  }
  if (rules.access !== "public") requireRole(member.member, rules.access);
  return member.member;
}

async function memberFromBearer(request: Request, token: string) {
  const address = clientAddress(request, settings().TRUSTED_PROXY_HOPS);
  const db = await getDb();
  await assertTokenAllowed(db, address, "API tokens");
  const now = new Date();
  const check = await checkApiToken(token, now);
  if (!check.ok) {
    // Only a token that was never the team's is a guess; a revoked or expired one is a stale script.
    if (check.refusal === "unknown") await countWrongToken(db, address);
    throw tokenRefused(check.refusal);
  }
  await noteTokenUse(check, now);
  return check;
}

/**
 * Whether the request's credentials still act as `member` (a long-lived response re-checks: the
 * session may have ended, the token been revoked or expired). Counts and notes nothing.
 */
export async function stillActsAs(request: Request, member: Member): Promise<boolean> {
  const token = bearerToken(request);
  if (token === undefined) return (await memberFromCookies(request.headers.get("cookie")))?.id === member.id;
  const check = await checkApiToken(token, new Date());
  return check.ok && check.member.id === member.id;
}
