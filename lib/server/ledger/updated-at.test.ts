/**
 * A render's `updated_at` never moves back: a write stamped before another that committed first
 * (a tag added while a poll's result was saved) keeps the later stamp, so pages keeping the newer
 * copy of a render by it (apply-events) do not drop the later write's event as older.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { holdForApproval } from "./approvals";
import { rendersByIds, setArchived } from "./renders";
import { changeTags } from "./tags";

const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), "updated-at-")), "dashboard.db")}`;
let db: Db;
beforeAll(async () => {
  db = await getDb(url);
});
afterAll(() => closeDb(url));

const render = async (id: string) => {
  await holdForApproval(
    db,
    {
      id,
      idempotencyKey: null,
      bodyHash: `hash-${id}`,
      request: { kind: "image", imageModel: "nano-banana", prompt: "a lighthouse" },
      timingKey: "nano-banana",
      expectedSeconds: 10,
      madeBy: null,
      owner: null,
    },
    { credits: 1, basis: null },
    "waiting",
  );
  return id;
};
const stampedAt = async (id: string) => (await rendersByIds(db, [id]))[0]?.updatedAt;

test("a tag or an archive written with an earlier clock keeps the later stamp a committed write left", async () => {
  const id = await render("req_later_first");
  const later = new Date(Date.now() + 60_000).toISOString();
  await db.updateTable("renders").set({ updated_at: later }).where("id", "=", id).execute();

  await changeTags(db, [id], ["hero"], []);
  expect(await stampedAt(id)).toBe(later);
  await setArchived(db, [id], true);
  expect(await stampedAt(id)).toBe(later);
  expect((await rendersByIds(db, [id]))[0]).toMatchObject({ tags: ["hero"], archivedAt: expect.any(String) });
});

test("a write with a later clock moves the stamp forward", async () => {
  const id = await render("req_earlier_first");
  const earlier = new Date(Date.now() - 60_000).toISOString();
  await db.updateTable("renders").set({ updated_at: earlier }).where("id", "=", id).execute();

  await changeTags(db, [id], ["hero"], []);
  expect((await stampedAt(id))! > earlier).toBe(true);
});
