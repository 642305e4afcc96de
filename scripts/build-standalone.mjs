/**
 * `npm run build:standalone`: the production build as one self-contained folder, `.next/standalone`,
 * ready to copy to a server and start with `node server.js` (README, "Deploying for a team"; the
 * Dockerfile's image is this folder). Next's standalone output holds the server and the modules it
 * needs, but not the browser's files: without `.next/static` and `public` beside `server.js` its pages
 * load no styles or scripts. This builds with BUILD_STANDALONE=1, copies both in, and adds
 * `user-add.mjs`, the `npm run user:add` command bundled to run there with plain `node` (no tsx, no
 * development dependencies; the database drivers are the ones the server ships).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const require = createRequire(import.meta.url);
const root = path.resolve(import.meta.dirname, "..");
const standalone = path.join(root, ".next", "standalone");

const next = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "build"], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, BUILD_STANDALONE: "1" },
});
if (next.status !== 0) process.exit(next.status ?? 1);
if (!existsSync(path.join(standalone, "server.js"))) {
  console.error("build:standalone: next build wrote no .next/standalone/server.js");
  process.exit(1);
}

for (const folder of [".next/static", "public"]) {
  const to = path.join(standalone, folder);
  rmSync(to, { recursive: true, force: true });
  if (existsSync(path.join(root, folder))) cpSync(path.join(root, folder), to, { recursive: true });
}

await build({
  entryPoints: [path.join(root, "scripts", "user-add.ts")],
  outfile: path.join(standalone, "user-add.mjs"),
  absWorkingDir: root,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  // As the server resolves them: `server-only` is the empty module under react-server.
  conditions: ["react-server"],
  // The drivers (one native) are in the standalone node_modules, traced from the server's imports.
  external: ["pg", "libsql"],
  // Bundled CommonJS modules may require Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: "warning",
});
console.log("build:standalone: .next/standalone holds server.js, .next/static, public and user-add.mjs");
