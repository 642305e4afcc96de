/**
 * Runs started from a grid against the real simulator and ledger: the grid's axes and each row's
 * cell are kept with the run and read back; a grid over its render limit, or whose cells do not
 * match its rows, is refused before anything is stored.
 */
import { afterEach, expect, test } from "vitest";
import type { RunDetail, RunList } from "@/lib/contract";
import { buildGrid, type GridAxis } from "@/lib/domain/grid";
import { GRID_MAX_RENDERS } from "@/lib/domain/prompt-variables";
import { startStack, type Stack } from "@/test/server-stack";

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

const axes: GridAxis[] = [
  { key: "model", values: ["seedream", "nano-banana"] },
  { key: "aspectRatio", values: ["9:16", "1:1", "16:9"] },
];

test("a run from a grid keeps its axes and each row's cell", async () => {
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
