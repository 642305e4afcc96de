import { AppError, signInSchema } from "@/lib/contract";
import { getDb } from "@/lib/server/db";
import { apiRoute, json } from "@/lib/server/http/route";
import { withSpend } from "@/lib/server/ledger/member-spend";
import { findMemberRowByEmail, toMember } from "@/lib/server/ledger/members";
import { decoyHash, verifyPassword } from "@/lib/server/team/password";
import { authEnabled, sessionCookieFor } from "@/lib/server/team/session";
import { clearSignInFailures, recordSignInFailure, signInWaitSeconds } from "@/lib/server/team/throttle";

export const dynamic = "force-dynamic";

/** The caller's address as the reverse proxy saw it; all direct callers share one bucket. */
const clientAddress = (request: Request) =>
  request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "direct";

export const POST = apiRoute({ access: "public", body: signInSchema }, async ({ request, body }) => {
  if (!authEnabled()) throw new AppError("not_found", "Sign-in is off: set AUTH_SECRET to turn it on.");
  const { email, password } = body;
  const address = clientAddress(request);
  const wait = signInWaitSeconds(address, email);
  if (wait > 0) {
    throw new AppError("rate_limited", "Too many failed sign-ins. Wait before trying again.", {
      retryAfterSeconds: wait,
    });
  }
  const db = await getDb();
  const row = await findMemberRowByEmail(db, email);
  const valid = await verifyPassword(password, row?.password_hash ?? (await decoyHash()));
  if (!row || !valid) {
    recordSignInFailure(address, email);
    throw new AppError("unauthenticated", "Wrong email or password.");
  }
  clearSignInFailures(address, email);
  const cookie = sessionCookieFor(request, row.id, row.session_version);
  return json({ member: await withSpend(db, toMember(row)) }, 200, { "Set-Cookie": cookie });
});
