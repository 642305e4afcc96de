/**
 * Command-line flags of `npm run simulator`, turned into `SimulatorOptions`. Flags mirror the
 * programmatic options one for one, so a test's setup can be reproduced by hand.
 */
import { parseArgs } from "node:util";
import { ERROR_SHAPES, type ErrorShape } from "./errors";
import type { FaultConfig } from "./faults";
import type { SimulatorOptions } from "./server";

export const DEFAULT_PORT = 4010;

export const USAGE = `Usage: npm run simulator -- [options]

  --port N                 port to listen on (default ${DEFAULT_PORT}; 0 picks a free one)
  --host HOST              address to listen on (default 127.0.0.1)
  --time-scale F           multiplies render durations (default 1; 0.02 = fifty times faster)
  --public-base-url URL    base of upload and media URLs (default: the listening address)
  --upload-max-bytes N     largest accepted upload (default 536870912 = 512 MiB)
  --media-padding-bytes N  load tests: pad every image output by N bytes (default 0)
  --video-padding-bytes N  load tests: follow every video output's clip with N zero bytes,
                           made while served (default 0)
  --state-dir DIR          keep balances, uploads and renders in DIR across restarts
                           (default: in memory, gone on exit)
  --latency-ms N           fault: delay every API response by N ms
  --error-rate F           fault: share 0..1 of API requests answered 500/502/503
  --reset-rate F           fault: share 0..1 of API requests whose connection is dropped
  --extra-fields           fault: add unknown fields to every record
  --undocumented-status    fault: renders pass through 'queued' and 'upscaling'
  --error-shape SHAPE      fault: error body shape: ${ERROR_SHAPES.join(", ")} (default nested)
  --help                   show this text`;

export class UsageError extends Error {}

function number(flag: string, text: string | undefined, check: (n: number) => boolean): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === "" || !Number.isFinite(value) || !check(value))
    throw new UsageError(`invalid value for --${flag}: ${text}`);
  return value;
}

const isShare = (n: number) => n >= 0 && n <= 1;
const isWhole = (n: number) => Number.isInteger(n) && n >= 0;

/** `undefined` when the caller asked for help. */
export function parseCli(argv: readonly string[]): SimulatorOptions | undefined {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: "string" },
        host: { type: "string" },
        "time-scale": { type: "string" },
        "public-base-url": { type: "string" },
        "upload-max-bytes": { type: "string" },
        "media-padding-bytes": { type: "string" },
        "video-padding-bytes": { type: "string" },
        "state-dir": { type: "string" },
        "latency-ms": { type: "string" },
        "error-rate": { type: "string" },
        "reset-rate": { type: "string" },
        "extra-fields": { type: "boolean" },
        "undocumented-status": { type: "boolean" },
        "error-shape": { type: "string" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const v = parsed.values;
  if (v.help) return undefined;

  const shape = v["error-shape"];
  if (shape !== undefined && !ERROR_SHAPES.includes(shape as ErrorShape)) {
    throw new UsageError(`invalid value for --error-shape: ${shape} (use ${ERROR_SHAPES.join(", ")})`);
  }
  const faults: Partial<FaultConfig> = {};
  const latencyMs = number("latency-ms", v["latency-ms"], isWhole);
  const errorRate = number("error-rate", v["error-rate"], isShare);
  const resetRate = number("reset-rate", v["reset-rate"], isShare);
  if (latencyMs !== undefined) faults.latencyMs = latencyMs;
  if (errorRate !== undefined) faults.errorRate = errorRate;
  if (resetRate !== undefined) faults.resetRate = resetRate;
  if (v["extra-fields"]) faults.extraFields = true;
  if (v["undocumented-status"]) faults.undocumentedStatus = true;
  if (shape !== undefined) faults.errorShape = shape as ErrorShape;

  const options: SimulatorOptions = {
    port: number("port", v.port, (n) => isWhole(n) && n <= 65535) ?? DEFAULT_PORT,
    faults,
  };
  if (v.host !== undefined) options.host = v.host;
  const timeScale = number("time-scale", v["time-scale"], (n) => n > 0);
  if (timeScale !== undefined) options.timeScale = timeScale;
  const uploadMaxBytes = number("upload-max-bytes", v["upload-max-bytes"], (n) => isWhole(n) && n > 0);
  if (uploadMaxBytes !== undefined) options.uploadMaxBytes = uploadMaxBytes;
  const padding = number("media-padding-bytes", v["media-padding-bytes"], (n) => isWhole(n) && n < 2 ** 31);
  if (padding !== undefined) options.mediaPaddingBytes = padding;
  const videoPadding = number("video-padding-bytes", v["video-padding-bytes"], isWhole);
  if (videoPadding !== undefined) options.videoPaddingBytes = videoPadding;
  if (v["public-base-url"] !== undefined) options.publicBaseUrl = v["public-base-url"];
  const stateDir = v["state-dir"];
  if (stateDir !== undefined) {
    if (stateDir.trim() === "") throw new UsageError("invalid value for --state-dir: an empty path");
    options.stateDir = stateDir;
  }
  return options;
}
