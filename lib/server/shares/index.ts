import "server-only";
/**
 * Share links as the routes and the shared page use them. A link is a random token; the ledger keeps
 * its SHA-256, so a copy of the database opens nothing. Anyone who may act (any member, everyone
 * with sign-in off) may share a render; with sign-in on, a member sees and revokes their own links
 * and an admin everyone's.
 */
import { createHash, randomBytes } from "node:crypto";
import {
  AppError,
  SHARE_TOKEN_PATTERN,
  SHARE_TOKEN_PREFIX_CHARS,
  type LedgerRender,
  type Member,
  type Share,
  type ShareCreated,
  type ShareInput,
} from "@/lib/contract";
import { notReadyReason } from "@/lib/domain/manifest";
import { getDb } from "@/lib/server/db";
import { getRenderRow, toLedgerRender } from "@/lib/server/ledger/renders";
import * as ledger from "@/lib/server/ledger/shares";
import { requireMakerOrAdmin } from "@/lib/server/team/makers";

/** 32 random bytes: 256 bits, 43 characters of base64url. */
const TOKEN_BYTES = 32;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export const sharePath = (token: string) => `/s/${token}`;

/** The caller sees everyone's links: an admin, or anyone while sign-in is off (acting as the team). */
const seesAll = (member: Member | null) => member === null || member.role === "admin";

export async function createShare(input: ShareInput, member: Member | null): Promise<ShareCreated> {
  const db = await getDb();
  const row = await getRenderRow(db, input.id);
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
  let expiresAt: string | null = null;
  if (input.expiresAt) {
    const at = new Date(input.expiresAt);
    if (at.getTime() <= Date.now()) {
      throw new AppError("invalid_request", "expiresAt must be in the future.", { field: "expiresAt" });
    }
    expiresAt = at.toISOString();
  }
  const token = randomBytes(TOKEN_BYTES).toString("base64url");
  const created = await ledger.insertShare(
    db,
    {
      tokenHash: hashToken(token),
      tokenPrefix: token.slice(0, SHARE_TOKEN_PREFIX_CHARS),
      kind: input.kind,
      targetId: render.id,
      showPrompt: input.showPrompt,
      expiresAt,
    },
    member && { id: member.id, name: member.name },
  );
  const share = await ledger.getShare(db, created.id);
  if (!share) throw new Error(`share ${created.id} vanished after insert`);
  return { share, path: sharePath(token) };
}

/** The links the caller may see: all of them for an admin, their own for a member; perhaps one render's. */
export async function listSharesFor(member: Member | null, renderId?: string): Promise<Share[]> {
  return ledger.listShares(await getDb(), {
    renderId,
    memberId: seesAll(member) ? undefined : member?.id,
  });
}

/** Revokes a link at once: its row goes, so its token finds nothing. */
export async function revokeShare(id: string, member: Member | null): Promise<void> {
  const db = await getDb();
  const row = await ledger.findShareRow(db, id);
  if (!row) throw new AppError("not_found", "No share link with this id.");
  const madeBy = row.member_id === null ? null : { id: row.member_id, name: row.member_name ?? "" };
  requireMakerOrAdmin("share link", madeBy, member);
  await ledger.deleteShare(db, id);
}

/** What a working link shows. */
export interface SharedTarget {
  render: LedgerRender;
  showPrompt: boolean;
}

/**
 * The render a token opens, or undefined for a token that is malformed, unknown, revoked or expired
 * (all alike: the caller answers 404 without saying which). `opened` notes the page's opening.
 */
export async function openShare(token: string, opened: boolean): Promise<SharedTarget | undefined> {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined;
  const db = await getDb();
  const share = await ledger.liveShareByHash(db, hashToken(token), new Date(), opened);
  if (!share || share.kind !== "render") return undefined;
  const row = await getRenderRow(db, share.target_id);
  return row && { render: toLedgerRender(row), showPrompt: share.show_prompt === 1 };
}
