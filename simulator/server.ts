/**
 * The Render Service simulator: a single-process stand-in for the real service that the dashboard
 * talks to in development, tests and demos, in memory or kept in a folder. See simulator/README.md.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { adminRoutes } from "./admin";
import { API_PREFIX, apiRoutes } from "./api";
import { SimError, errorBody } from "./errors";
import { DEFAULT_FAULTS, faultPatchSchema, mergeFaults, type FaultConfig } from "./faults";
import { publicRoutes } from "./public-files";
import { matchRoute, type Route } from "./routes";
import { StateWriter, readState, restoreState, uploadDirOf } from "./state";
import { DEFAULT_UPLOAD_MAX_BYTES } from "./uploads";
import { World } from "./world";

export type { FaultConfig } from "./faults";

export interface SimulatorOptions {
  /** 0 picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Multiplies every render duration; 0.02 makes a 40 s image take under a second. Default 1. */
  timeScale?: number;
  faults?: Partial<FaultConfig>;
  /** Largest accepted upload file, in bytes. Default 512 MiB. */
  uploadMaxBytes?: number;
  /** Base of upload and media URLs, when clients reach the simulator by another address. */
  publicBaseUrl?: string;
  /**
   * Load tests: every image output carries this many bytes of padding (a PNG chunk readers skip),
   * so outputs have the size of real renders. Default 0.
   */
  mediaPaddingBytes?: number;
  /**
   * Load tests: every video output is its clip followed by this many zero bytes, made while served
   * (nothing of that size is held or stored). Default 0.
   */
  videoPaddingBytes?: number;
  /**
   * A folder that keeps the world (balances, uploads, renders) across restarts; created if missing.
   * Absent: everything is in memory and gone on close.
   */
  stateDir?: string;
}

export interface RunningSimulator {
  /** e.g. http://127.0.0.1:54321 */
  url: string;
  close(): Promise<void>;
}

const ROUTES: readonly Route[] = [...apiRoutes, ...adminRoutes, ...publicRoutes];

function isApiPath(pathname: string): boolean {
  return pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
}

function writeError(res: ServerResponse, error: SimError, shape: FaultConfig["errorShape"]): void {
  const { contentType, body } = errorBody(error, shape);
  res.writeHead(error.status, {
    "content-type": contentType,
    "content-length": Buffer.byteLength(body),
    ...error.headers(),
  });
  res.end(body);
}

async function dispatch(world: World, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const pathname = new URL(req.url ?? "/", "http://simulator.invalid").pathname;
  const api = isApiPath(pathname);
  // Only the service's own API misbehaves; test endpoints and media stay predictable.
  const shape = api ? world.faults.errorShape : "nested";
  try {
    if (api) {
      if (world.faults.latencyMs > 0) await sleep(world.faults.latencyMs);
      const action = world.injector.decide(world.faults);
      if (action.type === "reset") {
        req.socket.destroy();
        return;
      }
      if (action.type === "error") throw action.error;
    }
    const { route, params } = matchRoute(ROUTES, req.method ?? "GET", pathname);
    await route.handle({ world, req, res, params });
  } catch (error) {
    // A client that went away (an abandoned upload) needs no answer and is not the simulator's fault.
    if (req.socket.destroyed) return;
    if (!(error instanceof SimError)) console.error("simulator: unexpected error", error);
    if (res.headersSent) {
      res.destroy();
      return;
    }
    writeError(
      res,
      error instanceof SimError ? error : new SimError("internal_error", "Internal server error"),
      shape,
    );
  } finally {
    // A refusal may come before the body was read (401 on an upload, 413 part way): drain the rest
    // so the client sees the response rather than a broken pipe, and the connection stays usable.
    if (!req.readableEnded && !req.destroyed) req.resume();
  }
}

function checkOptions(options: SimulatorOptions): {
  timeScale: number;
  uploadMaxBytes: number;
  mediaPaddingBytes: number;
  videoPaddingBytes: number;
  faults: FaultConfig;
} {
  const timeScale = options.timeScale ?? 1;
  if (!Number.isFinite(timeScale) || timeScale <= 0) throw new Error("timeScale must be a positive number");
  const uploadMaxBytes = options.uploadMaxBytes ?? DEFAULT_UPLOAD_MAX_BYTES;
  if (!Number.isSafeInteger(uploadMaxBytes) || uploadMaxBytes <= 0) {
    throw new Error("uploadMaxBytes must be a positive whole number of bytes");
  }
  const mediaPaddingBytes = options.mediaPaddingBytes ?? 0;
  // A PNG chunk holds at most 2^31 - 1 bytes.
  if (!Number.isSafeInteger(mediaPaddingBytes) || mediaPaddingBytes < 0 || mediaPaddingBytes > 2 ** 31 - 1) {
    throw new Error("mediaPaddingBytes must be a whole number of bytes from 0 to 2147483647");
  }
  const videoPaddingBytes = options.videoPaddingBytes ?? 0;
  if (!Number.isSafeInteger(videoPaddingBytes) || videoPaddingBytes < 0) {
    throw new Error("videoPaddingBytes must be a whole number of bytes, 0 or more");
  }
  const parsed = faultPatchSchema.safeParse(options.faults ?? {});
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "invalid faults");
  return {
    timeScale,
    uploadMaxBytes,
    mediaPaddingBytes,
    videoPaddingBytes,
    faults: mergeFaults(DEFAULT_FAULTS, parsed.data),
  };
}

/** The URL of a listening address; wildcard hosts are reached through loopback. */
function urlOf(host: string, port: number): string {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<RunningSimulator> {
  const checked = checkOptions(options);
  const host = options.host ?? "127.0.0.1";
  const { stateDir } = options;
  // A state file this simulator cannot use stops it here, before it listens, and is left as it is.
  const saved = stateDir === undefined ? undefined : await readState(stateDir);
  if (stateDir !== undefined) await StateWriter.prepare(stateDir);
  const uploadDir =
    stateDir === undefined ? await mkdtemp(path.join(tmpdir(), "render-sim-")) : uploadDirOf(stateDir);
  const removeTemporary = () =>
    stateDir === undefined ? rm(uploadDir, { recursive: true, force: true }) : Promise.resolve();
  // The request listener is attached once the port, and so the public URL, is known.
  const server = createServer();
  // Large uploads on slow links outlast Node's 5-minute default; the simulator is not exposed.
  server.requestTimeout = 60 * 60_000;

  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(options.port ?? 0, host, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    await removeTemporary();
    throw error;
  }

  const url = urlOf(host, (server.address() as AddressInfo).port);
  const world = new World({
    ...checked,
    uploadDir,
    publicBaseUrl: (options.publicBaseUrl ?? url).replace(/\/+$/, ""),
  });
  if (saved) {
    await restoreState(world, saved).catch((error: unknown) => {
      server.close();
      throw error;
    });
  }
  const writer = stateDir === undefined ? undefined : new StateWriter(stateDir, world);
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const handled = dispatch(world, req, res);
    // Reads change nothing worth keeping (refunds due are paid at every write); the rest may.
    if (writer && req.method !== "GET" && req.method !== "HEAD") void handled.then(() => writer.changed());
  });

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await writer?.flush();
      await removeTemporary();
    })();
    return closing;
  };
  return { url, close };
}
