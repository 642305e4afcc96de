import { AppError } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { findMemberRowByEmail, setPasswordHash, toMember } from "@/lib/server/ledger/members";
import { settings } from "@/lib/server/runtime/config";
import { clientAddress } from "@/lib/server/access/origin";
import { decoyHash, hashPassword, needsRehash, verifyPassword } from "@/lib/server/access/password";
import { authEnabled, sessionCookieFor } from "@/lib/server/access/session";
import { startSignIn } from "@/lib/server/access/throttle";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/auth/sign-in"], async ({ request, body }) => {
  if (!authEnabled()) throw new AppError("not_found", "Sign-in is off: set AUTH_SECRET to turn it on.");
  const { email, password } = body;
  const address = clientAddress(request, settings().TRUSTED_PROXY_HOPS);
  const db = await getDb();
  // Counted as a failure from here on, unless it succeeds; refused (429) past a limit.
  const attempt = await startSignIn(db, address, email);
  const row = await findMemberRowByEmail(db, email);
  const valid = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
  if (!row || !valid) throw new AppError("unauthenticated", "Wrong email or password.");
  await attempt.succeeded();
  // The one moment the password is known: a hash made at an older, cheaper cost is replaced.
  if (needsRehash(row.password_hash)) await setPasswordHash(db, row.id, await hashPassword(password));
  const cookie = sessionCookieFor(request, row.id, row.session_version);
  return json({ member: await withSpend(db, toMember(row)) }, 200, { "Set-Cookie": cookie });
});
