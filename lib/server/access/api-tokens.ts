import "server-only";
/**
 * Checking the personal API token a request carries, for the caller check (./caller.ts): whom it
 * acts for or why it does not, noting its use, and keeping tokens out of log lines. A token is the
 * prefix `rdt_` and a random secret; the ledger keeps its SHA-256, so a copy of the database acts as
 * nobody. Making, listing and revoking tokens is their service's (lib/server/tokens/service.ts).
 */
import { API_TOKEN_PREFIX, AppError, type Member, type TokenScope } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import * as ledger from "@/lib/server/ledger/tokens";
import { toMember } from "@/lib/server/ledger/members";
import { hashSecretToken } from "@/lib/server/runtime/secret-tokens";

/** Why a token does not work; each says so in its 401. */
const REFUSALS = {
  unknown: "This API token is not valid.",
  revoked: "This API token was revoked.",
  expired: "This API token has expired.",
  memberGone: "This API token's member is no longer on the team.",
  deactivated: "This API token's member was deactivated.",
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
  if (member.deactivated_at !== null) return { ok: false, refusal: "deactivated" };
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
