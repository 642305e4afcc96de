import "server-only";
/**
 * Spend notices (docs/spend.md). A notice is written once per crossing (its unique key), together with
 * its inbox items, in one transaction: a crossing noticed twice, or a restart between the two writes,
 * can neither tell anyone twice nor lose it. The items are what the outbox sends on (email, push, the
 * team's chat).
 */
import { randomBytes } from "node:crypto";
import { AppError, type Notice } from "@/lib/contract";
import type { AlertKind } from "@/lib/domain/alerts";
import type { Db } from "@/lib/server/db/database";
import type { Transaction } from "kysely";
import type { Database, NoticeRow } from "@/lib/server/db/schema";
import { withChanges } from "./changes";
import { insertInboxItems, teamReaders, type NewInboxItem } from "./inbox";
import { monthStart } from "./members";

/** The live-event audience of every admin (member ids never start with "@"). */
const ADMINS = "@admins";

/** Who reads notices: their favourites owner (dismissals are theirs), member id and whether admin. */
export interface NoticeViewer {
  owner: string;
  memberId: string | null;
  admin: boolean;
}

/** The audiences a viewer's live stream belongs to. */
export const viewerAudiences = (viewer: NoticeViewer): string[] =>
  viewer.admin ? [viewer.owner, ADMINS] : [viewer.owner];

/** The change log's subject of a notice change: who may hear of it, and its id (ids hold no space). */
const noticeSubject = (audiences: readonly string[], id: string) => `${audiences.join(",")} ${id}`;

export function parseNoticeSubject(subject: string): { audiences: string[]; id: string } {
  const at = subject.lastIndexOf(" ");
  return { audiences: subject.slice(0, at).split(","), id: subject.slice(at + 1) };
}

function toNotice(row: NoticeRow): Notice {
  return {
    id: row.id,
    kind: row.kind === "member_cap" || row.kind === "team_budget" ? row.kind : "low_balance",
    threshold: row.threshold,
    member: row.member_id ? { id: row.member_id, name: row.member_name ?? "" } : null,
    spentCredits: row.spent_credits,
    limitCredits: row.limit_credits,
    balanceCredits: row.balance_credits,
    message: row.message,
    createdAt: row.created_at,
  };
}

export interface NewNotice {
  crossingKey: string;
  kind: AlertKind;
  threshold: number;
  member: { id: string; name: string } | null;
  spent: number | null;
  limit: number | null;
  balance: number | null;
  message: string;
}

/** Records a crossing's notice and its inbox items. Returns null when the crossing was already recorded. */
export async function recordNotice(db: Db, input: NewNotice): Promise<Notice | null> {
  const now = new Date();
  const row: NoticeRow = {
    id: `ntc_${randomBytes(12).toString("base64url")}`,
    crossing_key: input.crossingKey,
    kind: input.kind,
    threshold: input.threshold,
    member_id: input.member?.id ?? null,
    member_name: input.member?.name ?? null,
    spent_credits: input.spent,
    limit_credits: input.limit,
    balance_credits: input.balance,
    message: input.message,
    created_at: now.toISOString(),
    rearmed_at: null,
  };
  return withChanges(db, async (tx, note) => {
    const inserted = await tx
      .insertInto("notices")
      .values(row)
      .onConflict((c) => c.column("crossing_key").doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    note("notice", noticeSubject(row.member_id ? [row.member_id, ADMINS] : [ADMINS], row.id));
    await insertInboxItems(tx, await noticeInboxItems(tx, row), note);
    return toNotice(row);
  });
}

/** The start of a notice's inbox items' source key, before the notice's id. */
const NOTICE_SOURCE = "notice:";

/**
 * The notice an inbox item was made for, and its crossing key (the team's chat sends both): undefined
 * when the item is not a notice's, or the notice is gone.
 */
export async function noticeOfItem(
  db: Db,
  item: { source_key: string },
): Promise<{ notice: Notice; crossingKey: string } | undefined> {
  if (!item.source_key.startsWith(NOTICE_SOURCE)) return undefined;
  const row = await db
    .selectFrom("notices")
    .selectAll()
    .where("id", "=", item.source_key.slice(NOTICE_SOURCE.length))
    .executeTakeFirst();
  return row && { notice: toNotice(row), crossingKey: row.crossing_key };
}

/**
 * A notice's inbox items: one for each who may read it (its member, every active admin, and with
 * sign-in off the team, whose owner is ""), made once per reader by its source key.
 */
async function noticeInboxItems(tx: Transaction<Database>, row: NoticeRow): Promise<NewInboxItem[]> {
  const owners = new Set([...(await teamReaders(tx)), ...(row.member_id ? [row.member_id] : [])]);
  return [...owners].map((owner) => ({
    owner,
    sourceKey: `${NOTICE_SOURCE}${row.id}`,
    kind: toNotice(row).kind,
    renderId: null,
    commentId: null,
    actor: null,
    text: row.message,
  }));
}

/** The thresholds of a limit already alerted this UTC month (`memberId` null: the team's budget). */
export async function alertedThresholds(
  db: Db,
  kind: "member_cap" | "team_budget",
  memberId: string | null,
  now = new Date(),
): Promise<number[]> {
  let query = db
    .selectFrom("notices")
    .select("threshold")
    .where("kind", "=", kind)
    .where("created_at", ">=", monthStart(now));
  query = memberId === null ? query.where("member_id", "is", null) : query.where("member_id", "=", memberId);
  return (await query.execute()).map((row) => row.threshold);
}

/**
 * The low-balance alert's state: armed unless its last notice has not been re-armed since, and how
 * many falls were alerted (the next fall's crossing key).
 */
export async function lowBalanceState(
  db: Db,
): Promise<{ armed: boolean; falls: number; lastId: string | null }> {
  const rows = await db
    .selectFrom("notices")
    .select(["id", "rearmed_at"])
    .where("kind", "=", "low_balance")
    .orderBy("created_at", "desc")
    .orderBy("crossing_key", "desc")
    .execute();
  const last = rows[0];
  return { armed: !last || last.rearmed_at !== null, falls: rows.length, lastId: last?.id ?? null };
}

/** Re-arms the low-balance alert: the balance was read at or above the threshold again. */
export async function rearmLowBalance(db: Db, noticeId: string): Promise<void> {
  await db
    .updateTable("notices")
    .set({ rearmed_at: new Date().toISOString() })
    .where("id", "=", noticeId)
    .where("rearmed_at", "is", null)
    .execute();
}

/** The viewer's notices they have not dismissed, newest first (at most `limit`). */
export async function listNotices(db: Db, viewer: NoticeViewer, limit = 50): Promise<Notice[]> {
  let query = db
    .selectFrom("notices")
    .leftJoin("notice_dismissals", (join) =>
      join
        .onRef("notice_dismissals.notice_id", "=", "notices.id")
        .on("notice_dismissals.owner", "=", viewer.owner),
    )
    .selectAll("notices")
    .where("notice_dismissals.notice_id", "is", null);
  if (!viewer.admin) {
    query = query
      .where("notices.kind", "=", "member_cap")
      .where("notices.member_id", "=", viewer.memberId ?? "");
  }
  const rows = await query.orderBy("notices.created_at", "desc").orderBy("notices.id").limit(limit).execute();
  return rows.map(toNotice);
}

/** Dismisses a notice for the viewer alone; one they may not read is not found. */
export async function dismissNotice(db: Db, viewer: NoticeViewer, id: string): Promise<void> {
  const row = await db.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();
  const theirs = row && (viewer.admin || (row.kind === "member_cap" && row.member_id === viewer.memberId));
  if (!theirs) throw new AppError("not_found", "No such notice.");
  await withChanges(db, async (tx, note) => {
    const inserted = await tx
      .insertInto("notice_dismissals")
      .values({ notice_id: id, owner: viewer.owner, dismissed_at: new Date().toISOString() })
      .onConflict((c) => c.columns(["notice_id", "owner"]).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) note("notice", noticeSubject([viewer.owner], id));
  });
}
