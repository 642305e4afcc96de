import "server-only";
/**
 * Personal API tokens as the routes and the caller check use them. A token is the prefix `rdt_` and
 * a random secret; the ledger keeps its SHA-256, so a copy of the database acts as nobody. Tokens
 * exist only with sign-in on: each is a member's, and a request made with it is that member's (their
 * role, their caps, their name on what it makes). A member sees and revokes their own tokens, an
 * admin everyone's.
 */
import {
  API_TOKEN_PREFIX,
  API_TOKEN_PREFIX_CHARS,
  AppError,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type Member,
  type TokenScope,
} from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import * as ledger from "@/lib/server/ledger/tokens";
import { toMember } from "@/lib/server/ledger/members";
import { hashSecretToken, newSecretToken } from "@/lib/server/runtime/secret-tokens";
import { requireMakerOrAdmin } from "./makers";
import { authEnabled } from "./session";

/** With sign-in off there are no members, so no tokens: the routes say so. */
function requireSignIn(): void {
  if (!authEnabled()) {
    throw new AppError("not_found", "API tokens need sign-in: set AUTH_SECRET to turn it on.");
  }
}

/** A date the request gives, which must be in the future; null stays null. */
function futureInstant(value: string | null | undefined): string | null {
  if (!value) return null;
  const at = new Date(value);
  if (at.getTime() <= Date.now()) {
    throw new AppError("invalid_request", "expiresAt must be in the future.", { field: "expiresAt" });
  }
  return at.toISOString();
}

export async function createApiToken(input: ApiTokenInput, member: Member | null): Promise<ApiTokenCreated> {
  requireSignIn();
  if (!member) throw new AppError("unauthenticated", "Sign in to make an API token.");
  const db = await getDb();
  const secret = newSecretToken(API_TOKEN_PREFIX);
  const row = await ledger.insertApiToken(db, {
    tokenHash: hashSecretToken(secret),
    tokenPrefix: secret.slice(0, API_TOKEN_PREFIX_CHARS),
    name: input.name,
    scope: input.scope,
    memberId: member.id,
    expiresAt: futureInstant(input.expiresAt),
  });
  const [token] = await ledger.listApiTokens(db, { id: row.id });
  if (!token) throw new Error(`API token ${row.id} vanished after insert`);
  return { token, secret };
}

/** The caller's tokens; an admin's list holds everyone's. */
export async function listApiTokensFor(member: Member | null): Promise<ApiToken[]> {
  requireSignIn();
  return ledger.listApiTokens(await getDb(), {
    memberId: member?.role === "admin" ? undefined : member?.id,
  });
}

/** Revokes a token at once: from now on a request with it answers 401. */
export async function revokeApiTokenAs(id: string, member: Member | null): Promise<void> {
  requireSignIn();
  const db = await getDb();
  const row = await ledger.findLiveApiTokenRow(db, id);
  if (!row) throw new AppError("not_found", "No API token with this id.");
  requireMakerOrAdmin("API token", { id: row.member_id, name: "" }, member);
  await ledger.revokeApiToken(db, id, new Date());
}

/** Why a token does not work; each says so in its 401. */
const REFUSALS = {
  unknown: "This API token is not valid.",
  revoked: "This API token was revoked.",
  expired: "This API token has expired.",
  memberGone: "This API token's member is no longer on the team.",
} as const;
export type TokenRefusal = keyof typeof REFUSALS;

export type TokenCheck =
  | { ok: true; member: Member; scope: TokenScope; tokenId: string; lastUsedAt: string | null }
  | { ok: false; refusal: TokenRefusal };

/** Whom a bearer token acts for at `now`, or why it does not. Reads only. */
export async function checkApiToken(secret: string, now: Date): Promise<TokenCheck> {
  if (!secret.startsWith(API_TOKEN_PREFIX)) return { ok: false, refusal: "unknown" };
  const found = await ledger.findApiTokenByHash(await getDb(), hashSecretToken(secret));
  if (!found) return { ok: false, refusal: "unknown" };
  const { token, member } = found;
  if (token.revoked_at !== null) return { ok: false, refusal: "revoked" };
  if (token.expires_at !== null && token.expires_at <= now.toISOString()) {
    return { ok: false, refusal: "expired" };
  }
  if (!member) return { ok: false, refusal: "memberGone" };
  return {
    ok: true,
    member: toMember(member),
    scope: ledger.tokenScope(token),
    tokenId: token.id,
    lastUsedAt: token.last_used_at,
  };
}

export const tokenRefused = (refusal: TokenRefusal) => new AppError("unauthenticated", REFUSALS[refusal]);

/** Notes the token's use, unless it was noted within the last minute (then nothing is written). */
export async function noteTokenUse(check: { tokenId: string; lastUsedAt: string | null }, now: Date) {
  const last = check.lastUsedAt === null ? 0 : Date.parse(check.lastUsedAt);
  if (now.getTime() - last < ledger.LAST_USED_EVERY_MS) return;
  await ledger.noteApiTokenUse(await getDb(), check.tokenId, now);
}

/** Anything in `text` that looks like a token, cut to its prefix: for log lines. */
const TOKEN_IN_TEXT = new RegExp(`${API_TOKEN_PREFIX}[A-Za-z0-9_-]+`, "g");
export const withoutTokens = (text: string) => text.replace(TOKEN_IN_TEXT, `${API_TOKEN_PREFIX}…`);
