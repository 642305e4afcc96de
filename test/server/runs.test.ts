/**
 * Batch runs (docs/api.md, "Runs") against the real simulator and a real ledger file: a run refused
 * whole for one bad cell, 17 rows sent once each to their end with the run's gallery filter and zip,
 * Cancel stopping the rows not sent, the service's 429s waited out, a restart mid-run sending none
 * twice, and the live event that tells an open run page to re-read.
 */
import { afterEach, describe, expect, test } from "vitest";
import type { LiveEvent, RenderList, RenderRequest, RunDetail, RunEstimate, RunList } from "@/lib/contract";
import { isFinalRowState } from "@/lib/domain/runs";
import { SseReader } from "@/test/sse-reader";
import {
  TEAM_KEY,
  signedInMembers,
  startStack,
  waitFor,
  type CallInit,
  type Stack,
} from "@/test/server-stack";
import { zipEntries } from "@/test/zip-entries";

let stack: Stack | undefined;
afterEach(async () => {
  await stack?.close();
  stack = undefined;
});

/** `count` valid rows: images, with a video every fourth row. */
const rows = (count: number, label: string): RenderRequest[] =>
  Array.from({ length: count }, (_, i) =>
    i % 4 === 3
      ? { kind: "video", prompt: `${label} ${i}`, model: "kling", durationSeconds: 5, resolution: "720p" }
      : { kind: "image", prompt: `${label} ${i}` },
  );

async function postRun(s: Stack, json: unknown) {
  return s.callJson<RunDetail>("POST", "/api/runs", { json });
}

const readRun = async (s: Stack, id: string, init: CallInit = {}) =>
  (await s.callJson<RunDetail>("GET", `/api/runs/${id}`, init)).body;

/** The run once every row has ended and the run says so. */
const ended = (s: Stack, id: string, timeoutMs = 45_000, init: CallInit = {}) =>
  waitFor(async () => {
    const run = await readRun(s, id, init);
    return run.state !== "running" && run.rows.every((row) => isFinalRowState(row.state)) ? run : undefined;
  }, timeoutMs);

describe("a run's rows are checked before anything is stored", () => {
  test("one bad cell refuses the whole run, naming its row and field; nothing is stored or sent", async () => {
    const s = (stack = await startStack());
    const bad = rows(20, "checked");
    bad[4] = { kind: "video", prompt: "too long", model: "kling", durationSeconds: 30 };
    bad[9] = { kind: "image", prompt: "  " };
    const refused = await postRun(s, { rows: bad });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({
      error: { code: "invalid_request", field: "rows.4.durationSeconds" },
    });
    expect((await postRun(s, { rows: [] })).body).toMatchObject({ error: { field: "rows" } });
    expect((await s.callJson<RunList>("GET", "/api/runs")).body.items).toEqual([]);
    expect((await s.simStats()).creates.total).toBe(0);
  });

  test("renders named by id are checked when the run is accepted: a bad one refuses the run, naming its row; nothing copied or sent", async () => {
    const s = (stack = await startStack({ timeScale: 0.01 }));
    const made = async (json: RenderRequest) => {
      const created = await s.callJson<{ renders: { id: string }[] }>("POST", "/api/renders", { json });
      const id = created.body.renders[0]?.id ?? "";
      await waitFor(async () => {
        const { body } = await s.callJson<{ status: string }>("GET", `/api/renders/${id}`);
        return body.status === "ready" || body.status === "failed" ? body : undefined;
      }, 30_000);
      return id;
    };
    const failed = await made({ kind: "image", prompt: "[fail] no output" });
    const video = await made({ kind: "video", prompt: "waves", model: "kling", durationSeconds: 5 });
    const before = await s.simStats();
    const cases: [RenderRequest, string][] = [
      [
        { kind: "image", prompt: "from a failure", referenceRenderIds: [failed] },
        "rows.1.referenceRenderIds",
      ],
      [{ kind: "image", prompt: "from a video", referenceRenderIds: [video] }, "rows.1.referenceRenderIds"],
      [
        { kind: "video", prompt: "veo", model: "veo-3.1", durationSeconds: 4, referenceRenderIds: [video] },
        "rows.1.referenceRenderIds",
      ],
      [
        { kind: "image", prompt: "unknown", referenceRenderIds: ["rnd_unknown"] },
        "rows.1.referenceRenderIds",
      ],
      [{ kind: "image", prompt: "unknown parent", parentIds: ["rnd_unknown"] }, "rows.1.parentIds"],
    ];
    for (const [row, field] of cases) {
      const refused = await postRun(s, { rows: [...rows(1, "fine"), row] });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({ error: { code: "invalid_request", field } });
    }
    expect((await s.callJson<RunList>("GET", "/api/runs")).body.items).toEqual([]);
    const after = await s.simStats();
    expect(after.uploads.total).toBe(before.uploads.total);
    expect(after.creates.total).toBe(before.creates.total);
  });

  test("a body over the default 64 KB is taken by this route (500 long prompts)", async () => {
    const s = (stack = await startStack());
    const long = "a lighthouse at dusk, ".repeat(300);
    const body = { rows: Array.from({ length: 500 }, (_, i) => ({ kind: "image", prompt: `${i} ${long}` })) };
    expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024 * 40);
    const estimate = await s.callJson<RunEstimate>("POST", "/api/runs/estimate", { json: body });
    expect(estimate.status).toBe(200);
    expect(estimate.body.rows).toHaveLength(500);
    const tooMany = await postRun(s, { rows: [...body.rows, { kind: "image", prompt: "one more" }] });
    expect(tooMany.body).toMatchObject({ error: { code: "invalid_request", field: "rows" } });
  });
});

test("17 rows: each created once, all end; the run's renders are its gallery filter and zip", async () => {
  const s = (stack = await startStack());
  const sent = rows(17, "seventeen");
  const created = await postRun(s, { name: "Seventeen", rows: sent });
  expect(created.status).toBe(201);
  expect(created.body).toMatchObject({ name: "Seventeen", state: "running", counts: { rows: 17 } });

  const run = await ended(s, created.body.id);
  expect(run.state).toBe("done");
  expect(run.counts.created).toBe(17);
  expect(run.counts.ready + run.counts.failed).toBe(17);
  expect(run.rows.map((row) => row.prompt)).toEqual(sent.map((row) => row.prompt));
  const stats = await s.simStats();
  expect(stats.creates).toEqual({ total: 17, accepted: 17 });
  expect(run.creditsCharged).toBe(stats.renders.reduce((sum, r) => sum + r.creditsCharged, 0));

  const renderIds = run.rows.flatMap((row) => row.renderIds).sort();
  const listed = await s.callJson<RenderList>("GET", `/api/renders?run=${run.id}&limit=100`);
  expect(listed.body.items.map((r) => r.id).sort()).toEqual(renderIds);
  // A render made outside the run is not in its list.
  await s.callJson("POST", "/api/renders", { json: { kind: "image", prompt: "not in the run" } });
  expect(
    (await s.callJson<RenderList>("GET", `/api/renders?run=${run.id}&limit=100`)).body.items,
  ).toHaveLength(renderIds.length);
  const zip = await s.call("GET", `/api/renders/zip?run=${run.id}`);
  expect(zip.status).toBe(200);
  const entries = await zipEntries(new Uint8Array(await zip.arrayBuffer()));
  const manifest = entries.find((e) => e.name === "manifest.json");
  const inZip = (JSON.parse(manifest?.data.toString("utf8") ?? "{}") as { items: { id: string }[] }).items;
  expect(inZip.map((r) => r.id).sort()).toEqual(renderIds);

  const list = await s.callJson<RunList>("GET", "/api/runs");
  expect(list.body.items.map((r) => [r.id, r.state])).toEqual([[run.id, "done"]]);
});

test("renders are counted as the rows ask for them: an image row of 3 variants is 3 renders", async () => {
  const s = (stack = await startStack());
  const sent: RenderRequest[] = [
    { kind: "image", prompt: "three variants", imageCount: 3 },
    { kind: "image", prompt: "one image" },
    { kind: "video", prompt: "one video", model: "kling", durationSeconds: 5, resolution: "720p" },
  ];
  const asked = sent.reduce((sum, row) => sum + (row.kind === "image" ? (row.imageCount ?? 1) : 1), 0);
  const created = await postRun(s, { rows: sent });
  expect(created.body.counts.rows).toBe(sent.length);
  expect(created.body.renderCounts.asked).toBe(asked);

  const run = await ended(s, created.body.id);
  const made = run.rows.flatMap((row) => row.renderIds);
  expect(made).toHaveLength(asked);
  const listed = await s.callJson<RenderList>("GET", `/api/renders?run=${run.id}&limit=100`);
  const ready = listed.body.items.filter((render) => render.status === "ready").length;
  expect(run.renderCounts).toEqual({ asked, created: asked, ready, failed: asked - ready });
});

test("Cancel stops the rows not sent yet; those under way end; nothing more is sent", async () => {
  // Slow renders, so the first rows fill the runner's places and the rest wait.
  const s = (stack = await startStack({ timeScale: 0.2 }));
  const created = await postRun(s, { rows: rows(30, "cancelled") });
  await waitFor(
    async () => ((await readRun(s, created.body.id)).counts.created > 0 ? true : undefined),
    20_000,
  );
  const cancel = await s.callJson<RunDetail>("POST", `/api/runs/${created.body.id}/cancel`);
  expect(cancel.status).toBe(200);
  expect(cancel.body.state).toBe("cancelled");
  const { counts } = cancel.body;
  expect(counts.cancelled).toBeGreaterThan(0);
  expect(counts.cancelled + counts.created + counts.sent).toBe(30);

  const again = await s.callJson("POST", `/api/runs/${created.body.id}/cancel`);
  expect(again.body).toMatchObject({ error: { code: "run_ended" } });
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const run = await readRun(s, created.body.id);
  expect(run.counts.cancelled).toBe(counts.cancelled);
  expect((await s.simStats()).creates.accepted).toBe(30 - counts.cancelled);
});

test("the service's 429s are waited out and the row sent again: every row created once", async () => {
  // Fair use counts per account over a minute scaled by the time scale (6 s here).
  const s = (stack = await startStack({ timeScale: 0.1 }));
  // Another client of the same account takes the whole image allowance first (30 variants).
  const direct = (imageCount: number) =>
    fetch(`${s.simulator.url}/api/v1/renders`, {
      method: "POST",
      headers: { authorization: `Bearer ${TEAM_KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ kind: "image", prompt: "another client", imageCount }),
    });
  for (const count of [4, 4, 4, 4, 4, 4, 4, 2]) expect((await direct(count)).status).toBe(202);
  const images: RenderRequest[] = Array.from({ length: 3 }, (_, i) => ({
    kind: "image",
    prompt: `fair use ${i}`,
  }));
  const created = await postRun(s, { rows: images });
  const run = await ended(s, created.body.id, 50_000);
  expect(run.counts.created).toBe(3);
  expect(run.counts.ready).toBe(3);
  const { creates } = await s.simStats();
  expect(creates.accepted).toBe(8 + 3);
  // At least one of the run's creates was answered 429, and sent again after the wait.
  expect(creates.total).toBeGreaterThan(8 + 3);
});

test("a restart mid-run resumes it and sends no row twice", async () => {
  const s = (stack = await startStack({ timeScale: 0.05 }));
  const created = await postRun(s, { rows: rows(20, "restarted") });
  await waitFor(
    async () => ((await readRun(s, created.body.id)).counts.created >= 3 ? true : undefined),
    20_000,
  );
  await s.restart();
  const run = await ended(s, created.body.id, 60_000);
  expect(run.state).toBe("done");
  // A row whose create was under way at the stop has an unknown outcome and is not sent again.
  expect(run.counts.created + run.counts.unknown).toBe(20);
  const { creates } = await s.simStats();
  expect(creates.total).toBe(creates.accepted);
  expect(creates.accepted).toBeGreaterThanOrEqual(run.counts.created);
  expect(creates.accepted).toBeLessThanOrEqual(20);
});

test("an open page hears a run event as its rows move on", async () => {
  const s = (stack = await startStack());
  const controller = new AbortController();
  const response = await s.call("GET", "/api/events", { signal: controller.signal });
  const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
  await reader.until<LiveEvent>((e) => e.type === "hello");
  const created = await postRun(s, { rows: rows(2, "heard") });
  const seen = await reader.until<LiveEvent>((e) => e.type === "run" && e.id === created.body.id);
  expect(seen.filter((e) => e.type === "run")).toEqual([{ type: "run", id: created.body.id }]);
  controller.abort();
  await reader.close();
});

// Last: the stack's settings stay in the environment, and this one turns sign-in on.
test("with sign-in on, a run is its member's: a row past their cap fails and stops the run", async () => {
  const s = (stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-4321" } }));
  const { ids, cookies } = await signedInMembers(s);
  const as = (name: string) => ({ headers: { cookie: cookies[name] ?? "" } });
  // 5 s of kling at 720p is charged on creation; a cap of that much lets one row through.
  const video = (i: number): RenderRequest => ({
    kind: "video",
    prompt: `capped ${i}`,
    model: "kling",
    durationSeconds: 5,
    resolution: "720p",
  });
  const first = await s.callJson<RunDetail>("POST", "/api/runs", {
    json: { rows: [video(0)] },
    ...as("Grace"),
  });
  const charged = (await ended(s, first.body.id, 45_000, as("Grace"))).creditsCharged;
  expect(charged).toBeGreaterThan(0);
  const capped = await s.callJson("POST", `/api/members/${ids.Grace}`, {
    json: { monthlyCapCredits: charged * 2 },
    ...as("Ada"),
  });
  expect(capped.status).toBe(200);

  const created = await s.callJson<RunDetail>("POST", "/api/runs", {
    json: { name: "Past the cap", rows: [1, 2, 3, 4].map(video) },
    ...as("Grace"),
  });
  expect(created.body.member).toEqual({ id: ids.Grace, name: "Grace" });
  const run = await ended(s, created.body.id, 45_000, as("Grace"));
  expect(run.state).toBe("cancelled");
  expect(run.counts.created).toBe(1);
  const refused = run.rows.find((row) => row.state === "failed" && row.requestId === null);
  expect(refused?.error).toMatch(/monthly cap/);
  expect(run.stopReason).toMatch(`Stopped at row ${(refused?.index ?? 0) + 1}`);
  expect(run.counts.cancelled).toBe(4 - 1 - 1);
  expect((await s.simStats()).creates.accepted).toBe(2);

  // A run is cancelled by the member who started it or an admin, not by another member.
  const third = await s.callJson<RunDetail>("POST", "/api/runs", {
    json: { name: "Someone else's", rows: [1, 2].map((i) => ({ kind: "image", prompt: `held ${i}` })) },
    ...as("Grace"),
  });
  const byLinus = await s.callJson<{ error: { code: string } }>(
    "POST",
    `/api/runs/${third.body.id}/cancel`,
    as("Linus"),
  );
  expect(byLinus.status).toBe(403);
  expect(byLinus.body.error.code).toBe("forbidden");
  const byAda = await s.callJson("POST", `/api/runs/${third.body.id}/cancel`, as("Ada"));
  expect([200, 409]).toContain(byAda.status);
});
