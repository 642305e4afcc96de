import "server-only";
/**
 * Opening a one-time link (an invite, a password reset) by its token. Guessing tokens is throttled
 * per client address in the sign-in throttle's count (./throttle.ts, as wrong API tokens are): a
 * token that is no link of the team's counts as a failure, and past the limit every link from that
 * address answers 429 before it is looked up.
 */
import { AppError } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import type { MemberLinkRow } from "@/lib/server/db/schema";
import { findLinkByTokenHash, type LinkKind } from "@/lib/server/ledger/member-links";
import { settings } from "@/lib/server/runtime/config";
import { hashSecretToken } from "@/lib/server/runtime/secret-tokens";
import { clientAddress } from "./origin";
import { assertTokenAllowed, countWrongToken } from "./throttle";

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The link of `kind` a token opens, while it may be used; throws why not (404, 410, 429). */
export async function openLink(request: Request, token: string, kind: LinkKind): Promise<MemberLinkRow> {
  const address = clientAddress(request, settings().TRUSTED_PROXY_HOPS);
  const db = await getDb();
  await assertTokenAllowed(db, address, "links");
  const link = TOKEN.test(token) ? await findLinkByTokenHash(db, hashSecretToken(token)) : undefined;
  if (!link || link.kind !== kind) {
    await countWrongToken(db, address);
    throw new AppError("not_found", "This link is not valid. Ask a team admin for a new one.");
  }
  if (link.used_at !== null)
    throw new AppError("link_unusable", "This link was already used. Ask a team admin for a new one.");
  if (link.revoked_at !== null)
    throw new AppError("link_unusable", "This link was revoked. Ask a team admin for a new one.");
  if (link.expires_at <= new Date().toISOString()) {
    throw new AppError("link_unusable", "This link has expired. Ask a team admin for a new one.");
  }
  return link;
}
