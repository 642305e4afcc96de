import "server-only";
/**
 * The ledger's spend added up for the usage page (docs/api.md, "Usage"): per UTC day, model and
 * member, and per board. A render counts on the day it was requested, with what it was charged and
 * what was refunded for it, so a day's net never goes below zero. Read from the day sums that
 * triggers keep beside the renders (`usage_days`, `board_usage_days`, migration 028), so a range
 * costs its days, not its renders.
 */
import { sql } from "kysely";
import type { UsageCell } from "@/lib/domain/usage";
import type { Db } from "@/lib/server/db/database";

export interface UsageScope {
  /** The first and last UTC day, both included. */
  from: string;
  to: string;
  /** One member's renders only; undefined for the whole team. */
  memberId?: string;
}

/**
 * The scope's day sums. A sum whose renders all went (a placeholder replaced, a render moved to
 * another day) stays at zero renders and is left out, as a group of no renders would be.
 */
function daysInScope(db: Db, scope: UsageScope) {
  let q = db
    .selectFrom("usage_days")
    .where("usage_days.day", ">=", scope.from)
    .where("usage_days.day", "<=", scope.to)
    .where("usage_days.renders", ">", 0);
  if (scope.memberId !== undefined) q = q.where("usage_days.member_key", "=", scope.memberId);
  return q;
}

/** "" stands for no member (or no name) in the day sums' keys. */
const orNull = (key: string): string | null => (key === "" ? null : key);

export async function usageCells(db: Db, scope: UsageScope): Promise<UsageCell[]> {
  const rows = await daysInScope(db, scope)
    .select([
      "usage_days.day",
      "usage_days.model",
      "usage_days.member_key",
      // A member renamed mid-range stays one row, under the latest name the ledger kept.
      sql<string>`max(usage_days.name_key)`.as("member_name"),
      sql<number>`sum(usage_days.charged)`.as("charged"),
      sql<number>`sum(usage_days.refunded)`.as("refunded"),
      sql<number>`sum(usage_days.renders)`.as("renders"),
      sql<number>`sum(usage_days.failures)`.as("failures"),
      sql<number>`sum(usage_days.failure_refunds)`.as("failure_refunds"),
    ])
    .groupBy(["usage_days.day", "usage_days.model", "usage_days.member_key"])
    .orderBy("usage_days.day")
    .execute();
  return rows.map((row) => ({
    day: row.day,
    model: row.model,
    memberId: orNull(row.member_key),
    memberName: orNull(row.member_name),
    charged: Number(row.charged),
    refunded: Number(row.refunded),
    renders: Number(row.renders),
    failures: Number(row.failures),
    failureRefunds: Number(row.failure_refunds),
  }));
}

export interface BoardSpend {
  id: string;
  name: string;
  charged: number;
  refunded: number;
  renders: number;
}

/** Spend of the scope's renders on each board holding any of them, the largest net first. */
export async function boardSpend(db: Db, scope: UsageScope): Promise<BoardSpend[]> {
  let q = db
    .selectFrom("board_usage_days")
    .innerJoin("boards", "boards.id", "board_usage_days.board_id")
    .where("board_usage_days.day", ">=", scope.from)
    .where("board_usage_days.day", "<=", scope.to)
    .where("board_usage_days.renders", ">", 0);
  if (scope.memberId !== undefined) q = q.where("board_usage_days.member_key", "=", scope.memberId);
  const rows = await q
    .select([
      "boards.id",
      "boards.name",
      sql<number>`sum(board_usage_days.charged)`.as("charged"),
      sql<number>`sum(board_usage_days.refunded)`.as("refunded"),
      sql<number>`sum(board_usage_days.renders)`.as("renders"),
    ])
    .groupBy(["boards.id", "boards.name"])
    .execute();
  return rows
    .map((row) => ({
      id: row.id,
      name: row.name,
      charged: Number(row.charged),
      refunded: Number(row.refunded),
      renders: Number(row.renders),
    }))
    .sort((a, b) => b.charged - b.refunded - (a.charged - a.refunded) || a.name.localeCompare(b.name));
}

/** Net credits of the scope's renders: charged less refunded. */
export async function netSpend(db: Db, scope: UsageScope): Promise<number> {
  const row = await daysInScope(db, scope)
    .select(sql<number>`coalesce(sum(usage_days.charged - usage_days.refunded), 0)`.as("net"))
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}
