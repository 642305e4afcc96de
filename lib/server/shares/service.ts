import "server-only";
/**
 * Share links as the routes and the shared page use them. A link is a random token; the ledger keeps
 * its SHA-256, so a copy of the database opens nothing. Anyone who may act (any member, everyone
 * with sign-in off) may share a render or a board; with sign-in on, a member sees and revokes their
 * own links and an admin everyone's. Making and revoking a link are entries of the audit log, naming
 * the link and what it shows, never its token.
 */
import {
  madeBy,
  AppError,
  SHARE_TOKEN_PATTERN,
  SHARE_TOKEN_PREFIX_CHARS,
  type LedgerRender,
  type Member,
  type Share,
  type ShareCreated,
  type ShareInput,
  type ShareKind,
} from "@/lib/contract";
import { notReadyReason } from "@/lib/domain/manifest";
import { getDb } from "@/lib/server/db/database";
import type { Db } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { boardOutputs, findBoardRow } from "@/lib/server/ledger/boards";
import { getRenderRow, toLedgerRender } from "@/lib/server/ledger/renders";
import * as ledger from "@/lib/server/ledger/shares";
import { hashSecretToken, newSecretToken } from "@/lib/server/runtime/secret-tokens";
import { requireMakerOrAdmin } from "@/lib/server/access/makers";
import { assertMayMake } from "@/lib/server/team/limits";

export const sharePath = (token: string) => `/s/${token}`;

/** The caller sees everyone's links: an admin, or anyone while sign-in is off (acting as the team). */
const seesAll = (member: Member | null) => member === null || member.role === "admin";

/** The id of what a new link shows, once it exists and may be shared. */
async function shareableTarget(db: Db, kind: ShareKind, id: string): Promise<string> {
  if (kind === "board") {
    // Any board, even one with nothing finished yet: its page shows what it holds when opened.
    const board = await findBoardRow(db, id);
    if (!board) throw new AppError("not_found", "No board with this id.", { field: "id" });
    return board.id;
  }
  const row = await getRenderRow(db, id);
  if (!row) {
    throw new AppError("not_found", "No render with this id in the dashboard's history.", { field: "id" });
  }
  const render = toLedgerRender(row);
  if (render.status !== "ready" || !render.outputUrl) {
    throw new AppError(
      "render_not_ready",
      `Only a finished render can be shared: ${notReadyReason(render)}.`,
      {
        field: "id",
      },
    );
  }
  return render.id;
}

export async function createShare(input: ShareInput, by: Actor): Promise<ShareCreated> {
  const { member } = by;
  const db = await getDb();
  const targetId = await shareableTarget(db, input.kind, input.id);
  let expiresAt: string | null = null;
  if (input.expiresAt) {
    const at = new Date(input.expiresAt);
    if (at.getTime() <= Date.now()) {
      throw new AppError("invalid_request", "expiresAt must be in the future.", { field: "expiresAt" });
    }
    expiresAt = at.toISOString();
  }
  await assertMayMake("shares", member);
  const token = newSecretToken();
  const created = await ledger.insertShare(
    db,
    {
      tokenHash: hashSecretToken(token),
      tokenPrefix: token.slice(0, SHARE_TOKEN_PREFIX_CHARS),
      kind: input.kind,
      targetId,
      showPrompt: input.showPrompt,
      allowComments: input.allowComments,
      expiresAt,
    },
    madeBy(member),
  );
  const share = await ledger.getShare(db, created.id);
  if (!share) throw new Error(`share ${created.id} vanished after insert`);
  await recordAudit(db, {
    kind: "share.made",
    by,
    target: shareTarget(share.id, input.kind, targetId),
    change: { before: {}, after: { showPrompt: input.showPrompt, expiresAt } },
  });
  return { share, path: sharePath(token) };
}

/** A link as the audit log names it: by its id and what it shows. */
const shareTarget = (id: string, kind: string, targetId: string) => ({
  type: "share link",
  id,
  name: `${kind} ${targetId}`,
});

/** Which links a list holds: one render's, one board's, or (neither) all. */
export interface ShareTargetFilter {
  renderId?: string;
  boardId?: string;
}

/** The links the caller may see: all of them for an admin, their own for a member; perhaps one target's. */
export async function listSharesFor(member: Member | null, target: ShareTargetFilter = {}): Promise<Share[]> {
  return ledger.listShares(await getDb(), {
    ...target,
    memberId: seesAll(member) ? undefined : member?.id,
  });
}

/** Revokes a link at once: its row goes, so its token finds nothing. */
export async function revokeShare(id: string, by: Actor): Promise<void> {
  const db = await getDb();
  const row = await ledger.findShareRow(db, id);
  if (!row) throw new AppError("not_found", "No share link with this id.");
  const maker = row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? "" };
  requireMakerOrAdmin("share link", maker, by.member);
  await ledger.deleteShare(db, id);
  await recordAudit(db, { kind: "share.revoked", by, target: shareTarget(id, row.kind, row.target_id) });
}

/** What a working link shows: one render, or a board's finished renders. */
export type SharedTarget = { showPrompt: boolean } & (
  | { kind: "render"; render: LedgerRender }
  | { kind: "board"; name: string; description: string | null; renders: LedgerRender[] }
);

/**
 * The link a token opens, or undefined for a token that is malformed, unknown, revoked or expired
 * (all alike: the caller answers 404 without saying which). `opened` notes the page's opening.
 */
async function liveShare(token: string, opened: boolean) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  const db = await getDb();
  const share = await ledger.liveShareByHash(db, hashSecretToken(token), new Date(), opened);
  return share && { db, share, kind: ledger.shareKind(share), showPrompt: share.show_prompt === 1 };
}

/** What the shared page shows for a token, or undefined (see liveShare); opening it is noted. */
export async function openShare(token: string): Promise<SharedTarget | undefined> {
  const live = await liveShare(token, true);
  if (!live) return undefined;
  const { db, share, showPrompt } = live;
  if (live.kind === "board") {
    const board = await findBoardRow(db, share.target_id);
    if (!board) return undefined;
    const renders = await boardOutputs(db, board.id);
    return { kind: "board", showPrompt, name: board.name, description: board.description, renders };
  }
  const row = await getRenderRow(db, share.target_id);
  return row && { kind: "render", showPrompt, render: toLedgerRender(row) };
}

/**
 * The render whose output a token's media route serves: a render link's own render (`renderId`
 * absent or naming it), or a render on a board link's board now, with an output. Undefined for
 * anything else, alike.
 */
export async function openSharedFile(
  token: string,
  renderId: string | null,
): Promise<{ render: LedgerRender; showPrompt: boolean } | undefined> {
  const live = await liveShare(token, false);
  if (!live) return undefined;
  const { db, share, showPrompt } = live;
  if (live.kind === "board") {
    if (renderId === null) return undefined;
    const [render] = await boardOutputs(db, share.target_id, renderId);
    return render && { render, showPrompt };
  }
  if (renderId !== null && renderId !== share.target_id) return undefined;
  const row = await getRenderRow(db, share.target_id);
  return row && { render: toLedgerRender(row), showPrompt };
}
