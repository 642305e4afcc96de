import { defineConfig, type ViteUserConfig } from "vitest/config";
import path from "node:path";

/**
 * The integration tests that run a second time on PostgreSQL (the `postgres` project): the ledger's
 * queries, the scheduler, sign-in (single sign-on too) and uploads, text with control characters (PostgreSQL refuses
 * NUL). Each ledger is a database of its own on one real server started for the run
 * (test/postgres-setup.ts).
 */
const POSTGRES_TESTS = [
  "test/server/routes.test.ts",
  "test/server/resilience.test.ts",
  "test/server/scheduler-load.test.ts",
  "test/server/auth.test.ts",
  "test/server/find.test.ts",
  "test/server/usage.test.ts",
  "lib/server/db/migrations/upgrades.test.ts",
  "lib/server/db/dialect.test.ts",
  "bench/history-seed.test.ts",
  "test/server/db-migrate.test.ts",
  "test/server/db-backup.test.ts",
  "test/server/rates.test.ts",
  "test/server/alerts.test.ts",
  "test/server/team-settings.test.ts",
  "test/server/approvals.test.ts",
  "test/server/limits.test.ts",
  "lib/server/access/throttle.test.ts",
  "test/server/control-characters.test.ts",
  "test/server/sso.test.ts",
  "test/server/audit.test.ts",
  "test/server/people.test.ts",
  "test/server/references.test.ts",
  "test/server/cull.test.ts",
  "test/server/review.test.ts",
  "test/server/outbox.test.ts",
  "test/server/inbox-messages.test.ts",
  "test/server/digest.test.ts",
  "test/server/push.test.ts",
  "test/server/render-read.test.ts",
];

/** Tests of what only a PostgreSQL deployment has (several processes on one ledger). */
const POSTGRES_ONLY_TESTS = "**/*.postgres.test.ts";

const shared = {
  // Projects name their own files: `extends` would add the top level's include to theirs.
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside a React Server bundle; tests run server modules directly.
      "server-only": path.resolve(import.meta.dirname, "test/server-only-stub.ts"),
      // As in next.config.mjs: the zip writer checksums with Node's native CRC-32.
      "crc-32": path.resolve(import.meta.dirname, "lib/server/downloads/native-crc-32.ts"),
    },
  },
  test: {
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    environment: "node",
    // Loaded through Vite, not Node, so the alias above reaches the zip writer's own imports.
    server: { deps: { inline: ["archiver", "zip-stream", "compress-commons", "crc32-stream"] } },
    // Password hashes at the lowest cost the settings allow (16 MiB, 8× cheaper than the default):
    // the hashing code is the same at any cost, and sign-ins are in most server suites.
    env: { PASSWORD_HASH_COST: "14" },
    // A ceiling for integration tests against real servers on a shared machine, not a speed target.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
} satisfies ViteUserConfig;

export default defineConfig({
  test: {
    // Two files at a time (the default on two cores is one): a file mostly waits on the real servers
    // it starts (over a whole run about 290 s of processor time in 830 s), and since the end-to-end
    // suite beside it runs in Chromium's headless shell the cores have room for a second.
    maxWorkers: 2,
    // Worker threads, not child processes: the same 192 files took 354 s of processor time instead
    // of 442 (295 s instead of 344 of wall time, alone on two cores), on cores the end-to-end suite
    // shares. Each thread has its own copy of process.env, which the server suites set per stack.
    pool: "threads",
    projects: [
      {
        ...shared,
        test: {
          ...shared.test,
          name: "sqlite",
          include: ["**/*.test.ts"],
          exclude: [...shared.test.exclude, POSTGRES_ONLY_TESTS],
        },
      },
      {
        ...shared,
        test: {
          ...shared.test,
          name: "postgres",
          include: [...POSTGRES_TESTS, POSTGRES_ONLY_TESTS],
          env: { ...shared.test.env, LEDGER_DATABASE: "postgres" },
          globalSetup: ["test/postgres-setup.ts"],
        },
      },
    ],
  },
});
