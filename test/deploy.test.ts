/**
 * The deployment files agree with each other and with the dashboard: compose sets only settings
 * the dashboard reads, with values it accepts; its database address names compose's own PostgreSQL
 * service, user and database; and the proxy sends to the service and port the image listens on.
 * (container.spec.ts starts the image's server itself.)
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { parse } from "yaml";
import { readRunnerStage } from "@/e2e/dockerfile";
import { parseSettings } from "@/lib/server/runtime/config";

interface ComposeService {
  image?: string;
  environment?: Record<string, string>;
}
const compose = parse(readFileSync("compose.yaml", "utf8")) as { services: Record<string, ComposeService> };
const { dashboard, postgres, tools } = compose.services;

/** What an operator's `.env` would hold, so `${NAME:?…}` and `${NAME:-default}` can be filled in. */
const OPERATOR_ENV: Record<string, string> = {
  POSTGRES_PASSWORD: "s3cret-pass",
  RENDER_API_BASE_URL: "https://render.example.com",
  RENDER_API_KEY: "rs_live_example",
  AUTH_SECRET: "an-auth-secret-of-at-least-32-characters",
};

/** Compose's interpolation, for the forms the file uses. */
function interpolate(value: string): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const given = OPERATOR_ENV[name];
    if (given !== undefined) return given;
    if (kind === "-") return rest ?? "";
    throw new Error(`compose needs ${name}, which the example .env above does not give`);
  });
}

describe("compose.yaml", () => {
  test("the dashboard gets only settings it reads, each one valid", () => {
    const env = Object.fromEntries(
      Object.entries(dashboard?.environment ?? {}).map(([name, value]) => [name, interpolate(String(value))]),
    );
    const parsed = parseSettings(env);
    if (!parsed.ok) throw new Error(parsed.problems.join("; "));
    const present = Object.entries(env).filter(([, value]) => value !== "");
    for (const [name] of present)
      expect(Object.keys(parsed.settings), `${name} is a setting`).toContain(name);
    expect(parsed.settings.DATABASE_URL).toMatch(/^postgres(ql)?:\/\//);
  });

  test("the database address is compose's own PostgreSQL, its user and its database", () => {
    const url = new URL(interpolate(dashboard?.environment?.DATABASE_URL ?? ""));
    const pg = postgres?.environment ?? {};
    expect(compose.services).toHaveProperty(url.hostname);
    expect(url.hostname).toBe("postgres");
    expect(decodeURIComponent(url.username)).toBe(pg.POSTGRES_USER);
    expect(decodeURIComponent(url.password)).toBe(interpolate(pg.POSTGRES_PASSWORD ?? ""));
    expect(url.pathname.slice(1)).toBe(pg.POSTGRES_DB);
  });

  test("the operators' tools reach the same ledger as the dashboard", () => {
    expect(tools?.environment?.DATABASE_URL).toBe(dashboard?.environment?.DATABASE_URL);
  });

  test("the proxy sends to the dashboard service on the port the image listens on", () => {
    const caddyfile = readFileSync("deploy/Caddyfile", "utf8");
    const [, service = "", port = ""] = /dynamic a (\S+) (\d+)/.exec(caddyfile) ?? [];
    expect(compose.services).toHaveProperty(service);
    expect(service).toBe("dashboard");
    expect(port).toBe(readRunnerStage().env.PORT);
  });
});
