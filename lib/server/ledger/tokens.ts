import "server-only";
/** Personal API tokens (docs/api.md, "API tokens"). Rows hold a hash of each token, never the token. */
import { TOKEN_SCOPES, type ApiToken, type TokenScope } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import type { ApiTokenRow, MemberRow } from "@/lib/server/db/schema";
import { newLedgerId } from "./ids";
import { findMemberRow } from "./members";

/** A request's use of a token is noted at most this often, so reads do not write on every request. */
export const LAST_USED_EVERY_MS = 60_000;

export interface NewApiToken {
  tokenHash: string;
  tokenPrefix: string;
  name: string;
  scope: TokenScope;
  memberId: string;
  /** ISO 8601 in UTC, or null for never. */
  expiresAt: string | null;
}

/** A row's scope; the column holds only what insertApiToken wrote. */
export function tokenScope(row: ApiTokenRow): TokenScope {
  const scope = TOKEN_SCOPES.find((s) => s === row.scope);
  if (!scope) throw new Error(`API token ${row.id} has an unknown scope ${row.scope}`);
  return scope;
}

type ListedRow = ApiTokenRow & { owner_name: string | null };

function toApiToken(row: ListedRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    scope: tokenScope(row),
    tokenPrefix: row.token_prefix,
    member: { id: row.member_id, name: row.owner_name ?? "" },
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

export async function insertApiToken(db: Db, token: NewApiToken): Promise<ApiTokenRow> {
  const row: ApiTokenRow = {
    id: newLedgerId("tok"),
    token_hash: token.tokenHash,
    token_prefix: token.tokenPrefix,
    name: token.name,
    scope: token.scope,
    member_id: token.memberId,
    created_at: new Date().toISOString(),
    expires_at: token.expiresAt,
    last_used_at: null,
    revoked_at: null,
  };
  await db.insertInto("api_tokens").values(row).execute();
  return row;
}

export interface ApiTokenFilter {
  /** One token. */
  id?: string;
  /** One member's tokens; undefined for everyone's. */
  memberId?: string;
}

/** Tokens not revoked, newest first, with their member's name. */
export async function listApiTokens(db: Db, filter: ApiTokenFilter = {}): Promise<ApiToken[]> {
  let query = db
    .selectFrom("api_tokens")
    .leftJoin("members", "members.id", "api_tokens.member_id")
    .selectAll("api_tokens")
    .select("members.name as owner_name")
    .where("api_tokens.revoked_at", "is", null);
  if (filter.id !== undefined) query = query.where("api_tokens.id", "=", filter.id);
  if (filter.memberId !== undefined) query = query.where("api_tokens.member_id", "=", filter.memberId);
  const rows = await query.orderBy("api_tokens.created_at", "desc").orderBy("api_tokens.id").execute();
  return rows.map(toApiToken);
}

/** A token not yet revoked, by id. */
export async function findLiveApiTokenRow(db: Db, id: string): Promise<ApiTokenRow | undefined> {
  return db
    .selectFrom("api_tokens")
    .selectAll()
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
}

/** Revokes a token from `at` on; whether it was live until then. */
export async function revokeApiToken(db: Db, id: string, at: Date): Promise<boolean> {
  const result = await db
    .updateTable("api_tokens")
    .set({ revoked_at: at.toISOString() })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The token with this hash, revoked, expired or not, and its member's row (undefined when the member
 * is no longer on the team): the caller says which of those stops it.
 */
export async function findApiTokenByHash(
  db: Db,
  tokenHash: string,
): Promise<{ token: ApiTokenRow; member: MemberRow | undefined } | undefined> {
  const token = await db
    .selectFrom("api_tokens")
    .selectAll()
    .where("token_hash", "=", tokenHash)
    .executeTakeFirst();
  if (!token) return undefined;
  return { token, member: await findMemberRow(db, token.member_id) };
}

/** Notes a request made with the token at `now`, unless one was noted within the last minute. */
export async function noteApiTokenUse(db: Db, id: string, now: Date): Promise<void> {
  await db
    .updateTable("api_tokens")
    .set({ last_used_at: now.toISOString() })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("last_used_at", "is", null),
        eb("last_used_at", "<", new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString()),
      ]),
    )
    .execute();
}
