import "server-only";
/**
 * A member's own sessions, for **Your account**: the list, signing one out, and signing out
 * everywhere else. Each ends sessions on the server (./sessions.ts), so their cookies stop at once.
 */
import { AppError, type SessionList } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { recordAudit } from "@/lib/server/ledger/audit";
import { endSessions, listSessions } from "@/lib/server/ledger/sessions";
import { actorOf } from "./actor";
import { callerSession } from "./sessions";

export async function ownSessions(request: Request): Promise<SessionList> {
  const { member, sessionId } = await callerSession(request);
  const rows = await listSessions(await getDb(), member.id);
  return {
    items: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      browser: row.browser,
      address: row.address,
      current: row.id === sessionId,
    })),
  };
}

/** Signs one of the caller's sessions out (this one too, if named). */
export async function signOutSession(request: Request, id: string): Promise<{ ended: number }> {
  const { member } = await callerSession(request);
  const db = await getDb();
  const ended = await endSessions(db, member.id, { only: id });
  if (ended === 0) throw new AppError("not_found", "No session of yours with this id.");
  await recordAudit(db, {
    kind: "session.ended",
    by: actorOf(request, member),
    target: { type: "session", id },
  });
  return { ended };
}

/** Ends every session of the caller's but the one this request came with. */
export async function signOutEverywhereElse(request: Request): Promise<{ ended: number }> {
  const { member, sessionId } = await callerSession(request);
  const db = await getDb();
  const ended = await endSessions(db, member.id, { except: sessionId });
  if (ended > 0) {
    await recordAudit(db, {
      kind: "session.ended",
      by: actorOf(request, member),
      target: { type: "sessions", name: `every other session (${ended})` },
    });
  }
  return { ended };
}
