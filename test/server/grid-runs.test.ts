/**
 * Runs started from a grid against the real simulator and ledger: the grid's axes and each row's
 * cell are kept with the run and read back; a grid over its render limit, or whose cells do not
 * match its rows, is refused before anything is stored.
 */
import { afterEach, expect, test } from "vitest";
import type { RenderRequest, RunDetail, RunEstimate, RunList } from "@/lib/contract";
import { buildGrid, type GridAxis } from "@/lib/domain/grid";
import { GRID_MAX_RENDERS } from "@/lib/domain/prompt-variables";
import { signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";
import { zipEntries } from "@/test/zip-entries";

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const axes: GridAxis[] = [
  { key: "model", values: ["seedream", "nano-banana"] },
  { key: "aspectRatio", values: ["9:16", "1:1", "16:9"] },
];

test("a run from a grid keeps its axes and each row's cell; its zip's manifest places each render", async () => {
  const s = (stack = await startStack());
  const plan = buildGrid({ kind: "image", prompt: "a kept grid", imageCount: 1 }, axes);
  const grid = { axes, cells: plan.rows.map(({ x, y }) => ({ x, y })) };
  const made = await s.callJson<RunDetail>("POST", "/api/runs", {
    json: { rows: plan.rows.map((r) => r.request), grid },
  });
  expect(made.status).toBe(201);
  const read = await s.callJson<RunDetail>("GET", `/api/runs/${made.body.id}`);
  expect(read.body.grid).toEqual(grid);
  expect(read.body.rows).toHaveLength(plan.rows.length);

  const sent = await waitFor(async () => {
    const run = (await s.callJson<RunDetail>("GET", `/api/runs/${made.body.id}`)).body;
    return run.rows.every((row) => row.renderIds.length > 0) ? run : undefined;
  }, 45_000);
  const zip = await s.call("GET", `/api/renders/zip?run=${sent.id}`);
  const entries = await zipEntries(new Uint8Array(await zip.arrayBuffer()));
  const json = JSON.parse(entries.find((e) => e.name === "manifest.json")?.data.toString("utf8") ?? "{}") as {
    grid: { axes: { name: string; values: string[] }[] };
    items: { id: string; grid: Record<string, string> }[];
  };
  expect(json.grid.axes).toEqual([
    { name: "Model", values: axes[0]?.values },
    { name: "Aspect ratio", values: axes[1]?.values },
  ]);
  const expected = sent.rows.map((row, i) => {
    const { x, y } = grid.cells[i] ?? { x: -1, y: -1 };
    return [row.renderIds[0], { Model: axes[0]?.values[x], "Aspect ratio": axes[1]?.values[y] }];
  });
  expect(json.items.map((item) => [item.id, item.grid]).sort()).toEqual(expected.sort());
  const csv = entries.find((e) => e.name === "manifest.csv")?.data.toString("utf8") ?? "";
  const [header = "", ...lines] = csv.trim().split(/\r?\n/);
  const columns = header.split(",");
  const [xAt, yAt, idAt] = ["grid.x", "grid.y", "id"].map((name) => columns.indexOf(name));
  const places = lines
    .map((line) => line.split(","))
    .map((cells) => [cells[idAt ?? 0], cells[xAt ?? 0], cells[yAt ?? 0]]);
  expect(places.sort()).toEqual(
    expected
      .map(([id, place]) => [
        id,
        (place as Record<string, string>).Model,
        (place as Record<string, string>)["Aspect ratio"],
      ])
      .sort(),
  );
});

test("a grid over the render limit, or with cells that do not match its rows, is refused whole", async () => {
  const s = (stack = await startStack());
  const over = Array.from({ length: GRID_MAX_RENDERS / 2 + 1 }, (_, i) => ({
    kind: "image",
    prompt: `over ${i}`,
    imageCount: 2,
  }));
  const seeds = { key: "seed", values: over.map((_, i) => String(i + 1)) };
  const refused = await s.callJson("POST", "/api/runs", {
    json: { rows: over, grid: { axes: [seeds], cells: over.map((_, x) => ({ x, y: 0 })) } },
  });
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ error: { field: "rows" } });
  const mismatched = await s.callJson("POST", "/api/runs", {
    json: { rows: over.slice(0, 2), grid: { axes: [seeds], cells: [{ x: 0, y: 0 }] } },
  });
  expect(mismatched.body).toMatchObject({ error: { field: "grid.cells" } });
  const outside = await s.callJson("POST", "/api/runs", {
    json: { rows: over.slice(0, 1), grid: { axes: [seeds], cells: [{ x: 0, y: 1 }] } },
  });
  expect(outside.body).toMatchObject({ error: { field: "grid.cells.0" } });
  expect((await s.callJson<RunList>("GET", "/api/runs")).body.items).toEqual([]);
  expect((await s.simStats()).creates.total).toBe(0);
});

test("a grid's estimate names the caller's cap, the team's budget and the renders approval would hold", async () => {
  const s = (stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-4321" } }));
  const { ids, cookies } = await signedInMembers(s);
  const as = (name: string) => ({ headers: { cookie: cookies[name] ?? "" } });
  const cap = 1_000;
  const budget = 5_000;
  expect(
    (
      await s.callJson("POST", `/api/members/${ids.Grace}`, {
        json: { monthlyCapCredits: cap },
        ...as("Ada"),
      })
    ).status,
  ).toBe(200);
  const rule = { monthlyBudgetCredits: budget, approvalAboveCredits: 0, approvalForUnknownCost: true };
  expect((await s.callJson("POST", "/api/team", { json: rule, ...as("Ada") })).status).toBe(200);

  const plan = buildGrid(
    { kind: "video", prompt: "checked {dawn|dusk}", model: "kling", durationSeconds: 5 },
    [{ key: "seed", values: ["1", "2", "3"] }],
  );
  const rows: RenderRequest[] = plan.rows.map((r) => r.request);
  const estimate = (name: string) =>
    s.callJson<RunEstimate>("POST", "/api/runs/estimate", { json: { rows }, ...as(name) });
  const grace = (await estimate("Grace")).body;
  expect(grace.limits).toEqual([
    { kind: "member_cap", limit: cap, spent: 0 },
    { kind: "team_budget", limit: budget, spent: 0 },
  ]);
  // Every row is above a threshold of 0 credits or of unknown cost: each of its renders would wait.
  expect(grace.awaitingApproval).toBe(plan.renders);
  // An admin's own renders never wait; no cap of their own applies.
  const ada = (await estimate("Ada")).body;
  expect(ada.awaitingApproval).toBe(0);
  expect(ada.limits.map((l) => l.kind)).toEqual(["team_budget"]);
});
