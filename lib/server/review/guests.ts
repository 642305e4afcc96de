import "server-only";
/**
 * Guests' comments through a share link made with "Allow comments" (docs/architecture.md,
 * "Review"). The link is checked on every request, so a revoked or expired one refuses at once (404,
 * as the shared page does); a link without comments refuses with 403. A guest writes under the name
 * they typed, within the limits per link and per address (lib/domain/review.ts); members read,
 * resolve and (admins) delete guests' comments like any other.
 */
import {
  AppError,
  SHARE_TOKEN_PATTERN,
  type Comment,
  type CommentThreadList,
  type GuestCommentCreate,
} from "@/lib/contract";
import { GUEST_COMMENT_LIMITS } from "@/lib/domain/review";
import { waitWords } from "@/lib/domain/limits";
import { getDb, type Db } from "@/lib/server/db/database";
import { boardOutputs } from "@/lib/server/ledger/boards";
import { guestCommentsSince } from "@/lib/server/ledger/comments";
import { getRenderRow } from "@/lib/server/ledger/renders";
import { liveShareByHash, shareKind } from "@/lib/server/ledger/shares";
import type { ShareRow } from "@/lib/server/db/schema";
import { hashSecretToken } from "@/lib/server/runtime/secret-tokens";
import { requireThread, threadsOf, writeComment } from "./comments";

const gone = () => new AppError("not_found", "This link does not exist, was revoked or has expired.");

/** The working link of a token, or 404 alike for a malformed, unknown, revoked or expired one. */
async function liveLink(db: Db, token: string): Promise<ShareRow> {
  if (!SHARE_TOKEN_PATTERN.test(token)) throw gone();
  const share = await liveShareByHash(db, hashSecretToken(token), new Date(), false);
  if (!share) throw gone();
  return share;
}

/** The render a guest means: a render link's own, or one on a board link's board now. */
async function sharedRender(db: Db, share: ShareRow, render: string | undefined): Promise<string> {
  if (shareKind(share) === "render") {
    if (render !== undefined && render !== share.target_id) throw gone();
    return share.target_id;
  }
  if (render === undefined)
    throw new AppError("invalid_request", "render is required on a board link.", { field: "render" });
  const [onBoard] = await boardOutputs(db, share.target_id, render);
  if (!onBoard) throw gone();
  return onBoard.id;
}

/** Refuses a link that does not take comments. */
function requireComments(share: ShareRow): void {
  if (share.allow_comments !== 1) throw new AppError("forbidden", "This link does not take comments.");
}

export async function listGuestComments(
  token: string,
  render: string | undefined,
): Promise<CommentThreadList> {
  const db = await getDb();
  const share = await liveLink(db, token);
  requireComments(share);
  return threadsOf(db, await sharedRender(db, share, render));
}

/** Throws 429 when a guest limit is reached: by the link, or by the address. */
async function assertGuestMayComment(db: Db, share: ShareRow, address: string): Promise<void> {
  const now = Date.now();
  for (const limit of GUEST_COMMENT_LIMITS) {
    const by = limit.by === "link" ? { shareId: share.id } : { address };
    const made = await guestCommentsSince(db, by, new Date(now - limit.windowMs), limit.max);
    const oldest = made[limit.max - 1];
    if (oldest === undefined) continue;
    const retryAfterSeconds = Math.max(1, Math.ceil((Date.parse(oldest) + limit.windowMs - now) / 1000));
    throw new AppError(
      "rate_limited",
      `${limit.max} comments were posted ${limit.words}, the most guests may: try again in ${waitWords(retryAfterSeconds)}.`,
      { retryAfterSeconds },
    );
  }
}

export async function createGuestComment(
  token: string,
  input: GuestCommentCreate,
  address: string | null,
): Promise<Comment> {
  const db = await getDb();
  const share = await liveLink(db, token);
  requireComments(share);
  const renderId = await sharedRender(db, share, input.render);
  const render = await getRenderRow(db, renderId);
  if (!render) throw gone();
  const parent = input.parentId === undefined ? null : await requireThread(db, renderId, input.parentId);
  const from = address ?? "unknown";
  await assertGuestMayComment(db, share, from);
  return writeComment(
    db,
    render,
    parent,
    { kind: "guest", name: input.guestName, shareId: share.id, address: from },
    input,
  );
}
