/**
 * A handle's dialect is known wherever it is queried from: also from a second instance of the
 * modules, as Next's separate bundles each load their own (a handle opened by the scheduler's
 * bundle, queried by a route's), and in the handle's transactions.
 */
import { afterEach, expect, test, vi } from "vitest";
import { LEDGER_DATABASE, newLedgerUrl } from "@/test/server-stack";
import { connect, type Db } from "./database";

const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

test("a handle's dialect, read by another instance of the module and inside a transaction", async () => {
  const db = await connect(await newLedgerUrl());
  opened.push(db);
  vi.resetModules();
  const { dialectOf } = await import("./dialect");
  expect(dialectOf(db)).toBe(LEDGER_DATABASE);
  expect(await db.transaction().execute(async (tx) => dialectOf(tx))).toBe(LEDGER_DATABASE);
});
