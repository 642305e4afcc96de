/**
 * The approvals ledger on a real SQLite file: a held request is listed with its estimate, and a
 * decision moves it out of `awaiting_approval` once; the second finds nothing to change.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { closeDb, getDb, type Db } from "@/lib/server/db/database";
import { countWaiting, decide, findApproval, holdForApproval, listWaiting } from "./approvals";
import { rendersOfRequest } from "./renders";

const url = `file:${path.join(mkdtempSync(path.join(tmpdir(), "approvals-ledger-")), "dashboard.db")}`;
let db: Db;
beforeAll(async () => {
  db = await getDb(url);
});
afterAll(() => closeDb(url));

const grace = { id: "mem_g", name: "Grace" };
const ada = { id: "mem_a", name: "Ada" };

const hold = (id: string, prompt: string, credits: number | null) =>
  holdForApproval(
    db,
    {
      id,
      idempotencyKey: null,
      bodyHash: `hash-${id}`,
      request: { kind: "video", model: "kling", durationSeconds: 5, prompt },
      timingKey: "kling",
      expectedSeconds: 60,
      madeBy: grace,
      owner: null,
    },
    { credits, basis: credits === null ? null : "from 1 earlier kling 720p render" },
    "waiting for an admin's approval",
  );

test("a held request is listed oldest first with its estimate, and its placeholder waits", async () => {
  await hold("req_first", "a lighthouse", 40);
  await hold("req_second", "a harbour", null);
  const waiting = await listWaiting(db);
  expect(waiting.map((a) => [a.id, a.estimateCredits, a.member?.name])).toEqual([
    ["req_first", 40, "Grace"],
    ["req_second", null, "Grace"],
  ]);
  expect(await countWaiting(db)).toBe(2);
  const [placeholder] = await rendersOfRequest(db, "req_first");
  expect(placeholder).toMatchObject({ id: "req_first", status: "awaiting_approval" });
});

test("the first decision moves the request on; a second one changes nothing", async () => {
  const approved = await decide(db, "req_first", { decision: "approved", by: ada, note: "Go" });
  expect(approved).toMatchObject({ id: "req_first", state: "submitting" });
  const declined = { error: { code: "approval_decided", message: "Declined by Ada." } };
  expect(
    await decide(db, "req_first", { decision: "declined", by: ada, note: null, declined }),
  ).toBeUndefined();
  expect(await findApproval(db, "req_first")).toMatchObject({
    decision: "approved",
    note: "Go",
    decidedBy: ada,
  });
  const [placeholder] = await rendersOfRequest(db, "req_first");
  expect(placeholder?.status).toBe("submitting");

  expect(
    await decide(db, "req_second", { decision: "declined", by: ada, note: null, declined }),
  ).toMatchObject({
    state: "declined",
  });
  const [declinedCard] = await rendersOfRequest(db, "req_second");
  expect(declinedCard).toMatchObject({ status: "declined", error_message: "Declined by Ada." });
  expect(await listWaiting(db)).toEqual([]);
});
