import "server-only";
/**
 * A member's own sessions, for **Your account**: the list, signing one out, and signing out
 * everywhere else. Each ends sessions on the server (./sessions.ts), so their cookies stop at once.
 */
import { AppError, type SessionList } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { endSessions, listSessions } from "@/lib/server/ledger/sessions";
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
  const ended = await endSessions(await getDb(), member.id, { only: id });
  if (ended === 0) throw new AppError("not_found", "No session of yours with this id.");
  return { ended };
}

/** Ends every session of the caller's but the one this request came with. */
export async function signOutEverywhereElse(request: Request): Promise<{ ended: number }> {
  const { member, sessionId } = await callerSession(request);
  return { ended: await endSessions(await getDb(), member.id, { except: sessionId }) };
}
