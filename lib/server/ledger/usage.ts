import "server-only";
/**
 * The ledger's spend added up for the usage page (docs/api.md, "Usage"): per UTC day, model and
 * member, and per board. A render counts on the day it was requested, with what it was charged and
 * what was refunded for it, so a day's net never goes below zero.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import type { UsageCell } from "@/lib/domain/usage";
import { addDays, dayStartIso } from "@/lib/domain/usage";
import type { Db } from "@/lib/server/db/database";
import type { Database } from "@/lib/server/db/schema";

export interface UsageScope {
  /** The first and last UTC day, both included. */
  from: string;
  to: string;
  /** One member's renders only; undefined for the whole team. */
  memberId?: string;
}

type RendersQuery = SelectQueryBuilder<Database, "renders", object>;

/** Renders requested in the scope's days (and started by its member, if any). */
function inScope<Q extends RendersQuery>(query: Q, scope: UsageScope): Q {
  let q = query
    .where("renders.created_at", ">=", dayStartIso(scope.from))
    .where("renders.created_at", "<", dayStartIso(addDays(scope.to, 1)));
  if (scope.memberId !== undefined) q = q.where("renders.member_id", "=", scope.memberId);
  return q as Q;
}

const spent = {
  charged: sql<number>`coalesce(sum(renders.credits_charged), 0)`,
  refunded: sql<number>`coalesce(sum(renders.credits_refunded), 0)`,
  renders: sql<number>`count(*)`,
};

export async function usageCells(db: Db, scope: UsageScope): Promise<UsageCell[]> {
  const day = sql<string>`substr(renders.created_at, 1, 10)`;
  const rows = await inScope(db.selectFrom("renders"), scope)
    .select([
      day.as("day"),
      "renders.model",
      "renders.member_id",
      // A member renamed mid-range stays one row, under the latest name the ledger kept.
      sql<string | null>`max(renders.member_name)`.as("member_name"),
      spent.charged.as("charged"),
      spent.refunded.as("refunded"),
      spent.renders.as("renders"),
      sql<number>`coalesce(sum(case when renders.status = 'failed' then 1 else 0 end), 0)`.as("failures"),
      sql<number>`coalesce(sum(case when renders.status = 'failed' then renders.credits_refunded else 0 end), 0)`.as(
        "failure_refunds",
      ),
    ])
    .groupBy([day, "renders.model", "renders.member_id"])
    .orderBy(day)
    .execute();
  return rows.map((row) => ({
    day: row.day,
    model: row.model,
    memberId: row.member_id,
    memberName: row.member_name,
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
  const rows = await inScope(
    db
      .selectFrom("renders")
      .innerJoin("board_renders", "board_renders.render_id", "renders.id")
      .innerJoin("boards", "boards.id", "board_renders.board_id"),
    scope,
  )
    .select([
      "boards.id",
      "boards.name",
      spent.charged.as("charged"),
      spent.refunded.as("refunded"),
      spent.renders.as("renders"),
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
  const row = await inScope(db.selectFrom("renders"), scope)
    .select(sql<number>`coalesce(sum(renders.credits_charged - renders.credits_refunded), 0)`.as("net"))
    .executeTakeFirst();
  return Number(row?.net ?? 0);
}
