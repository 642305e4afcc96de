/**
 * The usage page's figures added up from the renders themselves, every time (what the ledger did
 * before it kept day sums, migration 028), to check the day sums against: the usage page's cells,
 * its boards and the net spend of a scope, each equal to the renders' own figures.
 */
import { sql } from "kysely";
import { expect } from "vitest";
import { addDays, dayStartIso } from "@/lib/domain/usage";
import type { Db } from "@/lib/server/db/database";
import { boardSpend, netSpend, usageCells, type UsageScope } from "@/lib/server/ledger/usage";

function rendersInScope(db: Db, scope: UsageScope) {
  let q = db
    .selectFrom("renders")
    .where("renders.created_at", ">=", dayStartIso(scope.from))
    .where("renders.created_at", "<", dayStartIso(addDays(scope.to, 1)));
  if (scope.memberId !== undefined) q = q.where("renders.member_id", "=", scope.memberId);
  return q;
}

async function cellsFromRenders(db: Db, scope: UsageScope) {
  const day = sql<string>`substr(renders.created_at, 1, 10)`;
  const rows = await rendersInScope(db, scope)
    .select([
      day.as("day"),
      "renders.model",
      "renders.member_id",
      sql<string | null>`max(renders.member_name)`.as("member_name"),
      sql<number>`sum(renders.credits_charged)`.as("charged"),
      sql<number>`sum(renders.credits_refunded)`.as("refunded"),
      sql<number>`count(*)`.as("renders"),
      sql<number>`sum(case when renders.status = 'failed' then 1 else 0 end)`.as("failures"),
      sql<number>`sum(case when renders.status = 'failed' then renders.credits_refunded else 0 end)`.as(
        "failure_refunds",
      ),
    ])
    .groupBy([day, "renders.model", "renders.member_id"])
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

async function boardsFromRenders(db: Db, scope: UsageScope) {
  const rows = await rendersInScope(db, scope)
    .innerJoin("board_renders", "board_renders.render_id", "renders.id")
    .innerJoin("boards", "boards.id", "board_renders.board_id")
    .select([
      "boards.id",
      "boards.name",
      sql<number>`sum(renders.credits_charged)`.as("charged"),
      sql<number>`sum(renders.credits_refunded)`.as("refunded"),
      sql<number>`count(*)`.as("renders"),
    ])
    .groupBy(["boards.id", "boards.name"])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    charged: Number(row.charged),
    refunded: Number(row.refunded),
    renders: Number(row.renders),
  }));
}

async function netFromRenders(db: Db, scope: UsageScope): Promise<number> {
  const row = await rendersInScope(db, scope)
    .select(sql<number>`coalesce(sum(renders.credits_charged - renders.credits_refunded), 0)`.as("net"))
    .executeTakeFirstOrThrow();
  return Number(row.net);
}

const byKey =
  <T>(key: (item: T) => string) =>
  (items: readonly T[]) =>
    [...items].sort((a, b) => key(a).localeCompare(key(b)));
const cellsInOrder = byKey((c: { day: string; model: string; memberId: string | null }) =>
  [c.day, c.model, c.memberId ?? ""].join(" "),
);
const boardsInOrder = byKey((b: { id: string }) => b.id);

/**
 * The usage page's cells, boards and net spend for `scope` equal the renders added up, and hold
 * something (so the comparison is not of two empty answers).
 */
export async function expectUsageOfRenders(db: Db, scope: UsageScope): Promise<void> {
  const expected = await cellsFromRenders(db, scope);
  expect(expected.length).toBeGreaterThan(0);
  expect(cellsInOrder(await usageCells(db, scope))).toEqual(cellsInOrder(expected));
  expect(boardsInOrder(await boardSpend(db, scope))).toEqual(
    boardsInOrder(await boardsFromRenders(db, scope)),
  );
  expect(await netSpend(db, scope)).toBe(await netFromRenders(db, scope));
}
