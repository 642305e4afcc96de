import { defineConfig } from "vitest/config";
import path from "node:path";

export default defineConfig({
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
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", ".next/**", "e2e/**"],
    environment: "node",
    // Loaded through Vite, not Node, so the alias above reaches the zip writer's own imports.
    server: { deps: { inline: ["archiver", "zip-stream", "compress-commons", "crc32-stream"] } },
    // A ceiling for integration tests against real servers on a shared machine, not a speed target.
    testTimeout: 60_000,
    hookTimeout: 30_000,
  },
});
