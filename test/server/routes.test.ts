/**
 * The dashboard's HTTP contract (docs/api.md), route by route, against the real simulator and a real
 * ledger file. Error cases assert the whole body, and that nothing reached the service.
 */
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { getClusterMember } from "@/lib/server/cluster/process-member";
import { TEAM_KEY, startStack, waitFor, type CallInit, type Stack } from "@/test/server-stack";

let stack: Stack;
const UPLOAD_CAP = 256 * 1024;
/** Everything the server logs while these tests run, to check that the key is never in it. */
const logged: string[] = [];

beforeAll(async () => {
  for (const method of ["log", "info", "warn", "error", "debug"] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(" "));
    });
  }
  stack = await startStack({ env: { UPLOAD_MAX_BYTES: String(UPLOAD_CAP) } });
});
afterAll(async () => {
  await stack.close();
  vi.restoreAllMocks();
});

const invalid = (message: string, field?: string) => ({
  error: { code: "invalid_request", message, ...(field !== undefined && { field }) },
});

describe("POST /api/renders refuses invalid bodies before calling the service", () => {
  const cases: [string, unknown, object][] = [
    ["missing kind", { prompt: "x" }, invalid("kind must be one of 'image', 'video'", "kind")],
    ["unknown kind", { kind: "audio", prompt: "x" }, invalid("kind must be one of 'image', 'video'", "kind")],
    ["missing prompt", { kind: "image" }, invalid("prompt is required", "prompt")],
    ["blank prompt", { kind: "image", prompt: "   " }, invalid("prompt is required", "prompt")],
    [
      "prompt over 8,000 characters",
      { kind: "image", prompt: "x".repeat(8001) },
      invalid("prompt must be at most 8000 characters", "prompt"),
    ],
    [
      "quality on a model without it",
      { kind: "image", prompt: "x", imageModel: "nano-banana", imageQuality: "high" },
      invalid("imageQuality applies to gpt-image-2 only, not nano-banana", "imageQuality"),
    ],
    [
      "five variants",
      { kind: "image", prompt: "x", imageCount: 5 },
      invalid("imageCount must be between 1 and 4", "imageCount"),
    ],
    [
      "kling for 16 s",
      { kind: "video", prompt: "x", model: "kling", durationSeconds: 16 },
      invalid("durationSeconds must be between 5 and 15 for kling", "durationSeconds"),
    ],
    [
      "4k on veo-3.1-lite",
      { kind: "video", prompt: "x", model: "veo-3.1-lite", resolution: "4k" },
      invalid("resolution must be one of '720p', '1080p' for veo-3.1-lite", "resolution"),
    ],
    [
      "reference video on veo",
      { kind: "video", prompt: "x", model: "veo-3.1", referenceVideoUrls: ["http://127.0.0.1/files/a.mp4"] },
      invalid("referenceVideoUrls: veo-3.1 takes no reference videos", "referenceVideoUrls"),
    ],
    [
      "negative prompt over 500 characters",
      { kind: "video", prompt: "x", negativePrompt: "n".repeat(501) },
      invalid("negativePrompt must be at most 500 characters", "negativePrompt"),
    ],
    [
      "a reference this dashboard never uploaded",
      { kind: "image", prompt: "x", referenceImageUrls: ["http://127.0.0.1:1/files/up_x/a.png"] },
      invalid(
        "referenceImageUrls contains a URL that was not uploaded through this dashboard.",
        "referenceImageUrls",
      ),
    ],
  ];

  test.each(cases)("%s", async (_name, body, expected) => {
    const before = (await stack.simStats()).creates.total;
    const response = await stack.callJson("POST", "/api/renders", { json: body });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(expected);
    expect((await stack.simStats()).creates.total).toBe(before);
  });

  test("a body that is not JSON", async () => {
    const response = await stack.callJson("POST", "/api/renders", {
      body: "{nope",
      headers: { "content-type": "application/json" },
    });
    expect(response).toMatchObject({ status: 422, body: invalid("The request body must be valid JSON.") });
  });

  const body = JSON.stringify({ kind: "image", prompt: "a cross-site form post" });
  test.each([
    ["text/plain", "text/plain;charset=UTF-8"],
    ["a form encoding", "application/x-www-form-urlencoded"],
    ["multipart", "multipart/form-data; boundary=x"],
    ["XML", "application/xml"],
    ["a lookalike", "application/jsonp"],
    ["no Content-Type", undefined],
  ])("a valid JSON body sent as %s: 415, nothing upstream", async (_name, contentType) => {
    const before = (await stack.simStats()).creates.total;
    const response = await stack.callJson("POST", "/api/renders", {
      body,
      headers: contentType === undefined ? {} : { "content-type": contentType },
    });
    expect(response.status).toBe(415);
    expect(response.body).toEqual({
      error: {
        code: "unsupported_media_type",
        message: "The request body must be sent as application/json.",
      },
    });
    expect((await stack.simStats()).creates.total).toBe(before);
  });

  test.each(["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8"])(
    "a JSON body sent as %s is accepted",
    async (contentType) => {
      const response = await stack.callJson("POST", "/api/renders", {
        body,
        headers: { "content-type": contentType },
      });
      expect(response.status).toBe(202);
    },
  );

  test("a body over 64 KiB", async () => {
    const response = await stack.callJson("POST", "/api/renders", {
      json: { kind: "image", prompt: "x".repeat(70_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({
      error: { code: "payload_too_large", message: "The request body is larger than 65536 bytes." },
    });
  });

  test("a body its client stops sending halfway: 400, and nothing logged as the server's fault", async () => {
    const seen = logged.length;
    // What a request's body does when its connection drops mid-way (Node's own error for it).
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"kind":"image","prompt":"cut sho'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const response = await stack.callJson("POST", "/api/renders", {
      body,
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual(invalid("The request body ended before it was complete."));
    expect(logged.slice(seen)).toEqual([]);
  });

  test("an Idempotency-Key that is not printable text", async () => {
    const response = await stack.callJson("POST", "/api/renders", {
      json: { kind: "image", prompt: "x" },
      headers: { "Idempotency-Key": "x".repeat(201) },
    });
    expect(response.body).toEqual(
      invalid("Idempotency-Key must be 1 to 200 printable characters.", "Idempotency-Key"),
    );
  });
});

describe("POST /api/renders creates and records", () => {
  test("an image batch: 202, one ledger row per variant, followed to ready", async () => {
    const response = await stack.callJson<{
      ids: string[];
      batchId: string;
      requestId: string;
      creditsCharged: number;
      renders: { id: string; status: string; variantIndex: number }[];
    }>("POST", "/api/renders", {
      json: { kind: "image", prompt: "three foxes", imageCount: 3, imageResolution: "2K" },
    });
    expect(response.status).toBe(202);
    expect(response.body.ids).toHaveLength(3);
    expect(response.body.renders.map((r) => [r.id, r.variantIndex])).toEqual(
      response.body.ids.map((id, i) => [id, i]),
    );

    const batch = await waitFor(async () => {
      const list = await stack.callJson<{ items: { status: string; outputUrl: string | null }[] }>(
        "GET",
        `/api/renders?batchId=${response.body.batchId}`,
      );
      return list.body.items.every((r) => r.status === "ready") ? list.body.items : undefined;
    }, 20_000);
    expect(batch).toHaveLength(3);
    for (const render of batch) expect(render.outputUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/media\//);
  });

  test("the same Idempotency-Key twice makes one render and answers the same", async () => {
    const body = {
      kind: "video",
      prompt: "one wave",
      model: "kling",
      durationSeconds: 5,
      resolution: "720p",
    };
    const headers = { "Idempotency-Key": "same-key-1" };
    const before = (await stack.simStats()).creates.total;
    const [first, second] = await Promise.all([
      stack.callJson("POST", "/api/renders", { json: body, headers }),
      stack.callJson("POST", "/api/renders", { json: body, headers }),
    ]);
    const third = await stack.callJson("POST", "/api/renders", { json: body, headers });
    expect(first.status).toBe(202);
    expect(second).toEqual(first);
    expect(third.body).toMatchObject({ id: (first.body as { id: string }).id });
    expect((await stack.simStats()).creates.total).toBe(before + 1);
  });

  test("an Idempotency-Key reused for another body is refused", async () => {
    const headers = { "Idempotency-Key": "same-key-2" };
    await stack.callJson("POST", "/api/renders", { json: { kind: "image", prompt: "first" }, headers });
    const response = await stack.callJson("POST", "/api/renders", {
      json: { kind: "image", prompt: "second" },
      headers,
    });
    expect(response).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "idempotency_conflict",
          message: "This Idempotency-Key was already used for a different render request.",
        },
      },
    });
  });

  test("a failing video is refunded and the ledger shows it", async () => {
    const created = await stack.callJson<{ id: string; creditsCharged: number }>("POST", "/api/renders", {
      json: {
        kind: "video",
        prompt: "doomed [fail]",
        model: "kling",
        durationSeconds: 5,
        resolution: "1080p",
      },
    });
    expect(created.body.creditsCharged).toBeGreaterThan(0);
    const failed = await waitFor(async () => {
      const r = await stack.callJson<{ status: string; creditsRefunded: number; errorMessage: string }>(
        "GET",
        `/api/renders/${created.body.id}`,
      );
      return r.body.status === "failed" ? r.body : undefined;
    }, 20_000);
    expect(failed.creditsRefunded).toBe(created.body.creditsCharged);
    expect(failed.errorMessage).toBeTruthy();
  });
});

describe("GET /api/renders", () => {
  test("pages newest first with a cursor, without gaps or repeats", async () => {
    for (let i = 0; i < 5; i++) {
      await stack.callJson("POST", "/api/renders", { json: { kind: "image", prompt: `paging ${i}` } });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { items: { prompt: string }[]; nextCursor: string | null } } = await stack.callJson(
        "GET",
        `/api/renders?q=paging&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.body.items.map((r) => r.prompt));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(["paging 4", "paging 3", "paging 2", "paging 1", "paging 0"]);
  });

  test("filters by kind, model and status together", async () => {
    const list = await stack.callJson<{ items: { kind: string; model: string }[] }>(
      "GET",
      "/api/renders?kind=video&model=kling",
    );
    expect(list.body.items.length).toBeGreaterThan(0);
    for (const item of list.body.items) expect(item).toMatchObject({ kind: "video", model: "kling" });
  });

  test("text search treats % and _ literally", async () => {
    await stack.callJson("POST", "/api/renders", { json: { kind: "image", prompt: "100% literal_match" } });
    const hits = await stack.callJson<{ items: unknown[] }>(
      "GET",
      `/api/renders?q=${encodeURIComponent("0% l")}`,
    );
    const none = await stack.callJson<{ items: unknown[] }>(
      "GET",
      `/api/renders?q=${encodeURIComponent("%_%")}`,
    );
    expect(hits.body.items).toHaveLength(1);
    expect(none.body.items).toHaveLength(0);
  });

  const cases: [string, string, object][] = [
    ["limit 0", "/api/renders?limit=0", invalid("limit must be between 1 and 100", "limit")],
    ["limit 101", "/api/renders?limit=101", invalid("limit must be between 1 and 100", "limit")],
    ["unknown kind", "/api/renders?kind=audio", invalid("kind must be one of 'image', 'video'", "kind")],
    ["forged cursor", "/api/renders?cursor=bm9wZQ", invalid("cursor is not a valid page cursor", "cursor")],
  ];
  test.each(cases)("refuses %s", async (_name, path, expected) => {
    const response = await stack.callJson("GET", path);
    expect(response.status).toBe(422);
    expect(response.body).toEqual(expected);
  });
});

describe("GET /api/renders/{id}", () => {
  const badId = invalid("id must be a render id (letters, digits, - and _).", "id");
  const cases: [string, string, number, object][] = [
    ["an encoded slash", "/api/renders/..%2Fetc", 422, badId],
    ["dots", "/api/renders/..", 422, badId],
    ["a very long id", `/api/renders/${"a".repeat(300)}`, 422, badId],
    ["unicode", `/api/renders/${encodeURIComponent("ré")}`, 422, badId],
    [
      "an unknown id",
      "/api/renders/rnd_unknown",
      404,
      { error: { code: "not_found", message: "No render with this id in the dashboard's history." } },
    ],
  ];
  test.each(cases)("refuses %s", async (_name, path, status, expected) => {
    const response = await stack.callJson("GET", path);
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
  });
});

describe("POST /api/renders/{id}/watch", () => {
  test("keeps an unfinished render watched for 30 s, says null once it is final, 404 for an unknown id", async () => {
    // A long video at this time scale runs for seconds: still unfinished when watched.
    const created = await stack.callJson<{ ids: string[] }>("POST", "/api/renders", {
      json: { kind: "video", prompt: "a slow tide", model: "seedance", durationSeconds: 60 },
    });
    const id = created.body.ids[0] ?? "";
    const before = Date.now();
    const watched = await stack.callJson<{ watchedUntil: string | null }>("POST", `/api/renders/${id}/watch`);
    expect(watched.status).toBe(200);
    const until = Date.parse(watched.body.watchedUntil ?? "");
    expect(until).toBeGreaterThanOrEqual(before + 30_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 30_000);

    await waitFor(async () => {
      const { body } = await stack.callJson<{ status: string }>("GET", `/api/renders/${id}`);
      return body.status === "ready" ? true : undefined;
    }, 30_000);
    expect((await stack.callJson("POST", `/api/renders/${id}/watch`)).body).toEqual({ watchedUntil: null });
    expect(await stack.callJson("POST", "/api/renders/rnd_unknown/watch")).toMatchObject({
      status: 404,
      body: { error: { code: "not_found", message: "No render with this id in the dashboard's history." } },
    });
  });
});

describe("uploads", () => {
  const png = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4d5e20000000049454e44ae426082",
    "hex",
  );

  function form(kind: string | null, file: Blob, filename = "ref.png"): FormData {
    const data = new FormData();
    if (kind !== null) data.set("kind", kind);
    data.set("file", file, filename);
    return data;
  }

  test("an image upload is recorded, listed and accepted as a reference", async () => {
    const response = await stack.callJson<{ url: string; bytes: number; filename: string; kind: string }>(
      "POST",
      "/api/uploads",
      { body: form("image", new Blob([png], { type: "image/png" })) },
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ kind: "image", bytes: png.byteLength, filename: "ref.png" });
    const stored = await fetch(response.body.url);
    expect(Buffer.from(await stored.arrayBuffer()).equals(png)).toBe(true);

    const list = await stack.callJson<{ items: { url: string }[] }>("GET", "/api/uploads?kind=image");
    expect(list.body.items.map((u) => u.url)).toContain(response.body.url);

    const render = await stack.callJson("POST", "/api/renders", {
      json: { kind: "image", prompt: "guided", referenceImageUrls: [response.body.url] },
    });
    expect(render.status).toBe(202);
  });

  const cases: [string, () => CallInit, number, object][] = [
    [
      "a file over the cap",
      () => ({ body: form("image", new Blob([new Uint8Array(UPLOAD_CAP + 1)], { type: "image/png" })) }),
      413,
      {
        error: {
          code: "payload_too_large",
          message: "The file is larger than the 256 KB limit.",
          field: "file",
        },
      },
    ],
    [
      "a type that does not fit the kind",
      () => ({ body: form("image", new Blob([png], { type: "application/pdf" })) }),
      415,
      {
        error: {
          code: "unsupported_media_type",
          message: "A image reference must be one of: image/png, image/jpeg, image/webp, image/gif.",
          field: "file",
        },
      },
    ],
    [
      "no kind",
      () => ({ body: form(null, new Blob([png], { type: "image/png" })) }),
      422,
      invalid("kind must be image, video or audio, and must come before file.", "kind"),
    ],
    [
      "an unknown kind",
      () => ({ body: form("model", new Blob([png], { type: "image/png" })) }),
      422,
      invalid("kind must be image, video or audio, and must come before file.", "kind"),
    ],
    [
      "no file",
      () => {
        const data = new FormData();
        data.set("kind", "image");
        return { body: data };
      },
      422,
      invalid("file is required.", "file"),
    ],
    [
      "a JSON body",
      () => ({ body: "{}" }),
      415,
      {
        error: {
          code: "unsupported_media_type",
          message: "Send uploads as multipart/form-data with the fields kind and file.",
        },
      },
    ],
  ];
  test.each(cases)("refuses %s", async (_name, init, status, expected) => {
    const before = await stack.callJson<{ items: unknown[] }>("GET", "/api/uploads?limit=100");
    const response = await stack.callJson("POST", "/api/uploads", init());
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
    const after = await stack.callJson<{ items: unknown[] }>("GET", "/api/uploads?limit=100");
    expect(after.body.items).toHaveLength(before.body.items.length);
  });
});

describe("account, estimate, health", () => {
  test("GET /api/account is the service's account record", async () => {
    const response = await stack.callJson("GET", "/api/account");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      plan: "team",
      planLabel: "Team",
      key: { name: "demo-team-1", last4: "am_1" },
    });
  });

  test("simultaneous account requests make one upstream call", async () => {
    const sim = stack.simulator.url;
    const counter = async () =>
      ((await (await fetch(`${sim}/__sim/stats`)).json()) as { requests: { account: number } }).requests
        .account;
    const before = await counter();
    const responses = await Promise.all(Array.from({ length: 10 }, () => stack.call("GET", "/api/account")));
    expect(responses.every((r) => r.status === 200)).toBe(true);
    const after = await counter();
    expect(after - before).toBe(1);
  });

  test("the estimate learns a per-second rate from an earlier charge of the same model, resolution and audio setting", async () => {
    const response = await stack.callJson(
      "GET",
      "/api/estimate?kind=video&model=kling&resolution=1080p&durationSeconds=10",
    );
    // The failing 5 s kling 1080p render above was charged 70 before its refund.
    expect(response.body).toEqual({
      credits: 140,
      source: "history",
      basis: "learned from 1 render",
      renders: 1,
    });
    const none = await stack.callJson(
      "GET",
      "/api/estimate?kind=video&model=veo-3.1&resolution=4k&durationSeconds=8",
    );
    expect(none.body).toEqual({
      credits: null,
      source: "none",
      basis: "unknown until the first render of this kind",
      renders: null,
    });
  });

  test("GET /api/health reports the process, the ledger, the scheduler and the service", async () => {
    const response = await stack.callJson<{
      ok: boolean;
      instance: string;
      scheduler: { running: boolean; leader: boolean; budgetPerMinute: number };
    }>("GET", "/api/health");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      ok: true,
      instance: (await getClusterMember()).id,
      database: { ok: true },
      // The stack's one process leads (on PostgreSQL, once elected).
      scheduler: { running: true, leader: true, budgetPerMinute: 50 },
      upstream: { reachable: true },
    });
  });
});

test("no response and no log line carries the API key", async () => {
  // Upstream failures are what the server logs, with their causes: provoke some.
  await stack.setFaults({ errorRate: 1, errorShape: "text" });
  const failed = await stack.call("POST", "/api/renders", {
    json: { kind: "image", prompt: "logged failure" },
  });
  await stack.setFaults({ errorRate: 0, errorShape: "nested" });
  expect(failed.status).toBeGreaterThanOrEqual(500);
  expect(logged.some((line) => line.startsWith("[api] "))).toBe(true);
  expect(logged.filter((line) => line.includes(TEAM_KEY))).toEqual([]);
  const paths = ["/api/account", "/api/renders", "/api/uploads", "/api/health", "/api/renders/rnd_x"];
  for (const path of paths) {
    const text = await (await stack.call("GET", path)).text();
    expect(text).not.toContain(TEAM_KEY);
  }
});
