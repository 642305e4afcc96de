/**
 * The live event stream (`GET /api/events`) against the real simulator and a real ledger file: what a
 * page sees as renders are created and finish, what a page that reconnects gets (from the change log,
 * or through a catch-up with `updatedSince` once the log no longer holds it), and that streams held
 * open end without leaving listeners behind.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender, LiveEvent, RenderList } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { pruneChanges } from "@/lib/server/ledger/changes";
import { SseReader } from "@/test/sse-reader";
import { startStack, waitFor, type Stack } from "@/test/server-stack";

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ timeScale: 0.01 });
});
afterAll(() => stack.close());

/** Opens a stream as a browser would; `lastEventId` as EventSource sends it on a reconnect. */
async function openStream(lastEventId?: string | null) {
  const controller = new AbortController();
  const headers: Record<string, string> = lastEventId ? { "last-event-id": lastEventId } : {};
  const response = await stack.call("GET", "/api/events", { headers, signal: controller.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
  expect(response.headers.get("cache-control")).toBe("no-store, no-transform");
  const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
  return {
    reader,
    close: async () => {
      controller.abort();
      await reader.close();
    },
  };
}

async function createImage(prompt: string): Promise<string> {
  const { status, body } = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
    json: { kind: "image", prompt },
    headers: { "Idempotency-Key": randomUUID() },
  });
  expect(status).toBe(202);
  return body.renders[0]?.id ?? "";
}

const isHello = (e: LiveEvent) => e.type === "hello";
const readyRender = (id: string) => (e: LiveEvent) =>
  e.type === "render" && e.render.id === id && e.render.status === "ready";

async function hubStreams(): Promise<number> {
  const { getEventHub } = await import("@/lib/server/events/live-events");
  return (await getEventHub()).streams;
}

describe("a page's stream", () => {
  test("says hello, then follows a render someone creates from submitting to ready", async () => {
    const { reader, close } = await openStream();
    await reader.until<LiveEvent>(isHello);
    const id = await createImage("a lighthouse at dusk");
    const events = await reader.until<LiveEvent>(readyRender(id));
    const statuses = events.flatMap((e) =>
      e.type === "render" && e.render.id === id ? [e.render.status] : [],
    );
    expect(statuses.at(-1)).toBe("ready");
    // The create's placeholder (status submitting) came first and was then replaced by the render.
    expect(events.some((e) => e.type === "render" && e.render.status === "submitting")).toBe(true);
    expect(events.some((e) => e.type === "render-removed")).toBe(true);
    expect(
      events.find((e) => e.type === "render" && e.render.id === id && e.render.status === "ready"),
    ).toMatchObject({ render: { outputUrl: expect.stringMatching(/^http/) } });
    await close();
  });

  test("a reconnect with Last-Event-ID gets what it missed, each render once, as it now is", async () => {
    const first = await openStream();
    await first.reader.until<LiveEvent>(isHello);
    const lastSeen = first.reader.lastEventId;
    await first.close();

    const missed = [await createImage("missed one"), await createImage("missed two")];
    await waitFor(async () => {
      const { body } = await stack.callJson<RenderList>("GET", `/api/renders?ids=${missed.join(",")}`);
      return body.items.every((r) => r.status === "ready") ? true : undefined;
    }, 15_000);

    const again = await openStream(lastSeen);
    const events = await again.reader.until<LiveEvent>(isHello);
    const renders = events.flatMap((e) => (e.type === "render" ? [e.render] : []));
    expect(renders.filter((r) => missed.includes(r.id)).map((r) => [r.id, r.status])).toEqual(
      missed.map((id) => [id, "ready"]),
    );
    expect(events.some((e) => e.type === "resync")).toBe(false);
    // The stream goes on live after the replay.
    const next = await createImage("after the replay");
    await again.reader.until<LiveEvent>(readyRender(next));
    await again.close();
  });

  test("a reconnect past the replay buffer is told to resync, and updatedSince catches it up", async () => {
    const first = await openStream();
    const [hello] = (await first.reader.until<LiveEvent>(isHello)).filter(isHello);
    const lastSeen = first.reader.lastEventId;
    await first.close();

    const missed = await createImage("made while the laptop was closed");
    await waitFor(async () => {
      const { body } = await stack.callJson<LedgerRender>("GET", `/api/renders/${missed}`);
      return body.status === "ready" ? true : undefined;
    }, 15_000);
    // Time passes beyond the buffer: the log forgets everything but its newest change.
    await pruneChanges(await getDb(stack.databaseUrl), Date.now() + 1);

    const again = await openStream(lastSeen);
    const events = await again.reader.until<LiveEvent>(isHello);
    expect(events.map((e) => e.type)).toEqual(["resync", "hello"]);
    await again.close();

    const since = hello?.type === "hello" ? hello.at : "";
    const { status, body } = await stack.callJson<RenderList>(
      "GET",
      `/api/renders?updatedSince=${encodeURIComponent(since)}&limit=100`,
    );
    expect(status).toBe(200);
    expect(body.items.find((r) => r.id === missed)).toMatchObject({ status: "ready" });
    expect(body.items.every((r) => r.updatedAt >= since)).toBe(true);
  });

  test("a Last-Event-ID ahead of the log (another database) resyncs too", async () => {
    const { reader, close } = await openStream("999999999");
    expect((await reader.until<LiveEvent>(isHello)).map((e) => e.type)).toEqual(["resync", "hello"]);
    await close();
  });

  test("an invalid updatedSince is refused in the one error shape", async () => {
    const { status, body } = await stack.callJson("GET", "/api/renders?updatedSince=yesterday");
    expect(status).toBe(422);
    expect(body).toEqual({
      error: {
        code: "invalid_request",
        message: "updatedSince must be an ISO 8601 date and time",
        field: "updatedSince",
      },
    });
  });
});

describe("50 streams held at once", () => {
  test(
    "every stream sees every render someone creates, and every stream's listener goes when it closes",
    { timeout: 60_000 },
    async () => {
      const before = await hubStreams();
      const streams = await Promise.all(Array.from({ length: 50 }, () => openStream()));
      await Promise.all(streams.map((s) => s.reader.until<LiveEvent>(isHello)));
      expect(await hubStreams()).toBe(before + 50);

      // Renders one after another, each followed to ready by every stream. How much memory streams
      // hold is a figure for the benchmarks, not a pass or fail here.
      for (let i = 0; i < 4; i++) {
        const id = await createImage(`held streams ${i}`);
        await Promise.all(streams.map((s) => s.reader.until<LiveEvent>(readyRender(id), 15_000)));
      }

      await Promise.all(streams.map((s) => s.close()));
      await waitFor(async () => ((await hubStreams()) === before ? true : undefined), 5_000);
    },
  );
});

describe("a stream ends cleanly", () => {
  test("when the session that opened it ends: it says signed-out, then closes", async () => {
    const { getEventHub } = await import("@/lib/server/events/live-events");
    const { eventStreamResponse } = await import("@/lib/server/events/stream");
    let signedIn = true;
    const response = eventStreamResponse({
      hub: await getEventHub(),
      lastSeen: null,
      audiences: [""],
      signal: new AbortController().signal,
      stillSignedIn: async () => signedIn,
      heartbeatMs: 50,
    });
    const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
    await reader.until<LiveEvent>(isHello);
    signedIn = false;
    const events = await reader.until<LiveEvent>((e) => e.type === "signed-out");
    expect(events.at(-1)).toEqual({ type: "signed-out" });
    expect(await reader.next()).toBeNull();
  });

  test("on server shutdown, and a stream opened afterwards works", async () => {
    const before = await openStream();
    await before.reader.until<LiveEvent>(isHello);
    const { stopEventHub } = await import("@/lib/server/events/live-events");
    await stopEventHub();
    expect(await before.reader.next()).toBeNull();

    const after = await openStream(before.reader.lastEventId);
    expect((await after.reader.until<LiveEvent>(isHello)).map((e) => e.type)).toEqual(["hello"]);
    await after.close();
  });
});

describe("a spend change", () => {
  test("clears the process's cached balance before its event goes out, whichever process wrote it", async () => {
    const { EventHub } = await import("@/lib/server/events/live-events");
    const { withChanges } = await import("@/lib/server/ledger/changes");
    const db = await getDb();
    const order: string[] = [];
    const hub = new EventHub(db, undefined, () => order.push("balance forgotten"));
    await hub.start();
    const leave = await hub.subscribe(null, {
      send: (events) => events.forEach((e) => order.push(e.event.type)),
      close: () => undefined,
    });
    // The same write as another process's charge or refund: only the change log tells this one.
    await withChanges(db, async (_tx, note) => note("spend"));
    await waitFor(async () => (order.includes("spend") ? true : undefined), 10_000);
    expect(order).toEqual(["hello", "balance forgotten", "spend"]);

    await withChanges(db, async (_tx, note) => note("team"));
    await waitFor(async () => (order.includes("team") ? true : undefined), 10_000);
    expect(order.filter((step) => step === "balance forgotten")).toHaveLength(1);
    leave();
    hub.stop();
  });
});
