import "server-only";
/**
 * The daily digest's ledger (migration 025; docs/architecture.md, "The outbox"): each member's last
 * digest, the slot it was made for and where its items ended, so each item is in one digest.
 */
import type { Db } from "@/lib/server/db/database";
import type { MemberRow } from "@/lib/server/db/schema";
import { queueOutbox, type NewOutboxMessage } from "./outbox";

export interface DigestMark {
  /** The day's digest time it was made for (ISO). */
  slot: string;
  /** The end of the items it held (ISO): the next one starts after it. */
  until: string;
}

/** The active members whose digest of `slot` is not made yet. */
export async function membersDueDigest(db: Db, slot: string): Promise<MemberRow[]> {
  return db
    .selectFrom("members")
    .leftJoin("email_digests", "email_digests.member_id", "members.id")
    .selectAll("members")
    .where("members.deactivated_at", "is", null)
    .where((eb) => eb.or([eb("email_digests.slot", "is", null), eb("email_digests.slot", "<", slot)]))
    .orderBy("members.id")
    .execute();
}

export async function lastDigest(db: Db, memberId: string): Promise<DigestMark | undefined> {
  return db
    .selectFrom("email_digests")
    .select(["slot", "until"])
    .where("member_id", "=", memberId)
    .executeTakeFirst();
}

/**
 * Records the member's digest and queues its message (none when it is empty; due at `nowMs`) in one write, only
 * if their last digest is still `previous`: of two processes making the same digest one writes it,
 * and the other's is dropped whole. False when it was dropped.
 */
export async function recordDigest(
  db: Db,
  memberId: string,
  previous: DigestMark | undefined,
  next: DigestMark,
  message: NewOutboxMessage | null,
  nowMs: number,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    const written = previous
      ? await tx
          .updateTable("email_digests")
          .set(next)
          .where("member_id", "=", memberId)
          .where("slot", "=", previous.slot)
          .where("until", "=", previous.until)
          .executeTakeFirst()
          .then((r) => Number(r.numUpdatedRows))
      : await tx
          .insertInto("email_digests")
          .values({ member_id: memberId, ...next })
          .onConflict((c) => c.column("member_id").doNothing())
          .executeTakeFirst()
          .then((r) => Number(r.numInsertedOrUpdatedRows ?? 0));
    if (written === 0) return false;
    if (message) await queueOutbox(tx, [message], nowMs);
    return true;
  });
}

/** The member's renders that finished (`ready`) or failed after `after` and up to `until` (ISO). */
export async function outcomesBetween(
  db: Db,
  memberId: string,
  statuses: readonly ("ready" | "failed")[],
  after: string,
  until: string,
): Promise<{ id: string; status: string; prompt: string; completed_at: string | null }[]> {
  if (statuses.length === 0) return [];
  return db
    .selectFrom("renders")
    .select(["id", "status", "prompt", "completed_at"])
    .where("member_id", "=", memberId)
    .where("status", "in", statuses)
    .where("completed_at", ">", after)
    .where("completed_at", "<=", until)
    .orderBy("completed_at")
    .orderBy("id")
    .execute();
}
