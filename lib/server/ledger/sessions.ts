import "server-only";
/**
 * Sessions (migration 016): one row per signed-in browser, found by the SHA-256 of the secret its
 * cookie carries. Ending a session deletes its row and notes a `session` change for the member, so
 * every process drops what it cached and re-checks its open event streams (lib/server/access/sessions.ts).
 */
import { randomBytes } from "node:crypto";
import type { Db } from "@/lib/server/db/database";
import type { MemberRow, SessionRow } from "@/lib/server/db/schema";
import { withChanges } from "./changes";

export interface NewSession {
  secretHash: string;
  memberId: string;
  expiresAt: string;
  browser: string;
  address: string | null;
}

/** Writes a session; `replacing` (the secret hash a browser sent before signing in) is ended with it. */
export async function insertSession(
  db: Db,
  input: NewSession,
  replacing: string | null,
): Promise<SessionRow> {
  const now = new Date().toISOString();
  const row: SessionRow = {
    id: `ses_${randomBytes(12).toString("base64url")}`,
    secret_hash: input.secretHash,
    member_id: input.memberId,
    created_at: now,
    last_seen_at: now,
    expires_at: input.expiresAt,
    browser: input.browser,
    address: input.address,
  };
  await withChanges(db, async (tx, note) => {
    if (replacing !== null) {
      const ended = await tx
        .deleteFrom("sessions")
        .where("secret_hash", "=", replacing)
        .returning("member_id")
        .execute();
      for (const { member_id } of ended) note("session", member_id);
    }
    await tx.insertInto("sessions").values(row).execute();
  });
  return row;
}

/** A session and its member, by the secret's hash. */
export async function findSessionBySecretHash(
  db: Db,
  secretHash: string,
): Promise<{ session: SessionRow; member: MemberRow } | undefined> {
  const session = await db
    .selectFrom("sessions")
    .selectAll()
    .where("secret_hash", "=", secretHash)
    .executeTakeFirst();
  if (!session) return undefined;
  const member = await db
    .selectFrom("members")
    .selectAll()
    .where("id", "=", session.member_id)
    .executeTakeFirst();
  return member && { session, member };
}

/** Notes that the session was used at `now` (callers write this at most once a minute). */
export async function touchSession(db: Db, id: string, now: string): Promise<void> {
  await db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", id).execute();
}

/** A member's sessions, the most recently used first. */
export async function listSessions(db: Db, memberId: string): Promise<SessionRow[]> {
  return db
    .selectFrom("sessions")
    .selectAll()
    .where("member_id", "=", memberId)
    .orderBy("last_seen_at", "desc")
    .orderBy("id")
    .execute();
}

/**
 * Ends sessions of one member: one (`only`), all but one (`except`), or all. Returns how many ended.
 * The change is noted, and so reaches every process (lib/server/db/change-signal.ts), only when one did.
 */
export async function endSessions(
  db: Db,
  memberId: string,
  which: { only?: string; except?: string } = {},
): Promise<number> {
  return withChanges(db, async (tx, note) => {
    let query = tx.deleteFrom("sessions").where("member_id", "=", memberId);
    if (which.only !== undefined) query = query.where("id", "=", which.only);
    if (which.except !== undefined) query = query.where("id", "!=", which.except);
    const ended = Number((await query.executeTakeFirst()).numDeletedRows);
    if (ended > 0) note("session", memberId);
    return ended;
  });
}

/** Deletes sessions past their absolute end or idle since before `idleSince` (both UTC ISO). */
export async function pruneSessions(db: Db, now: string, idleSince: string): Promise<void> {
  await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", now), eb("last_seen_at", "<", idleSince)]))
    .execute();
}
