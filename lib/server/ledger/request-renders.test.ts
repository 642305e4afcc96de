/**
 * A request's renders are found through an index (migration 029), not by walking every render: the
 * ledger's own statements that look renders up by their request, as SQLite plans them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CompiledQuery, type KyselyPlugin, type RootOperationNode } from "kysely";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { familyLinks } from "./render-family";
import { renderView } from "./render-view";
import { rendersOfRequest } from "./renders";

const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), "request-renders-")), "dashboard.db")}`;
let db: Db;
beforeAll(async () => {
  db = await getDb(url);
});
afterAll(() => closeDb(url));

/** SQLite's plan of each statement `run` sends through the ledger's functions. */
async function plansOf(run: (db: Db) => Promise<unknown>): Promise<string[]> {
  const nodes: RootOperationNode[] = [];
  const recorder: KyselyPlugin = {
    transformQuery: ({ node }) => (nodes.push(node), node),
    transformResult: async ({ result }) => result,
  };
  await run(db.withPlugin(recorder) as Db);
  const plans: string[] = [];
  for (const node of nodes) {
    const compiled = db.getExecutor().compileQuery(node, { queryId: "plan" } as never);
    const { rows } = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]),
    );
    plans.push(rows.map((r) => r.detail).join("\n"));
  }
  return plans;
}

/** A plan that reads every render: a walk of the table, or an index SQLite builds for the one statement. */
const walksRenders = (plan: string) => /\bSCAN renders\b|AUTOMATIC .*INDEX/.test(plan);

test("a request's variants are read through an index", async () => {
  const plans = await plansOf((d) => rendersOfRequest(d, "req_none"));
  expect(plans).toHaveLength(1);
  expect(plans[0]).toMatch(/SEARCH renders USING INDEX renders_request/);
});

test("a render's children, in the family links and in the render's own read, do not walk every render", async () => {
  const plans = [
    ...(await plansOf((d) => familyLinks(d, [{ id: "ren_none", requestId: "req_none" }]))),
    ...(await plansOf((d) => renderView(d, "ren_none", ""))),
  ];
  expect(plans.length).toBeGreaterThanOrEqual(3);
  expect(plans.filter(walksRenders)).toEqual([]);
});
