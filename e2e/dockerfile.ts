/**
 * Reads the Dockerfile's last stage (the image that runs), so container.spec.ts can lay out and
 * start the server exactly as that stage does. Only what the stage uses is understood; anything
 * else is an error, so a change to the Dockerfile the spec cannot mirror fails the spec instead of
 * passing it untested.
 */
import { readFileSync } from "node:fs";

export interface RunnerStage {
  workdir: string;
  env: Record<string, string>;
  /** Paths copied from the build stage (`--from=build`), which builds in the project's root. */
  copies: { from: string; to: string }[];
  user: string;
  cmd: string[];
  healthcheck: string[];
}

const BUILD_ROOT = "/app/";

export function readRunnerStage(path = "Dockerfile"): RunnerStage {
  const lines = readFileSync(path, "utf8")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"));
  const last = lines.findLastIndex((line) => /^FROM\s/i.test(line));
  const stage: RunnerStage = { workdir: "/", env: {}, copies: [], user: "root", cmd: [], healthcheck: [] };
  for (const line of lines.slice(last + 1)) {
    const [, instruction = "", rest = ""] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    switch (instruction.toUpperCase()) {
      case "WORKDIR":
        stage.workdir = rest;
        break;
      case "ENV":
        for (const pair of rest.split(/\s+/)) {
          const [key, value] = pair.split(/=(.*)/s);
          if (!key || value === undefined) throw new Error(`Dockerfile: cannot read ENV "${pair}"`);
          stage.env[key] = value;
        }
        break;
      case "COPY":
        stage.copies.push(readCopy(rest));
        break;
      case "USER":
        stage.user = rest;
        break;
      case "CMD":
        stage.cmd = JSON.parse(rest) as string[];
        break;
      case "HEALTHCHECK":
        stage.healthcheck = JSON.parse(rest.slice(rest.indexOf("CMD ") + 4)) as string[];
        break;
      // What a started process does not see: the data folder (the spec makes its own), metadata.
      case "RUN":
      case "VOLUME":
      case "EXPOSE":
      case "STOPSIGNAL":
        break;
      default:
        throw new Error(`Dockerfile: the runner stage's ${instruction} is not mirrored by container.spec.ts`);
    }
  }
  return stage;
}

function readCopy(rest: string): { from: string; to: string } {
  const words = rest.split(/\s+/);
  const paths = words.filter((word) => !word.startsWith("--"));
  if (!words.includes("--from=build") || paths.length !== 2)
    throw new Error(`Dockerfile: only "COPY --from=build <one path> <to>" is mirrored, not "COPY ${rest}"`);
  const [from = "", to = ""] = paths;
  if (!from.startsWith(BUILD_ROOT)) throw new Error(`Dockerfile: a copy from outside ${BUILD_ROOT}: ${from}`);
  return { from: from.slice(BUILD_ROOT.length), to };
}
