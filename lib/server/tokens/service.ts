import "server-only";
/**
 * Personal API tokens as their routes manage them: making one, listing and revoking. A token is the
 * prefix `rdt_` and a random secret; the ledger keeps its SHA-256, so a copy of the database acts as
 * nobody. Tokens exist only with sign-in on: each is a member's, and a request made with it is that
 * member's. A member sees and revokes their own tokens, an admin everyone's. Checking a token a
 * request carries is the caller check's (lib/server/access/api-tokens.ts). Making and revoking are
 * entries of the audit log, naming the token, never its secret or hash.
 */
import {
  API_TOKEN_PREFIX,
  API_TOKEN_PREFIX_CHARS,
  AppError,
  type ApiToken,
  type ApiTokenCreated,
  type ApiTokenInput,
  type Member,
} from "@/lib/contract";
import { requireMakerOrAdmin } from "@/lib/server/access/makers";
import { authEnabled } from "@/lib/server/access/session";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import * as ledger from "@/lib/server/ledger/tokens";
import { hashSecretToken, newSecretToken } from "@/lib/server/runtime/secret-tokens";
import { assertMayMake } from "@/lib/server/team/limits";

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

export async function createApiToken(input: ApiTokenInput, by: Actor): Promise<ApiTokenCreated> {
  requireSignIn();
  const { member } = by;
  if (!member) throw new AppError("unauthenticated", "Sign in to make an API token.");
  const expiresAt = futureInstant(input.expiresAt);
  await assertMayMake("tokens", member);
  const db = await getDb();
  const secret = newSecretToken(API_TOKEN_PREFIX);
  const row = await ledger.insertApiToken(db, {
    tokenHash: hashSecretToken(secret),
    tokenPrefix: secret.slice(0, API_TOKEN_PREFIX_CHARS),
    name: input.name,
    scope: input.scope,
    memberId: member.id,
    expiresAt,
  });
  const [token] = await ledger.listApiTokens(db, { id: row.id });
  if (!token) throw new Error(`API token ${row.id} vanished after insert`);
  await recordAudit(db, {
    kind: "token.made",
    by,
    target: { type: "API token", id: token.id, name: token.name },
    change: { before: {}, after: { scope: token.scope, expiresAt: token.expiresAt } },
  });
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
export async function revokeApiTokenAs(id: string, by: Actor): Promise<void> {
  requireSignIn();
  const db = await getDb();
  const row = await ledger.findLiveApiTokenRow(db, id);
  if (!row) throw new AppError("not_found", "No API token with this id.");
  requireMakerOrAdmin("API token", { id: row.member_id, name: "" }, by.member);
  await ledger.revokeApiToken(db, id, new Date());
  await recordAudit(db, { kind: "token.revoked", by, target: { type: "API token", id, name: row.name } });
}
