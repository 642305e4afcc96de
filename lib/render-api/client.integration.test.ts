/**
 * The client against the project's Render Service simulator: the happy paths end to end, the error
 * codes and fields under every error body shape, and every fault switch.
 *
 * Faults that must hit an exact number of attempts are switched off from inside the fetch the client
 * is given, once that many attempts have failed, so the outcome does not depend on chance.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { RenderRequest } from "@/lib/domain/render-request";
import { isTerminalServiceStatus } from "@/lib/domain/statuses";
import { type RunningSimulator, startSimulator, type FaultConfig } from "@/simulator/server";
import { type RenderServiceClient, type RenderServiceConfig, createRenderServiceClient } from "./client";
import { mayHaveTakenEffect } from "./errors";
import { plain, plainError, pngUpload, serviceErrorOf } from "./test-support";

const TEAM_KEY = "rs_live_demo_team_1";
const FREE_KEY = "rs_live_demo_free";
const REVOKED_KEY = "rs_live_demo_revoked";

const IMAGE: RenderRequest = { kind: "image", prompt: "a lighthouse at dusk", imageModel: "nano-banana" };
const VIDEO: RenderRequest = {
  kind: "video",
  prompt: "waves at night",
  model: "kling",
  resolution: "720p",
  durationSeconds: 5,
};

let sim: RunningSimulator;

async function admin(method: "GET" | "PUT" | "POST", path: string, body?: unknown) {
  const res = await fetch(`${sim.url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`simulator admin ${method} ${path}: HTTP ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
}

const setFaults = (faults: Partial<FaultConfig>) => admin("PUT", "/__sim/faults", faults);
const createsTotal = async () => ((await admin("GET", "/__sim/stats")).creates as { total: number }).total;

interface Attempt {
  method: string;
  path: string;
  outcome: number | "failed";
}

/**
 * A client whose fetch records each attempt and, after `failures` failed attempts (an error status
 * or no answer), switches every fault off: exactly that many attempts fail.
 */
function observedClient(options: { failures?: number; config?: Partial<RenderServiceConfig> } = {}) {
  const attempts: Attempt[] = [];
  let failed = 0;
  const record = async (
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    outcome: Attempt["outcome"],
  ) => {
    const url = new URL(input instanceof Request ? input.url : input);
    attempts.push({ method: init?.method ?? "GET", path: url.pathname, outcome });
    if (outcome === "failed" || outcome >= 400) {
      failed++;
      if (options.failures !== undefined && failed === options.failures) {
        await setFaults({ errorRate: 0, resetRate: 0, latencyMs: 0 });
      }
    }
  };
  const observed: typeof fetch = async (input, init) => {
    let res: Response;
    try {
      res = await fetch(input, init);
    } catch (error) {
      await record(input, init, "failed");
      throw error;
    }
    await record(input, init, res.status);
    return res;
  };
  const client = createRenderServiceClient({
    baseUrl: sim.url,
    apiKey: TEAM_KEY,
    fetch: observed,
    ...options.config,
  });
  return { client, attempts };
}

const team = (config: Partial<RenderServiceConfig> = {}) =>
  createRenderServiceClient({ baseUrl: sim.url, apiKey: TEAM_KEY, ...config });

/** Polls like a (fast) scheduler: one attempt per poll, until the render ends. */
async function pollToEnd(client: RenderServiceClient, id: string) {
  const statuses: string[] = [];
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const record = await client.getRender(id, { retries: 0 });
    statuses.push(record.status);
    if (isTerminalServiceStatus(record.status)) return { record, statuses };
    await sleep(120);
  }
  throw new Error(`render ${id} did not finish; statuses seen: ${statuses.join(", ")}`);
}

/** A stream of `bytes` bytes in 64 KiB chunks, produced as it is read. */
function generatedStream(bytes: number) {
  let sent = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const size = Math.min(64 * 1024, bytes - sent);
      controller.enqueue(new Uint8Array(size).fill(sent % 251));
      sent += size;
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, read: () => sent, cancelled: () => cancelled };
}

beforeAll(async () => {
  sim = await startSimulator({ port: 0, timeScale: 0.01 });
});
afterAll(() => sim?.close());
beforeEach(async () => {
  await admin("POST", "/__sim/reset");
});

describe("against the simulator", () => {
  it("creates an image render and polls it to ready", async () => {
    const client = team();
    const created = await client.createRender(IMAGE);
    expect(created).toEqual({
      id: expect.any(String),
      ids: [created.id],
      batchId: null,
      kind: "image",
      status: "pending",
      renderModel: expect.stringContaining("nano-banana"),
      creditsCharged: expect.any(Number),
    });
    const { record } = await pollToEnd(client, created.id);
    expect(record).toMatchObject({
      id: created.id,
      kind: "image",
      status: "ready",
      errorMessage: null,
      creditsRefunded: 0,
    });
    expect(record.outputUrl).toMatch(/^http/);
  });

  it("creates a batch of image variants, one id each", async () => {
    const created = await team().createRender({ ...IMAGE, imageCount: 3 });
    expect(created.ids).toHaveLength(3);
    expect(created.batchId).toEqual(expect.any(String));
  });

  it("creates a video render, debits the account, and a failing one is refunded", async () => {
    const client = team();
    const before = await client.getAccount();
    const video = await client.createRender(VIDEO);
    expect(video.creditsCharged).toBeGreaterThan(0);
    const failing = await client.createRender({ ...VIDEO, prompt: "[fail] waves at night" });
    expect((await client.getAccount()).renderCreditsBalance).toBe(
      before.renderCreditsBalance - video.creditsCharged - failing.creditsCharged,
    );
    expect((await pollToEnd(client, video.id)).record.status).toBe("ready");
    const failed = (await pollToEnd(client, failing.id)).record;
    expect(failed).toMatchObject({
      status: "failed",
      outputUrl: null,
      creditsRefunded: failing.creditsCharged,
    });
    expect(failed.errorMessage).toEqual(expect.any(String));
  });

  it("reads the account", async () => {
    expect(await team().getAccount()).toEqual({
      plan: "team",
      planLabel: "Team",
      renderCreditsBalance: expect.any(Number),
      monthlyGrant: expect.any(Number),
      key: { name: "demo-team-1", last4: "am_1" },
    });
  });

  it("streams an upload of a few MB, then uses it as a reference", async () => {
    const client = team();
    const bytes = 6 * 1024 * 1024 + 123;
    const source = generatedStream(bytes);
    const upload = await client.upload(pngUpload(source.stream, { contentLength: bytes }));
    expect(upload).toEqual({
      url: expect.stringMatching(/^http/),
      kind: "image",
      contentType: "image/png",
      bytes,
    });
    const created = await client.createRender({ ...IMAGE, referenceImageUrls: [upload.url] });
    expect((await pollToEnd(client, created.id)).record.status).toBe("ready");
  });

  it("streams an upload of unknown length (chunked)", async () => {
    const source = generatedStream(1024 * 1024);
    const upload = await team().upload(pngUpload(source.stream));
    expect(upload.bytes).toBe(1024 * 1024);
  });

  it("an upload refused before its body is read (revoked key) answers 401 and releases the source", async () => {
    const source = generatedStream(8 * 1024 * 1024);
    const client = createRenderServiceClient({ baseUrl: sim.url, apiKey: REVOKED_KEY });
    const error = await serviceErrorOf(
      client.upload(pngUpload(source.stream, { contentLength: 8 * 1024 * 1024 })),
    );
    expect(plain(error)).toEqual(plainError(401, "unauthorized", "This API key has been revoked"));
    expect(source.cancelled() || source.read() === 8 * 1024 * 1024).toBe(true);
  });

  it("an upload over the service's size limit is payload_too_large", async () => {
    const small = await startSimulator({ port: 0, timeScale: 0.01, uploadMaxBytes: 1024 * 1024 });
    try {
      const source = generatedStream(3 * 1024 * 1024);
      const client = createRenderServiceClient({ baseUrl: small.url, apiKey: TEAM_KEY });
      // Without a declared length the service can only refuse part way through the body.
      const error = await serviceErrorOf(client.upload(pngUpload(source.stream)));
      expect(plain(error)).toEqual(
        plainError(413, "payload_too_large", "file exceeds the upload limit of 1048576 bytes"),
      );
    } finally {
      await small.close();
    }
  });

  it("a render id the account does not have is not_found", async () => {
    const error = await serviceErrorOf(team().getRender("rnd_doesnotexist"));
    expect(plain(error)).toEqual(
      plainError(404, "not_found", "No render with id 'rnd_doesnotexist' on this account"),
    );
  });

  it("the polling limit answers 429 with Retry-After, handed back at once with retries: 0", async () => {
    const client = team();
    const { id } = await client.createRender(IMAGE);
    for (let i = 0; i < 60; i++) await client.getRender(id, { retries: 0 });
    const error = await serviceErrorOf(client.getRender(id, { retries: 0 }));
    expect(plain(error)).toEqual(
      plainError(429, "rate_limited", "Polling limit reached: 60 render polls per minute per account", {
        retryAfterSeconds: expect.any(Number),
      }),
    );
    expect(error.retryAfterSeconds).toBeGreaterThan(0);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});

describe("errors in every body shape", () => {
  // What each shape leaves of the service's message, given its code and status.
  const messages = {
    nested: (_status: number, _code: string, message: string) => message,
    flat: (_status: number, _code: string, message: string) => message,
    text: (_status: number, code: string, message: string) => `${code}: ${message}`,
    html: (status: number, code: string, message: string) => `${status} ${code}: ${message}`,
  } as const;
  const shapes = Object.keys(messages) as (keyof typeof messages)[];

  describe.each(shapes)("%s", (shape) => {
    const message = messages[shape];
    beforeEach(async () => {
      await setFaults({ errorShape: shape });
    });

    it.each([
      [
        { ...VIDEO, resolution: "480p" },
        "resolution",
        "resolution must be one of '720p', '1080p', '4k' for kling",
      ],
      [
        { ...VIDEO, negativePrompt: "x".repeat(501) },
        "negativePrompt",
        "negativePrompt must be at most 500 characters",
      ],
      [
        { ...IMAGE, referenceImageUrls: ["https://elsewhere.example/a.png"] },
        "referenceImageUrls",
        "referenceImageUrls contains a URL that was not returned by the upload endpoint",
      ],
      [
        { ...VIDEO, durationSeconds: 30 },
        "durationSeconds",
        "durationSeconds must be between 5 and 15 for kling",
      ],
    ] as [RenderRequest, string, string][])("422 names the field: %#", async (request, field, text) => {
      const error = await serviceErrorOf(team().createRender(request));
      expect(plain(error)).toEqual(
        plainError(422, "invalid_request", message(422, "invalid_request", text), { field }),
      );
      expect(mayHaveTakenEffect(error)).toBe(false);
    });

    it.each([
      [REVOKED_KEY, 401, "unauthorized", "This API key has been revoked"],
      ["rs_live_demo_unknown", 401, "unauthorized", "Invalid API key"],
      ["not-a-key", 401, "unauthorized", "Malformed API key"],
      [FREE_KEY, 403, "plan_required", "API access requires a paid plan (Team or above)"],
    ])("key %s: %i %s", async (apiKey, status, code, text) => {
      const error = await serviceErrorOf(
        createRenderServiceClient({ baseUrl: sim.url, apiKey }).getAccount(),
      );
      expect(plain(error)).toEqual(plainError(status, code, message(status, code, text)));
    });
  });
});

describe("fault switches", () => {
  it("5xx: GET is retried through 500, 502 and 503 (with its Retry-After) and succeeds", async () => {
    await setFaults({ errorRate: 1 });
    const { client, attempts } = observedClient({ failures: 3 });
    await expect(client.getAccount({ retries: 3 })).resolves.toMatchObject({ plan: "team" });
    expect(attempts.map((a) => a.outcome)).toEqual([500, 502, 503, 200]);
  });

  it("5xx: GET gives up after its retries with the last error", async () => {
    await setFaults({ errorRate: 1 });
    const { client, attempts } = observedClient();
    const error = await serviceErrorOf(client.getAccount({ retries: 1 }));
    expect(plain(error)).toEqual(
      plainError(502, "bad_gateway", "Bad gateway: upstream render worker did not answer"),
    );
    expect(attempts).toHaveLength(2);
  });

  it("5xx at a 30% rate: every poll of a render still succeeds through retries", async () => {
    const { id } = await team().createRender(IMAGE);
    await setFaults({ errorRate: 0.3 });
    // Ten retries make a failure of the whole call a one-in-half-a-million event.
    const client = team({ maxRetries: 10 });
    for (let i = 0; i < 6; i++) await expect(client.getRender(id)).resolves.toMatchObject({ id });
  });

  it("5xx: a create is sent once and reported as possibly effective", async () => {
    await setFaults({ errorRate: 1 });
    const { client, attempts } = observedClient();
    const error = await serviceErrorOf(client.createRender(IMAGE));
    expect(plain(error)).toEqual(plainError(500, "internal_error", "Internal server error"));
    expect(mayHaveTakenEffect(error)).toBe(true);
    expect(attempts).toEqual([{ method: "POST", path: "/api/v1/renders", outcome: 500 }]);
    // The fault sits in front of the service: this create never reached it, and was not repeated.
    expect(await createsTotal()).toBe(0);
  });

  it("resets: GET is retried and succeeds", async () => {
    await setFaults({ resetRate: 1 });
    const { client, attempts } = observedClient({ failures: 2 });
    await expect(client.getAccount()).resolves.toMatchObject({ plan: "team" });
    expect(attempts.map((a) => a.outcome)).toEqual(["failed", "failed", 200]);
  });

  it("resets: a create is sent once and reported as possibly effective", async () => {
    await setFaults({ resetRate: 1 });
    const { client, attempts } = observedClient();
    const error = await serviceErrorOf(client.createRender(IMAGE));
    expect(plain(error)).toMatchObject({ status: 0, code: "network_error", mayHaveReachedService: true });
    expect(attempts).toEqual([{ method: "POST", path: "/api/v1/renders", outcome: "failed" }]);
    expect(await createsTotal()).toBe(0);
  });

  it("latency below the timeout: calls are slower and succeed", async () => {
    await setFaults({ latencyMs: 150 });
    const started = performance.now();
    const client = team({ timeoutMs: 2_000 });
    const created = await client.createRender(IMAGE);
    await expect(client.getRender(created.id)).resolves.toMatchObject({ id: created.id });
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("latency past the timeout: GET times out, is retried, and succeeds", async () => {
    await setFaults({ latencyMs: 1_000 });
    const { client, attempts } = observedClient({ failures: 1, config: { timeoutMs: 250 } });
    await expect(client.getAccount()).resolves.toMatchObject({ plan: "team" });
    expect(attempts.map((a) => a.outcome)).toEqual(["failed", 200]);
  });

  it("latency past the timeout: a create times out, is not repeated, and may still happen", async () => {
    await setFaults({ latencyMs: 600 });
    const { client, attempts } = observedClient({ config: { timeoutMs: 200 } });
    const error = await serviceErrorOf(client.createRender(IMAGE));
    expect(plain(error)).toEqual(plainError(0, "timeout", "The Render Service did not answer within 0.2 s"));
    expect(mayHaveTakenEffect(error)).toBe(true);
    expect(attempts).toHaveLength(1);
    // The delayed request reaches the service after the client gave up: exactly once.
    await sleep(800);
    expect(await createsTotal()).toBe(1);
  });

  it("extra fields: every record keeps them, nothing fails", async () => {
    await setFaults({ extraFields: true });
    const client = team();
    const extra = { seed: expect.any(Number), meta: expect.objectContaining({ region: expect.any(String) }) };
    const upload = await client.upload(pngUpload(generatedStream(1000).stream, { contentLength: 1000 }));
    expect(upload).toMatchObject(extra);
    const created = await client.createRender({ ...IMAGE, referenceImageUrls: [upload.url] });
    expect(created).toMatchObject(extra);
    expect(await client.getRender(created.id)).toMatchObject(extra);
    expect(await client.getAccount()).toMatchObject(extra);
  });

  it("undocumented statuses: polling passes through them to ready", async () => {
    await setFaults({ undocumentedStatus: true });
    const client = team();
    const created = await client.createRender(VIDEO);
    const { record, statuses } = await pollToEnd(client, created.id);
    expect(record.status).toBe("ready");
    for (const status of statuses)
      expect(["pending", "queued", "running", "upscaling", "ready"]).toContain(status);
  });

  it("all faults at once: GETs succeed through retries, and each create is sent exactly once", async () => {
    await setFaults({
      errorRate: 0.25,
      resetRate: 0.15,
      latencyMs: 20,
      extraFields: true,
      errorShape: "html",
    });
    const { client, attempts } = observedClient({ config: { maxRetries: 10 } });
    let created = 0;
    for (let i = 0; i < 12; i++) {
      const outcome = await client.createRender(IMAGE).then(
        () => "created" as const,
        (error: unknown) => error,
      );
      if (outcome === "created") created++;
      else expect(outcome).toMatchObject({ name: "RenderServiceError", mayHaveReachedService: true });
    }
    for (let i = 0; i < 5; i++) await expect(client.getAccount()).resolves.toMatchObject({ plan: "team" });
    const createAttempts = attempts.filter((a) => a.method === "POST");
    expect(createAttempts).toHaveLength(12);
    // Refused or dropped creates never reached the service, so it counted exactly the ones that worked.
    expect(await createsTotal()).toBe(created);
  });
});
