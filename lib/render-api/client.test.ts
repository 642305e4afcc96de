/**
 * The client against a local HTTP server that misbehaves on purpose: retries, the create-once rule,
 * timeouts, headers, URL building and streamed uploads.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { fetch as undiciFetch } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type RenderServiceConfig, createRenderServiceClient } from "./client";
import { mayHaveTakenEffect } from "./errors";
import {
  type ScriptedServer,
  closedPort,
  destroy,
  hang,
  json,
  plain,
  plainError,
  pngUpload,
  serviceErrorOf,
  sampleRecords,
  startScriptedServer,
} from "./test-support";

const KEY = "rs_live_test_key_1";
const request = { kind: "image", prompt: "a lighthouse at dusk" } as const;

let server: ScriptedServer;
/**
 * Node's own fetch, and the undici package's (newer) one that the server injects: error shapes and
 * streaming must be read the same way from both.
 */
const FETCHES: [string, typeof fetch][] = [
  ["Node's fetch", (input, init) => fetch(input, init)],
  ["undici's fetch", undiciFetch as unknown as typeof fetch],
];
let fetchImpl: typeof fetch = fetch;
const client = (config: Partial<RenderServiceConfig> = {}) =>
  createRenderServiceClient({
    baseUrl: server.url,
    apiKey: KEY,
    timeoutMs: 2_000,
    fetch: fetchImpl,
    ...config,
  });

beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe.each(FETCHES)("with %s", (_name, implementation) => {
  beforeAll(() => {
    fetchImpl = implementation;
  });

  describe("requests", () => {
    it("sends the key, asks for JSON, and forwards nothing else", async () => {
      server.script(json(202, sampleRecords.created));
      await expect(client().createRender(request)).resolves.toEqual(sampleRecords.created);
      const [sent] = server.requests;
      expect(sent?.method).toBe("POST");
      expect(sent?.url).toBe("/api/v1/renders");
      expect(sent?.headers).toMatchObject({
        authorization: `Bearer ${KEY}`,
        accept: "application/json",
        "content-type": "application/json",
      });
      expect(JSON.parse(sent?.body.toString() ?? "")).toEqual(request);
    });

    it("builds paths under a base URL with a prefix", async () => {
      server.script(json(200, sampleRecords.render));
      await client({ baseUrl: `${server.url}/gateway/` }).getRender("r_1-AZ_z");
      expect(server.requests.map((r) => r.url)).toEqual(["/gateway/api/v1/renders/r_1-AZ_z"]);
    });

    it.each(["../account", "a/b", "r 1", "%2e%2e", "", "x".repeat(129)])(
      "refuses the render id %j without a request",
      async (id) => {
        const error = await serviceErrorOf(client().getRender(id));
        expect(plain(error)).toEqual(
          plainError(0, "invalid_request", "Render id must be 1 to 128 letters, digits, '_' or '-'", {
            mayHaveReachedService: false,
          }),
        );
        expect(server.requests).toHaveLength(0);
      },
    );

    it("keeps the fields the spec does not list", async () => {
      server.script(json(200, { ...sampleRecords.render, status: "queued_for_gpu", seed: 42 }));
      await expect(client().getRender("r_1")).resolves.toEqual({
        ...sampleRecords.render,
        status: "queued_for_gpu",
        seed: 42,
      });
    });

    it("reports an answer that is not the record as invalid_response, with the HTTP status", async () => {
      server.script(json(200, { ...sampleRecords.account, renderCreditsBalance: "lots" }));
      const error = await serviceErrorOf(client().getAccount());
      expect(plain(error)).toEqual(
        plainError(
          200,
          "invalid_response",
          "The Render Service's answer did not have the expected shape (renderCreditsBalance: Invalid input: expected number, received string)",
        ),
      );
      expect(server.requests).toHaveLength(1);
    });

    it("reports a body that is not JSON as invalid_response", async () => {
      server.script((_req, res) =>
        res.writeHead(202, { "content-type": "text/html" }).end("<html>ok</html>"),
      );
      const error = await serviceErrorOf(client().createRender(request));
      expect(plain(error)).toEqual(
        plainError(
          202,
          "invalid_response",
          "The Render Service answered HTTP 202 with a body that is not JSON",
        ),
      );
      // The render may well exist: the ledger must treat it as unknown.
      expect(mayHaveTakenEffect(error)).toBe(true);
    });

    it("does not follow redirects (the key must not travel elsewhere)", async () => {
      server.script((_req, res) => res.writeHead(307, { location: "http://example.invalid/steal" }).end());
      const error = await serviceErrorOf(client().getAccount());
      expect(plain(error)).toEqual(
        plainError(
          0,
          "invalid_response",
          "The Render Service answered with a redirect; check the configured base URL",
        ),
      );
      expect(server.requests).toHaveLength(1);
    });

    it("refuses bad call options before any request", async () => {
      await expect(client().getAccount({ retries: Number.NaN })).rejects.toThrow(
        "retries must be a whole number ≥ 0",
      );
      await expect(client().getAccount({ retries: 1.5 })).rejects.toThrow(
        "retries must be a whole number ≥ 0",
      );
      await expect(client().getAccount({ timeoutMs: -1 })).rejects.toThrow("timeoutMs must be positive");
      expect(server.requests).toHaveLength(0);
    });

    it("refuses a bad configuration at once", () => {
      const make = (config: Partial<RenderServiceConfig>) => () =>
        createRenderServiceClient({ baseUrl: server.url, apiKey: KEY, ...config });
      expect(make({ baseUrl: "sim:4010" })).toThrow("base URL must be http(s)");
      expect(make({ baseUrl: "/relative" })).toThrow("not an absolute URL");
      expect(make({ baseUrl: "http://user:pw@sim" })).toThrow("must not carry credentials");
      expect(make({ apiKey: "" })).toThrow("API key is empty or malformed");
      expect(make({ apiKey: "rs_live\r\nX-Evil: 1" })).toThrow("API key is empty or malformed");
      expect(make({ timeoutMs: 0 })).toThrow("timeoutMs must be positive");
      expect(make({ maxRetries: -1 })).toThrow("maxRetries must be a whole number ≥ 0");
      expect(make({ maxRetries: Number.NaN })).toThrow("maxRetries must be a whole number ≥ 0");
    });
  });

  describe("retries of GET", () => {
    it("retries 503 and 502 and succeeds", async () => {
      server.script(json(503, {}), json(502, {}), json(200, sampleRecords.render));
      await expect(client().getRender("r_1")).resolves.toEqual(sampleRecords.render);
      expect(server.requests).toHaveLength(3);
    });

    it("gives up after maxRetries (default 2) with the last error", async () => {
      server.script(json(503, { error: { code: "overloaded", message: "Try later" } }));
      const error = await serviceErrorOf(client().getAccount());
      expect(plain(error)).toEqual(plainError(503, "overloaded", "Try later"));
      expect(server.requests).toHaveLength(3);
    });

    it("makes exactly one attempt with retries: 0 (the poll scheduler's setting)", async () => {
      server.script(json(503, {}));
      await expect(client().getRender("r_1", { retries: 0 })).rejects.toMatchObject({ status: 503 });
      expect(server.requests).toHaveLength(1);
    });

    it("uses the configured maxRetries", async () => {
      server.script(json(504, {}));
      await expect(client({ maxRetries: 1 }).getAccount()).rejects.toMatchObject({ status: 504 });
      expect(server.requests).toHaveLength(2);
    });

    it("waits out a 429's Retry-After, then succeeds", async () => {
      server.script(
        json(429, { message: "Polling limit" }, { "retry-after": "1" }),
        json(200, sampleRecords.render),
      );
      const started = performance.now();
      await expect(client().getRender("r_1")).resolves.toEqual(sampleRecords.render);
      expect(performance.now() - started).toBeGreaterThanOrEqual(990);
      expect(server.requests).toHaveLength(2);
    });

    it("does not wait out a Retry-After beyond 60 s: the caller gets the error at once", async () => {
      server.script(json(429, { message: "Polling limit" }, { "retry-after": "120" }));
      const error = await serviceErrorOf(client().getRender("r_1"));
      expect(plain(error)).toEqual(
        plainError(429, "rate_limited", "Polling limit", { retryAfterSeconds: 120 }),
      );
      expect(server.requests).toHaveLength(1);
    });

    it("retries a dropped connection", async () => {
      server.script(destroy, json(200, sampleRecords.account));
      await expect(client().getAccount()).resolves.toEqual(sampleRecords.account);
      expect(server.requests).toHaveLength(2);
    });

    it("retries an attempt that outlives its timeout", async () => {
      server.script(hang, json(200, sampleRecords.account));
      await expect(client({ timeoutMs: 300 }).getAccount()).resolves.toEqual(sampleRecords.account);
      expect(server.requests).toHaveLength(2);
    });

    it("times out a body that stops midway, and retries", async () => {
      server.script(
        (_req, res) => res.writeHead(200, { "content-type": "application/json" }).write('{"plan":'),
        json(200, sampleRecords.account),
      );
      await expect(client({ timeoutMs: 300 }).getAccount()).resolves.toEqual(sampleRecords.account);
      expect(server.requests).toHaveLength(2);
    });

    it("reports the timeout when every attempt times out", async () => {
      server.script(hang);
      const error = await serviceErrorOf(client().getAccount({ timeoutMs: 200, retries: 1 }));
      expect(plain(error)).toEqual(
        plainError(0, "timeout", "The Render Service did not answer within 0.2 s"),
      );
      expect(server.requests).toHaveLength(2);
    });

    it.each([
      [401, "unauthorized"],
      [403, "plan_required"],
      [404, "not_found"],
      [422, "invalid_request"],
    ])("does not retry %i", async (status, code) => {
      server.script(json(status, {}));
      await expect(client().getRender("r_1")).rejects.toMatchObject({ status, code });
      expect(server.requests).toHaveLength(1);
    });

    it("stops at once when the caller aborts, even while waiting to retry", async () => {
      server.script(json(429, {}, { "retry-after": "30" }));
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 200);
      const started = performance.now();
      const error = await serviceErrorOf(client().getAccount({ signal: controller.signal }));
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(plain(error)).toEqual(
        plainError(0, "aborted", "The request to the Render Service was cancelled"),
      );
      expect(server.requests).toHaveLength(1);
    });

    it("sends nothing when the caller's signal is already aborted", async () => {
      const error = await serviceErrorOf(client().getAccount({ signal: AbortSignal.abort() }));
      expect(plain(error)).toMatchObject({ code: "aborted", mayHaveReachedService: false });
      expect(server.requests).toHaveLength(0);
    });
  });

  describe("createRender is sent at most once", () => {
    it.each([
      ["a 503", json(503, { message: "busy" }), { status: 503, code: "server_error", message: "busy" }],
      ["a 500", json(500, {}), { status: 500, code: "server_error" }],
      ["a 502 page", json(502, {}), { status: 502, code: "server_error" }],
      [
        "a reset",
        destroy,
        {
          status: 0,
          code: "network_error",
          message: "Could not complete the request to the Render Service (UND_ERR_SOCKET: other side closed)",
        },
      ],
      [
        "a timeout",
        hang,
        { status: 0, code: "timeout", message: "The Render Service did not answer within 0.3 s" },
      ],
    ])(
      "on %s: one request, and the error says it may have reached the service",
      async (_name, handler, expected) => {
        server.script(handler, json(202, sampleRecords.created));
        const error = await serviceErrorOf(client({ timeoutMs: 300 }).createRender(request));
        expect(plain(error)).toMatchObject({ ...expected, mayHaveReachedService: true });
        expect(mayHaveTakenEffect(error)).toBe(true);
        expect(server.requests).toHaveLength(1);
      },
    );

    it("on a 429: one request, and the ledger may treat it as refused", async () => {
      server.script(
        json(429, { message: "Fair use" }, { "retry-after": "1" }),
        json(202, sampleRecords.created),
      );
      const error = await serviceErrorOf(client().createRender(request));
      expect(plain(error)).toEqual(plainError(429, "rate_limited", "Fair use", { retryAfterSeconds: 1 }));
      expect(mayHaveTakenEffect(error)).toBe(false);
      expect(server.requests).toHaveLength(1);
    });

    it("is retried when the connection was refused (nothing was sent), and says so", async () => {
      const port = await closedPort();
      let calls = 0;
      const counting: typeof fetch = (input, init) => {
        calls++;
        return fetchImpl(input, init);
      };
      const error = await serviceErrorOf(
        client({ baseUrl: `http://127.0.0.1:${port}`, fetch: counting }).createRender(request),
      );
      expect(plain(error)).toEqual(
        plainError(
          0,
          "network_error",
          `Could not connect to the Render Service (connect ECONNREFUSED 127.0.0.1:${port})`,
          { mayHaveReachedService: false },
        ),
      );
      expect(mayHaveTakenEffect(error)).toBe(false);
      expect(calls).toBe(3);
    });
  });

  describe("upload", () => {
    const file = (text: string) => new Response(text).body as ReadableStream<Uint8Array>;

    it("sends a multipart body with kind and file, with a Content-Length when the size is known", async () => {
      server.script(json(201, sampleRecords.upload));
      await expect(
        client().upload(pngUpload(file("png!"), { filename: "cat.png", contentLength: 4 })),
      ).resolves.toEqual(sampleRecords.upload);
      const [sent] = server.requests;
      expect(sent?.url).toBe("/api/v1/uploads");
      expect(sent?.headers["authorization"]).toBe(`Bearer ${KEY}`);
      expect(sent?.headers["content-length"]).toBe(String(sent?.body.byteLength));
      const form = await new Response(new Uint8Array(sent?.body ?? []), {
        headers: { "content-type": sent?.headers["content-type"] ?? "" },
      }).formData();
      const part = form.get("file") as File;
      expect([form.get("kind"), part.name, part.type, await part.text()]).toEqual([
        "image",
        "cat.png",
        "image/png",
        "png!",
      ]);
    });

    it("sends chunked when the size is unknown", async () => {
      server.script(json(200, sampleRecords.upload));
      await client().upload(pngUpload(file("png!")));
      expect(server.requests[0]?.headers).toMatchObject({ "transfer-encoding": "chunked" });
      expect(server.requests[0]?.headers["content-length"]).toBeUndefined();
    });

    it("is never retried", async () => {
      server.script(json(503, {}), json(201, sampleRecords.upload));
      await expect(client().upload(pngUpload(file("x")))).rejects.toMatchObject({ status: 503 });
      expect(server.requests).toHaveLength(1);
    });

    it("reports a body shorter than its declared length", async () => {
      server.script(json(201, sampleRecords.upload));
      const error = await serviceErrorOf(client().upload(pngUpload(file("abc"), { contentLength: 10 })));
      expect(plain(error)).toMatchObject({ status: 0, code: "invalid_request" });
    });
  });

  describe("upload streaming", () => {
    // A server that answers only once it has seen the first chunk, while the source holds back the
    // rest until then: a client that buffered the body before sending would wait forever.
    let streamingServer: http.Server;
    let url = "";
    let firstChunkSeen: () => void = () => {};
    let received = 0;

    beforeAll(async () => {
      streamingServer = http.createServer((req, res) => {
        req.on("data", (chunk: Buffer) => {
          received += chunk.length;
          if (received > 1024 * 1024) firstChunkSeen();
        });
        req.on("end", () =>
          res
            .writeHead(201, { "content-type": "application/json" })
            .end(JSON.stringify({ ...sampleRecords.upload, bytes: received })),
        );
      });
      await new Promise<void>((resolve) => streamingServer.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(streamingServer.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      streamingServer.closeAllConnections();
      streamingServer.close();
    });

    it("sends the first megabytes before the source has produced the rest", async () => {
      const seen = new Promise<void>((resolve) => (firstChunkSeen = resolve));
      const chunk = new Uint8Array(256 * 1024).fill(7);
      let produced = 0;
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (produced === 8) await seen;
          if (produced === 16) return controller.close();
          produced++;
          controller.enqueue(chunk);
        },
      });
      const record = await createRenderServiceClient({
        baseUrl: url,
        apiKey: KEY,
        uploadTimeoutMs: 5_000,
        fetch: fetchImpl,
      }).upload({
        kind: "image",
        filename: "big.bin",
        contentType: "application/octet-stream",
        body,
        contentLength: 16 * chunk.byteLength,
      });
      expect(record.bytes).toBeGreaterThan(16 * chunk.byteLength);
    });
  });
});
