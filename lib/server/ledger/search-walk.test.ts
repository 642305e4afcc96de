/**
 * A prompt search in the requests' order reads its page from the search index's matches in that
 * order and stops there, rather than collecting every match first (which grows with the history: at
 * a million renders, a word in 1 % of the prompts is 8,000 matches for a page of 30). SQLite's plans
 * of the list's statements, newest and oldest first, on a first page and after a cursor.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { z } from "zod/mini";
import { afterAll, beforeAll, expect, test } from "vitest";
import { renderListQuerySchema } from "@/lib/contract";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { plansOf } from "@/test/sqlite-plans";
import { listRenders } from "./renders";

const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), "search-walk-")), "dashboard.db")}`;
let db: Db;
beforeAll(async () => {
  db = await getDb(url);
});
afterAll(() => closeDb(url));

/**
 * FTS5 names its plan by a number whose bits say what it does; 0x40 (FTS5_BI_ORDER_ROWID in
 * fts5_main.c) is "hands its rows in rowid order", which it only does when the statement takes the
 * matches in that order up to a limit (an `in` list of all of them drops the order).
 */
const ROWID_ORDER = 0x40;
const walksIndexInOrder = (plan: string) =>
  [...plan.matchAll(/SCAN render_requests_fts VIRTUAL TABLE INDEX (\d+):/g)].some(
    ([, number]) => (Number(number) & ROWID_ORDER) !== 0,
  );

/** A cursor as the list hands it out: its sort, then the position (request seq, variant). */
const cursorAt = (sort: string) => Buffer.from(JSON.stringify([sort, 500, 0])).toString("base64url");

test.each(["newest", "oldest"])(
  "a search sorted %s reads its first page from the matches in order",
  async (sort) => {
    for (const cursor of [undefined, cursorAt(sort)]) {
      const query = z.parse(renderListQuerySchema, { q: "lighthouse", sort, ...(cursor ? { cursor } : {}) });
      const [page] = await plansOf(db, (d) => listRenders(d, query, ""));
      expect({ sort, cursor, walksInOrder: walksIndexInOrder(page ?? "") }).toEqual({
        sort,
        cursor,
        walksInOrder: true,
      });
    }
  },
);
