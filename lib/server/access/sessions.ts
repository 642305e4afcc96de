import "server-only";
/**
 * Sessions the server can end. Signing in writes a session row; the cookie carries only its signed
 * secret (./session-cookie.ts). Each request finds the row (through a per-process cache of at most
 * SESSION_CACHE_MS, emptied on every change nudge, which a session ending sends to every process),
 * and a session holds while its member is active, its absolute end (SESSION_DAYS) has not come and
 * it was used within SESSION_IDLE_HOURS.
 *
 * `startSession` is the one way a member gets a session (password sign-in, joining by invite, a
 * password reset): always a new secret, and the session the browser sent before, if any, ends.
 */
import { AppError, type Member } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { onChange } from "@/lib/server/db/change-signal";
import type { MemberRow, SessionRow } from "@/lib/server/db/schema";
import { toMember } from "@/lib/server/ledger/members";
import {
  endSessions,
  findSessionBySecretHash,
  insertSession,
  pruneSessions,
  touchSession,
} from "@/lib/server/ledger/sessions";
import { settings } from "@/lib/server/runtime/config";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
import { hashSecretToken, newSecretToken } from "@/lib/server/runtime/secret-tokens";
import { clientAddress, reachedOverHttps } from "./origin";
import { readSessionToken, readSignedSecret, signSessionSecret, sessionCookieHeader } from "./session-cookie";

/** How long a process may answer from a session row it read (another process may have ended it). */
const SESSION_CACHE_MS = 2_000;
/** `last_seen_at` is written at most this often per session. */
const TOUCH_EVERY_MS = 60_000;
/** Entries kept before the cache starts over (a bound on memory, not a tuning knob). */
const CACHE_LIMIT = 10_000;
const BROWSER_LENGTH = 200;

interface Found {
  session: SessionRow;
  member: MemberRow;
}

/** A signed-in caller: the member and the session they act through. */
export interface CurrentSession {
  member: Member;
  sessionId: string;
}

const cache = () =>
  processSingleton("session-cache", () => {
    const entries = new Map<string, { found: Found | undefined; readAt: number }>();
    // Any committed change empties it: ending a session notes one, here and (PostgreSQL) in every process.
    onChange(() => entries.clear());
    return entries;
  });

async function findCached(secretHash: string, now: number): Promise<Found | undefined> {
  const entries = cache();
  const hit = entries.get(secretHash);
  if (hit && now - hit.readAt < SESSION_CACHE_MS) return hit.found;
  const found = await findSessionBySecretHash(await getDb(), secretHash);
  if (entries.size >= CACHE_LIMIT) entries.clear();
  entries.set(secretHash, { found, readAt: now });
  return found;
}

/**
 * The secret hash of each session cookie value this process has verified: checking the signature and
 * hashing the secret (three HMAC and SHA-256 rounds) were most of a cached session check, and the
 * same cookie comes with every request of a page. A value's hash under a key never changes, so
 * nothing kept is ever stale (whether the session holds is the session row's to say, every time);
 * only verified values are kept, so forged cookies add nothing.
 */
const verifiedCookies = () =>
  processSingleton("verified-session-cookies", () => new Map<string, { key: string; secretHash: string }>());

/** The secret hash of the session cookie a Cookie header carries, when this server signed it. */
function sentSecretHash(cookieHeader: string | null): string | null {
  const key = settings().AUTH_SECRET;
  const value = readSessionToken(cookieHeader);
  if (!key || !value) return null;
  const verified = verifiedCookies();
  const known = verified.get(value);
  if (known?.key === key) return known.secretHash;
  const secret = readSignedSecret(value, key);
  if (secret === null) return null;
  const secretHash = hashSecretToken(secret);
  if (verified.size >= CACHE_LIMIT) verified.clear();
  verified.set(value, { key, secretHash });
  return secretHash;
}

const idleSince = (now: number) => new Date(now - settings().SESSION_IDLE_HOURS * 3_600_000).toISOString();

/** The session a Cookie header carries and its member, while it holds; null otherwise. */
export async function sessionFromCookies(cookieHeader: string | null): Promise<CurrentSession | null> {
  const secretHash = sentSecretHash(cookieHeader);
  if (secretHash === null) return null;
  const now = Date.now();
  const found = await findCached(secretHash, now);
  if (!found) return null;
  const { session, member } = found;
  const nowIso = new Date(now).toISOString();
  if (
    member.deactivated_at !== null ||
    session.expires_at <= nowIso ||
    session.last_seen_at < idleSince(now)
  ) {
    return null;
  }
  if (now - Date.parse(session.last_seen_at) >= TOUCH_EVERY_MS) {
    session.last_seen_at = nowIso;
    await touchSession(await getDb(), session.id, nowIso);
  }
  return { member: toMember(member), sessionId: session.id };
}

/** The session a request came with; 401 without one (with sign-in off there is none to speak of). */
export async function callerSession(request: Request): Promise<CurrentSession> {
  const current = await sessionFromCookies(request.headers.get("cookie"));
  if (!current) throw new AppError("unauthenticated", "Sign in to use the dashboard.");
  return current;
}

/**
 * Starts a session for a member who has just proved who they are, and answers the Set-Cookie value
 * that carries it. The one function that signs anyone in.
 */
export async function startSession(request: Request, memberId: string): Promise<string> {
  const { AUTH_SECRET, SESSION_DAYS, TRUSTED_PROXY_HOPS } = settings();
  if (!AUTH_SECRET) throw new Error("startSession needs AUTH_SECRET");
  const now = Date.now();
  const maxAgeSeconds = SESSION_DAYS * 24 * 3600;
  const secret = newSecretToken();
  const db = await getDb();
  await pruneSessions(db, new Date(now).toISOString(), idleSince(now));
  await insertSession(
    db,
    {
      secretHash: hashSecretToken(secret),
      memberId,
      expiresAt: new Date(now + maxAgeSeconds * 1000).toISOString(),
      browser: (request.headers.get("user-agent") ?? "").slice(0, BROWSER_LENGTH),
      address: clientAddress(request, TRUSTED_PROXY_HOPS),
    },
    // A session id sent before sign-in is never kept after it.
    sentSecretHash(request.headers.get("cookie")),
  );
  return sessionCookieHeader(signSessionSecret(secret, AUTH_SECRET), maxAgeSeconds, secureCookies(request));
}

/**
 * Over HTTPS (directly, or per trusted proxies) the cookie is `__Host-` and Secure; over plain http
 * (localhost, a LAN) it keeps the plain name, since browsers drop Secure cookies there.
 */
export function secureCookies(request: Request): boolean {
  return reachedOverHttps(request, settings().TRUSTED_PROXY_HOPS);
}

/** Ends the session a Cookie header carries, if any (signing out): a copy of the cookie then gets 401. */
export async function endSentSession(cookieHeader: string | null): Promise<void> {
  const secretHash = sentSecretHash(cookieHeader);
  if (secretHash === null) return;
  const db = await getDb();
  const found = await findSessionBySecretHash(db, secretHash);
  if (found) await endSessions(db, found.session.member_id, { only: found.session.id });
}
