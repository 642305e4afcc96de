/**
 * A request's renders are found through an index (migration 029), not by walking every render: the
 * ledger's own statements that look renders up by their request, as SQLite plans them.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { plansOf as sqlitePlansOf } from "@/test/sqlite-plans";
import { familyLinks } from "./render-family";
import { renderView } from "./render-view";
import { rendersOfRequest } from "./renders";

const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), "request-renders-")), "dashboard.db")}`;
let db: Db;
beforeAll(async () => {
  db = await getDb(url);
});
afterAll(() => closeDb(url));

const plansOf = (run: (db: Db) => Promise<unknown>) => sqlitePlansOf(db, run);

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
