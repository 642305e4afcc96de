/** Command-line flags, and the real entry point started as a process. */
import { spawn } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DEFAULT_PORT, UsageError, parseCli } from "./cli";

describe("parseCli", () => {
  it("defaults to port 4010 and no faults", () => {
    expect(parseCli([])).toEqual({ port: DEFAULT_PORT, faults: {} });
  });

  it("maps every flag to its option", () => {
    expect(
      parseCli([
        "--port=0",
        "--host",
        "0.0.0.0",
        "--time-scale",
        "0.02",
        "--public-base-url",
        "http://sim.local:9000",
        "--upload-max-bytes",
        "1048576",
        "--media-padding-bytes",
        "10000000",
        "--state-dir",
        "data/simulator",
        "--latency-ms",
        "250",
        "--error-rate",
        "0.1",
        "--reset-rate",
        "0.05",
        "--extra-fields",
        "--undocumented-status",
        "--error-shape",
        "html",
      ]),
    ).toEqual({
      port: 0,
      host: "0.0.0.0",
      timeScale: 0.02,
      publicBaseUrl: "http://sim.local:9000",
      uploadMaxBytes: 1048576,
      mediaPaddingBytes: 10000000,
      stateDir: "data/simulator",
      faults: {
        latencyMs: 250,
        errorRate: 0.1,
        resetRate: 0.05,
        extraFields: true,
        undocumentedStatus: true,
        errorShape: "html",
      },
    });
  });

  it("returns undefined for --help", () => {
    expect(parseCli(["--help"])).toBeUndefined();
  });

  it.each([
    [["--port", "http"], "invalid value for --port: http"],
    [["--port", "70000"], "invalid value for --port: 70000"],
    [["--time-scale", "0"], "invalid value for --time-scale: 0"],
    [["--error-rate", "1.5"], "invalid value for --error-rate: 1.5"],
    [["--latency-ms=-3"], "invalid value for --latency-ms: -3"],
    [["--error-shape", "xml"], "invalid value for --error-shape: xml (use nested, flat, text, html)"],
    [["--upload-max-bytes", ""], "invalid value for --upload-max-bytes: "],
    [["--media-padding-bytes=-1"], "invalid value for --media-padding-bytes: -1"],
    [["--state-dir="], "invalid value for --state-dir: an empty path"],
    [["--colour"], "Unknown option '--colour'"],
  ])("refuses %j", (argv, message) => {
    expect(() => parseCli(argv)).toThrow(UsageError);
    expect(() => parseCli(argv)).toThrow(message);
  });
});

describe.concurrent("simulator/main.ts", () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

  it("prints its address, serves, and exits cleanly on SIGTERM", async () => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", "simulator/main.ts", "--port", "0", "--time-scale", "0.5"],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    try {
      const [line] = (await once(child.stdout, "data")) as [Buffer];
      const match =
        /^Render Service simulator listening on (http:\/\/127\.0\.0\.1:\d+) \(time scale 0\.5\)\n$/.exec(
          line.toString(),
        );
      expect(match).not.toBeNull();
      const health = await fetch(`${match?.[1]}/__sim/health`);
      expect(await health.json()).toEqual({ ok: true, timeScale: 0.5 });
      child.kill("SIGTERM");
      const [code, signal] = await once(child, "exit");
      expect({ code, signal }).toEqual({ code: 0, signal: null });
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
    }
  });

  /** Runs main.ts with these flags until it exits by itself. */
  async function runToExit(flags: string[]): Promise<{ code: number | null; stderr: string }> {
    const child = spawn(process.execPath, ["--import", "tsx", "simulator/main.ts", ...flags], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    const [code] = (await once(child, "exit")) as [number | null];
    return { code, stderr };
  }

  it("refuses a state folder it cannot read, saying why, with status 1", async () => {
    const stateDir = await mkdtemp(path.join(tmpdir(), "sim-cli-state-"));
    try {
      await writeFile(path.join(stateDir, "state.json"), '{"format":"render-simulator-state","version":99}');
      const { code, stderr } = await runToExit(["--port", "0", "--state-dir", stateDir]);
      expect(code).toBe(1);
      expect(stderr).toContain("Render Service simulator failed to start: The simulator state");
      expect(stderr).toContain("has format version 99, newer than this simulator reads (1)");
    } finally {
      await rm(stateDir, { recursive: true, force: true });
    }
  });

  it("explains bad flags and exits with status 2", async () => {
    const { code, stderr } = await runToExit(["--error-rate", "2"]);
    expect(code).toBe(2);
    expect(stderr).toContain("invalid value for --error-rate: 2");
    expect(stderr).toContain("Usage: npm run simulator");
  });
});
