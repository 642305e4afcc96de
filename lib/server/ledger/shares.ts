import "server-only";
/** Share links (docs/api.md, "Share links"). Rows hold a hash of each token, never the token. */
import { expressionBuilder } from "kysely";
import { SHARE_KINDS, type MadeBy, type Share, type ShareKind } from "@/lib/contract";
import { excerpt } from "@/lib/domain/format";
import type { Db } from "@/lib/server/db/database";
import type { Database, ShareRow } from "@/lib/server/db/schema";
import { newLedgerId } from "./ids";

/** Characters of the shared render's prompt a list shows. */
const LABEL_CHARS = 80;

export interface NewShare {
  tokenHash: string;
  tokenPrefix: string;
  kind: ShareKind;
  targetId: string;
  showPrompt: boolean;
  allowComments: boolean;
  /** ISO 8601 in UTC, or null for never. */
  expiresAt: string | null;
}

type ListedRow = ShareRow & { target_prompt: string | null; target_name: string | null };

/** A row's kind; the column holds only what insertShare wrote. */
export function shareKind(row: ShareRow): ShareKind {
  const kind = SHARE_KINDS.find((k) => k === row.kind);
  if (!kind) throw new Error(`share ${row.id} has an unknown kind ${row.kind}`);
  return kind;
}

function toShare(row: ListedRow): Share {
  const kind = shareKind(row);
  return {
    id: row.id,
    kind,
    targetId: row.target_id,
    targetLabel: kind === "board" ? (row.target_name ?? "") : excerpt(row.target_prompt ?? "", LABEL_CHARS),
    tokenPrefix: row.token_prefix,
    showPrompt: row.show_prompt === 1,
    allowComments: row.allow_comments === 1,
    member: row.member_id ? { id: row.member_id, name: row.member_name ?? "" } : null,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastOpenedAt: row.last_opened_at,
  };
}

export async function insertShare(db: Db, share: NewShare, madeBy: MadeBy): Promise<ShareRow> {
  const row: ShareRow = {
    id: newLedgerId("shr"),
    token_hash: share.tokenHash,
    token_prefix: share.tokenPrefix,
    kind: share.kind,
    target_id: share.targetId,
    show_prompt: share.showPrompt ? 1 : 0,
    allow_comments: share.allowComments ? 1 : 0,
    member_id: madeBy?.id ?? null,
    member_name: madeBy?.name ?? null,
    created_at: new Date().toISOString(),
    expires_at: share.expiresAt,
    last_opened_at: null,
  };
  await db.insertInto("shares").values(row).execute();
  return row;
}

export interface ShareFilter {
  /** One link. */
  id?: string;
  /** One render's links. */
  renderId?: string;
  /** One board's links. */
  boardId?: string;
  /** One member's links; undefined for everyone's. */
  memberId?: string;
}

/** Links, newest first, each with the start of its render's prompt or its board's name. */
export async function listShares(db: Db, filter: ShareFilter = {}): Promise<Share[]> {
  let query = db
    .selectFrom("shares")
    .leftJoin("renders", (join) =>
      join.onRef("renders.id", "=", "shares.target_id").on("shares.kind", "=", "render"),
    )
    .leftJoin("boards", (join) =>
      join.onRef("boards.id", "=", "shares.target_id").on("shares.kind", "=", "board"),
    )
    .selectAll("shares")
    .select(["renders.prompt as target_prompt", "boards.name as target_name"]);
  if (filter.id !== undefined) query = query.where("shares.id", "=", filter.id);
  if (filter.renderId !== undefined) {
    query = query.where("shares.kind", "=", "render").where("shares.target_id", "=", filter.renderId);
  }
  if (filter.boardId !== undefined) {
    query = query.where("shares.kind", "=", "board").where("shares.target_id", "=", filter.boardId);
  }
  if (filter.memberId !== undefined) query = query.where("shares.member_id", "=", filter.memberId);
  const rows = await query.orderBy("shares.created_at", "desc").orderBy("shares.id").execute();
  return rows.map(toShare);
}

/** One link as a list shows it, e.g. just created. */
export async function getShare(db: Db, id: string): Promise<Share | undefined> {
  return (await listShares(db, { id }))[0];
}

export async function findShareRow(db: Db, id: string): Promise<ShareRow | undefined> {
  return db.selectFrom("shares").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Whether a link was removed. */
export async function deleteShare(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("shares").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * The link with this token's hash, if it still works at `now` (not expired; a revoked link has no
 * row). `opened`: the shared page is being shown, so the link's last opening is noted.
 */
export async function liveShareByHash(
  db: Db,
  tokenHash: string,
  now: Date,
  opened: boolean,
): Promise<ShareRow | undefined> {
  const at = now.toISOString();
  const eb = expressionBuilder<Database, "shares">();
  const live = eb.and([
    eb("token_hash", "=", tokenHash),
    eb.or([eb("expires_at", "is", null), eb("expires_at", ">", at)]),
  ]);
  if (!opened) return db.selectFrom("shares").selectAll().where(live).executeTakeFirst();
  return db.updateTable("shares").set({ last_opened_at: at }).where(live).returningAll().executeTakeFirst();
}
