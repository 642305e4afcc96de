/**
 * Helpers for the simulator's tests: start an instance per test file, reset it before each test,
 * and talk to it over real HTTP as the dashboard would.
 */
import { afterAll, beforeAll, beforeEach } from "vitest";
import { startSimulator, type RunningSimulator, type SimulatorOptions } from "./server";

export const KEYS = {
  team1: "rs_live_demo_team_1",
  team2: "rs_live_demo_team_2",
  studio: "rs_live_demo_studio",
  free: "rs_live_demo_free",
  revoked: "rs_live_demo_revoked",
} as const;

export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface StatsRender {
  id: string;
  accountId: string;
  kind: "image" | "video";
  status: string;
  terminalAt: string | null;
  creditsCharged: number;
  creditsRefunded: number;
  referenceImagesUsed: number;
  /** The reference images kept after the model's cap, in order; a video's first is its start frame. */
  referenceImageUrlsUsed: string[];
}

export interface Stats {
  polls: { total: number; rateLimited: number; maxInAnyMinute: number; byRender: Record<string, number> };
  creates: { total: number; accepted: number };
  renders: StatsRender[];
}

// Records are read loosely: tests assert their exact shape with toEqual where it matters.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SimClient {
  constructor(readonly url: string) {}

  async request(
    path: string,
    init: RequestInit & { key?: string | null; json?: unknown } = {},
  ): Promise<Reply<Json>> {
    const headers = new Headers(init.headers);
    if (init.key) headers.set("authorization", `Bearer ${init.key}`);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set("content-type", "application/json");
      body = JSON.stringify(init.json);
    }
    const res = await fetch(`${this.url}${path}`, { ...init, headers, body });
    const text = await res.text();
    let parsed: unknown = text;
    if (text && res.headers.get("content-type")?.startsWith("application/json")) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed, text };
  }

  createRender(key: string, json: unknown) {
    return this.request("/api/v1/renders", { method: "POST", key, json });
  }

  poll(key: string, id: string) {
    return this.request(`/api/v1/renders/${encodeURIComponent(id)}`, { key });
  }

  account(key: string) {
    return this.request("/api/v1/account", { key });
  }

  upload(
    key: string,
    kind: string,
    file: { bytes?: Uint8Array<ArrayBuffer>; type?: string; name?: string } = {},
  ) {
    const form = new FormData();
    form.set("kind", kind);
    const bytes = file.bytes ?? new Uint8Array([1, 2, 3, 4]);
    form.set("file", new Blob([bytes], { type: file.type ?? `${kind}/x-test` }), file.name ?? "ref.bin");
    return this.request("/api/v1/uploads", { method: "POST", key, body: form });
  }

  /** An upload URL of this kind, for use as a reference. */
  async uploadUrl(key: string, kind: "image" | "video" | "audio"): Promise<string> {
    const types = { image: "image/png", video: "video/mp4", audio: "audio/mpeg" };
    const reply = await this.upload(key, kind, { type: types[kind] });
    if (reply.status !== 201) throw new Error(`upload failed: ${reply.text}`);
    return reply.body.url;
  }

  async stats(): Promise<Stats> {
    return (await this.request("/__sim/stats")).body;
  }

  async statsOf(id: string): Promise<StatsRender> {
    const render = (await this.stats()).renders.find((r) => r.id === id);
    if (!render) throw new Error(`no render ${id} in stats`);
    return render;
  }

  async setFaults(faults: Json): Promise<Reply<Json>> {
    return this.request("/__sim/faults", { method: "PUT", json: faults });
  }

  async reset(): Promise<void> {
    const reply = await this.request("/__sim/reset", { method: "POST" });
    if (reply.status !== 200) throw new Error(`reset failed: ${reply.text}`);
  }

  /** Waits for renders to finish without spending the poll budget (stats are free). */
  async waitTerminal(ids: readonly string[], timeoutMs = 5000): Promise<StatsRender[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const renders = (await this.stats()).renders.filter((r) => ids.includes(r.id));
      if (renders.length === ids.length && renders.every((r) => r.terminalAt !== null)) return renders;
      if (Date.now() > deadline)
        throw new Error(`renders not finished in ${timeoutMs} ms: ${JSON.stringify(renders)}`);
      await sleep(20);
    }
  }

  /**
   * Polls a render until it is ready or failed; returns every record seen. The interval may depend
   * on the status last seen, to look closely at a short phase without spending the whole budget.
   */
  async watch(
    key: string,
    id: string,
    interval: number | ((status: string) => number),
    maxPolls = 58,
  ): Promise<Json[]> {
    const seen: Json[] = [];
    for (let i = 0; i < maxPolls; i++) {
      const reply = await this.poll(key, id);
      if (reply.status !== 200) throw new Error(`poll failed: ${reply.status} ${reply.text}`);
      seen.push(reply.body);
      if (reply.body.status === "ready" || reply.body.status === "failed") return seen;
      await sleep(typeof interval === "number" ? interval : interval(reply.body.status));
    }
    throw new Error(`render ${id} not finished after ${maxPolls} polls`);
  }
}

/** Statuses in the order first seen, without repeats. */
export function statusSequence(records: readonly { status: string }[]): string[] {
  const out: string[] = [];
  for (const r of records) if (out.at(-1) !== r.status) out.push(r.status);
  return out;
}

/**
 * A simulator of the test's own, closed afterwards: lets waiting tests run concurrently without
 * sharing balances, poll budgets or resets.
 */
export async function withSimulator<T>(
  options: SimulatorOptions,
  run: (client: SimClient, url: string) => Promise<T>,
): Promise<T> {
  const running = await startSimulator({ port: 0, ...options });
  try {
    return await run(new SimClient(running.url), running.url);
  } finally {
    await running.close();
  }
}

/** One simulator for the calling test file (or describe block), reset before each test. */
export function simulatorForTests(options: SimulatorOptions = {}): {
  readonly client: SimClient;
  readonly url: string;
} {
  let running: RunningSimulator | undefined;
  let client: SimClient | undefined;
  beforeAll(async () => {
    running = await startSimulator({ port: 0, timeScale: 0.01, ...options });
    client = new SimClient(running.url);
  });
  afterAll(async () => {
    await running?.close();
  });
  beforeEach(async () => {
    await client?.reset();
  });
  return {
    get client() {
      if (!client) throw new Error("simulator not started");
      return client;
    },
    get url() {
      if (!running) throw new Error("simulator not started");
      return running.url;
    },
  };
}
