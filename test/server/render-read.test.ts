/**
 * `GET /api/renders/{id}` reads a render in one statement (lib/server/ledger/render-view.ts): its
 * answer must be the one the batched readers build (the list's, and the route's before), for a
 * render with every part: tags, a parent and a child, the caller's favourite, rating and pick, and a
 * maker who has been deactivated. Both databases (SQLite here, PostgreSQL in its project).
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import { ledgerRenderSchema, type LedgerRender } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { findMemberRowByEmail, setMemberDeactivated, toMember } from "@/lib/server/ledger/members";
import { withFamily } from "@/lib/server/ledger/render-family";
import { getRenderRow, ledgerRenderOf } from "@/lib/server/ledger/renders";
import { withCallerFlag } from "@/lib/server/renders/organize";
import { waitFor, type Stack } from "@/test/server-stack";
import { startStackWithTwoMembers } from "@/test/two-members";

let stack: Stack;
let grace = "";
let linus = "";
beforeAll(async () => {
  ({ stack, grace, linus } = await startStackWithTwoMembers());
});
afterAll(() => stack.close());

async function create(cookie: string, json: Record<string, unknown>): Promise<LedgerRender> {
  const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
    json: { kind: "image", ...json },
    headers: { cookie },
  });
  expect(created.status).toBe(202);
  const [render] = created.body.renders;
  if (!render) throw new Error("no render made");
  return render;
}

async function send(cookie: string, method: "POST" | "PUT", route: string, json?: unknown) {
  const response = await stack.call(method, route, {
    headers: { cookie },
    ...(json !== undefined && { json }),
  });
  expect(response.status).toBe(200);
}

/** The record as the route built it before the one-statement read: the batched readers, one render. */
async function builtByBatchedReaders(id: string, email: string): Promise<LedgerRender> {
  const db = await getDb(stack.databaseUrl);
  const [row, caller] = [await getRenderRow(db, id), await findMemberRowByEmail(db, email)];
  if (!row || !caller) throw new Error(`no row for ${id} or no member ${email}`);
  const [linked] = await withFamily(db, [await ledgerRenderOf(db, row)]);
  if (!linked) throw new Error("no render linked");
  return withCallerFlag(linked, toMember(caller));
}

/** Waits until these renders are final, so no poll changes one between two reads. */
const finished = (ids: readonly string[]) =>
  waitFor(async () => {
    const { body } = await stack.callJson<{ items: LedgerRender[] }>(
      "GET",
      `/api/renders?ids=${ids.join(",")}`,
      {
        headers: { cookie: grace },
      },
    );
    return body.items.length === ids.length && body.items.every((r) => isFinalLedgerStatus(r.status))
      ? true
      : undefined;
  }, 30_000);

const read = async (id: string, cookie: string) => {
  const answer = await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`, { headers: { cookie } });
  expect(answer.status).toBe(200);
  return answer.body;
};

test("a render with every part reads as the batched readers build it, field by field", async () => {
  const parent = await create(linus, { prompt: "the first version" });
  const render = await create(linus, { prompt: "the version under test", parentIds: [parent.id] });
  const child = await create(grace, { prompt: "the next version", parentIds: [render.id] });
  await send(grace, "POST", "/api/renders/tags", { ids: [render.id], add: ["Hero", "blue", "final"] });
  await send(grace, "POST", "/api/renders/marks", { ids: [render.id], rating: 4, flag: "pick" });
  await send(grace, "PUT", `/api/renders/${render.id}/favourite`);
  await finished([parent.id, render.id, child.id]);
  // Another member sees the team's parts, and their own (none) of the rest.
  expect(await read(render.id, linus)).toMatchObject({
    tags: ["blue", "final", "hero"],
    favourite: false,
    rating: null,
    flag: null,
  });
  const db = await getDb(stack.databaseUrl);
  const maker = await findMemberRowByEmail(db, "linus@example.com");
  await setMemberDeactivated(db, maker?.id ?? "", new Date().toISOString());

  const answer = await read(render.id, grace);
  const read1 = ledgerRenderSchema.parse(answer);
  // Every part is there, so the comparison below compares something.
  expect(read1).toMatchObject({
    tags: ["blue", "final", "hero"],
    parentIds: [parent.id],
    childIds: [child.id],
    favourite: true,
    rating: 4,
    flag: "pick",
    member: { id: maker?.id, name: "Linus (deactivated)" },
  });
  const before = ledgerRenderSchema.parse(await builtByBatchedReaders(render.id, "grace@example.com"));
  const { items } = (
    await stack.callJson<{ items: LedgerRender[] }>("GET", `/api/renders?ids=${render.id}`, {
      headers: { cookie: grace },
    })
  ).body;
  const listed = ledgerRenderSchema.parse(items[0]);
  for (const field of Object.keys(ledgerRenderSchema.shape)) {
    const name = field as keyof LedgerRender;
    expect({ field, value: read1[name] }).toEqual({ field, value: before[name] });
    expect({ field, value: read1[name] }).toEqual({ field, value: listed[name] });
  }
  expect(Object.keys(answer).sort()).toEqual(Object.keys(before).sort());
});

test("a render with no parts reads with empty lists and no marks, as before", async () => {
  const render = await create(grace, { prompt: "a render alone" });
  await finished([render.id]);
  const answer = await read(render.id, grace);
  const before = ledgerRenderSchema.parse(await builtByBatchedReaders(render.id, "grace@example.com"));
  expect(answer).toEqual(JSON.parse(JSON.stringify(before)));
  expect(answer).toMatchObject({
    tags: [],
    parentIds: [],
    childIds: [],
    favourite: false,
    rating: null,
    flag: null,
  });
});
