/**
 * Test helpers for the client's tests: a local HTTP server that answers from a script, and a plain
 * view of an error so tests can assert whole error objects. Not imported by production code.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { UploadInput } from "./client";
import { RenderServiceError } from "./errors";

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** Answers one request; `body` is the request body, read in full before the handler runs. */
export type Handler = (req: http.IncomingMessage, res: http.ServerResponse, body: Buffer) => void;

export interface ScriptedServer {
  url: string;
  requests: ReceivedRequest[];
  /** Handlers for the next requests, in order; the last one answers every request after it. */
  script(...handlers: Handler[]): void;
  close(): Promise<void>;
}

/** Handlers get the body once it has arrived in full, and every request is recorded. */
export async function startScriptedServer() {
  let handlers: Handler[] = [json(200, {})];
  const requests: ReceivedRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("error", () => {});
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      requests.push({ method: req.method ?? "", url: req.url ?? "", headers: req.headers, body });
      const handler = handlers.length > 1 ? handlers.shift() : handlers[0];
      handler?.(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    script(...next: Handler[]) {
      handlers = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  } satisfies ScriptedServer;
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
}

/** Drops the connection without an answer (a reset as the client sees it). */
export const destroy: Handler = (req) => {
  req.socket.destroy();
};

/** Never answers (until the server closes). */
export const hang: Handler = () => {};

/** A port on this host where nothing listens. */
export async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The error's public fields, for whole-object assertions. */
export function plain(e: RenderServiceError) {
  return {
    name: e.name,
    status: e.status,
    code: e.code,
    message: e.message,
    field: e.field,
    retryAfterSeconds: e.retryAfterSeconds,
    mayHaveReachedService: e.mayHaveReachedService,
  };
}

type PlainError = ReturnType<typeof plain>;

/**
 * The whole `plain` view a test expects of an error: `mayHaveReachedService` is true, and `field` and
 * `retryAfterSeconds` are undefined, unless `more` says otherwise.
 */
export function plainError(
  status: number,
  code: string,
  message: string,
  more: Partial<Pick<PlainError, "field" | "retryAfterSeconds" | "mayHaveReachedService">> = {},
): PlainError {
  return {
    name: "RenderServiceError",
    status,
    code,
    message,
    field: undefined,
    retryAfterSeconds: undefined,
    mayHaveReachedService: true,
    ...more,
  };
}

/** An image upload of `body` as `a.png`, `image/png`; `more` sets a name or a declared length. */
export function pngUpload(body: ReadableStream<Uint8Array>, more: Partial<UploadInput> = {}): UploadInput {
  return { kind: "image", filename: "a.png", contentType: "image/png", body, ...more };
}

/** The RenderServiceError a promise must reject with. */
export async function serviceErrorOf(promise: Promise<unknown>): Promise<RenderServiceError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RenderServiceError) return error;
    throw error;
  }
  throw new Error("expected the promise to reject");
}

export const sampleRecords = {
  render: {
    id: "r_1",
    kind: "image",
    status: "running",
    renderModel: "seedream 2K",
    outputUrl: null,
    errorMessage: null,
    creditsRefunded: 0,
    createdAt: "2025-01-01T00:00:00.000Z",
    updatedAt: "2025-01-01T00:00:01.000Z",
  },
  created: {
    id: "r_1",
    ids: ["r_1"],
    batchId: null,
    kind: "image",
    status: "pending",
    renderModel: "seedream 2K",
    creditsCharged: 0,
  },
  account: {
    plan: "team",
    planLabel: "Team",
    renderCreditsBalance: 1000,
    monthlyGrant: 1000,
    key: { name: "default", last4: "am_1" },
  },
  upload: { url: "https://uploads.example/u_1.png", kind: "image", contentType: "image/png", bytes: 3 },
} as const;
