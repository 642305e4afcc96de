/**
 * The container image, as far as it can be tried without building one: the production build's
 * standalone output is laid out as the Dockerfile's last stage copies it, started with that stage's
 * environment and command as an unprivileged user against a real PostgreSQL server (as compose runs
 * it), and must report healthy (by the image's own HEALTHCHECK), carry a render through the
 * simulator, and stop cleanly on SIGTERM.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { readRunnerStage, type RunnerStage } from "./dockerfile";
import { E2E_PORTS } from "./ports";
import { waitUntilUp } from "./processes";
import { createDatabase, startPostgres, type PostgresServer } from "@/test/postgres-server";
import { startSimulator, type RunningSimulator } from "@/simulator/server";

/** `nobody`: when the suite runs as root, the server is started as this user instead. */
const UNPRIVILEGED = 65534;
const app = `http://127.0.0.1:${E2E_PORTS.container}`;

let root: string;
let server: ChildProcess | undefined;
let postgres: PostgresServer | undefined;
/** A simulator of its own, so this spec can run beside the specs of the apps Playwright starts. */
let simulator: RunningSimulator | undefined;

test.beforeAll(async () => {
  [postgres, simulator] = await Promise.all([startPostgres(), startSimulator({ port: 0, timeScale: 0.02 })]);
});
test.afterAll(async () => {
  await Promise.all([postgres?.stop(), simulator?.close()]);
});
test.afterEach(() => {
  server?.kill("SIGKILL");
  if (root) rmSync(root, { recursive: true, force: true });
});

test("the image's server runs unprivileged, is healthy, renders, and stops cleanly on SIGTERM", async () => {
  const stage = readRunnerStage();
  expect(stage.user, "the image runs as a non-root user").not.toMatch(/^(root|0)(:|$)/);

  const workdir = layOut(stage);
  const env = await serverEnv(stage);
  const { started, logs } = await start(stage, workdir, env);

  const owner = readFileSync(`/proc/${started.pid}/status`, "utf8").match(/^Uid:\s+(\d+)/m)?.[1];
  expect(Number(owner)).not.toBe(0);
  const [check = "", ...checkArgs] = stage.healthcheck;
  const health = spawnSync(check, checkArgs, { cwd: workdir, env, ...asUser(), timeout: 10_000 });
  expect(health.status, "the image's HEALTHCHECK").toBe(0);
  // Alone on its database, the process is elected the deployment's leader: the one that polls.
  const leads = async () =>
    ((await (await fetch(`${app}/api/health`)).json()) as { scheduler: { leader: boolean } }).scheduler
      .leader;
  await expect.poll(leads).toBe(true);

  const created = await fetch(`${app}/api/renders`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app },
    body: JSON.stringify({ kind: "image", prompt: "container: a pear on a sill" }),
  });
  expect(created.status).toBe(202);
  const { id } = (await created.json()) as { id: string };
  const status = async () =>
    ((await (await fetch(`${app}/api/renders/${id}`)).json()) as { status: string }).status;
  await expect.poll(async () => isFinalLedgerStatus(await status())).toBe(true);
  expect(await status()).toBe("ready");
  const page = await fetch(`${app}/`);
  expect(page.status).toBe(200);
  const script = /<script src="([^"]+\.js)"/.exec(await page.text())?.[1];
  expect(script, "the page names its scripts").toBeTruthy();
  expect((await fetch(`${app}${script}`)).status, "static assets are served").toBe(200);

  // A stop lets a request already under way finish: an upload whose last bytes are still on the way.
  const upload = slowUpload();
  await expect.poll(() => upload.sentFirstHalf).toBe(true);
  await new Promise((resolve) => setTimeout(resolve, 200));
  const exited = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    started.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const stopAt = Date.now();
  started.kill("SIGTERM");
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(
    await fetch(`${app}/api/health`).then(
      () => "answered",
      () => "refused",
    ),
    "no new requests once stopping",
  ).toBe("refused");
  // Stopping: the lead is already given up (a standby could take it), while the process, still
  // finishing the upload, stays a live member (its creates under way are not taken for a dead one's).
  expect(await advisoryLocks(env.DATABASE_URL), "locks held while requests finish").toEqual({
    leader: 0,
    member: 1,
  });
  upload.finish();
  expect((await upload.response).status, "the upload under way at SIGTERM").toBe(201);
  const exit = await exited;
  const seconds = (Date.now() - stopAt) / 1000;
  test.info().annotations.push({ type: "stop", description: `${JSON.stringify(exit)} after ${seconds} s` });
  // Next's server closes, lets open requests finish, then exits with 128 + 15, as for SIGTERM.
  expect(exit.code).toBe(143);
  expect(seconds).toBeLessThan(10);
  expect(logs.output, "the stop released the leadership before the process ended").toMatch(
    /\[server\] stopping: duties stopped and leadership released after \d+ ms/,
  );
  // The server notices a closed connection at once, but not within the exit's own tick.
  await expect
    .poll(() => advisoryLocks(env.DATABASE_URL), { message: "locks held once it exited" })
    .toEqual({ leader: 0, member: 0 });
  server = undefined;
});

test("the folder build:standalone writes serves styled pages and adds the first admin with plain node", async ({
  page,
}) => {
  const stage = readRunnerStage();
  // README, "Deploying for a team": the image and a server without Docker run the same folder.
  expect(stage.copies, "the image is the folder npm run build:standalone lays out").toEqual([
    { from: ".next/standalone", to: "./" },
  ]);
  const workdir = layOut(stage);
  const env = { ...(await serverEnv(stage)), AUTH_SECRET: "container-spec-secret-at-least-32-characters" };
  // The first admin, before the server ever started, as the README's steps add it: plain `node`, in
  // the server's folder, with only the modules the folder holds (no tsx, no development tools).
  const email = "first-admin@example.com";
  const password = "a first admin's password";
  const added = spawnSync(
    process.execPath,
    ["user-add.mjs", "--email", email, "--name", "First Admin", "--role", "admin", "--password-stdin"],
    { cwd: workdir, env: { ...env, NODE_PATH: "" }, ...asUser(), input: `${password}\n`, timeout: 30_000 },
  );
  expect(added.status, `user-add.mjs: ${String(added.stderr)}`).toBe(0);
  expect(String(added.stdout)).toContain(`Added First Admin <${email}> as admin.`);

  await start(stage, workdir, env);
  await page.goto(`${app}/sign-in`);
  // Every stylesheet the page names is served, as CSS, from the folder's .next/static.
  const sheets = await page
    .locator('link[rel="stylesheet"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(sheets.length, "the page names its stylesheets").toBeGreaterThan(0);
  for (const sheet of sheets) {
    expect(new URL(sheet).pathname).toMatch(/^\/_next\/static\/.+\.css$/);
    const response = await fetch(sheet);
    expect(response.status, sheet).toBe(200);
    expect(response.headers.get("content-type"), sheet).toMatch(/^text\/css/);
  }
  const form = page.getByRole("form", { name: "Sign in" });
  const button = form.getByRole("button", { name: "Sign in" });
  // And the page is styled: the stylesheet's reset replaces the browser's defaults (a body margin of
  // 8px, content-box sizing), and the sign-in button is drawn by it.
  const styles = await button.evaluate((element) => ({
    bodyMargin: getComputedStyle(document.body).marginTop,
    boxSizing: getComputedStyle(element).boxSizing,
  }));
  expect(styles, "computed styles of the sign-in page").toEqual({
    bodyMargin: "0px",
    boxSizing: "border-box",
  });

  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Password").fill(password);
  await button.click();
  await expect(page).not.toHaveURL(/\/sign-in/);
  await expect(page.getByRole("navigation", { name: "Member" })).toContainText("First Admin");
});

/** The stage's environment, with what compose sets: the port, here on loopback; the ledger; the service. */
async function serverEnv(stage: RunnerStage) {
  return {
    PATH: process.env.PATH ?? "",
    NODE_ENV: "production" as const,
    ...stage.env,
    PORT: String(E2E_PORTS.container),
    HOSTNAME: "127.0.0.1",
    DATABASE_URL: await createDatabase(postgres?.url ?? ""),
    RENDER_API_BASE_URL: simulator?.url ?? "",
    RENDER_API_KEY: "rs_live_demo_team_1",
  };
}

/** Copies the stage's files into a new root as the image holds them; returns the working folder. */
function layOut(stage: RunnerStage): string {
  root = mkdtempSync(path.join(tmpdir(), "dashboard-image-"));
  // As in an image, everyone may read the server's files; only the data folder is the user's.
  chmodSync(root, 0o755);
  const workdir = path.join(root, stage.workdir);
  for (const copy of stage.copies) {
    expect(statSync(copy.from, { throwIfNoEntry: false }), `${copy.from} (run the build first)`).toBeTruthy();
    cpSync(copy.from, path.resolve(workdir, copy.to), { recursive: true });
  }
  return workdir;
}

/** When the suite runs as root, its processes run as `nobody`, as the image's do as `node`. */
function asUser(): { uid?: number; gid?: number } {
  return process.getuid?.() === 0 ? { uid: UNPRIVILEGED, gid: UNPRIVILEGED } : {};
}

/** Starts the stage's command in the folder and waits until it answers its health check. */
async function start(stage: RunnerStage, workdir: string, env: NodeJS.ProcessEnv) {
  const [command = "", ...args] = stage.cmd;
  const started = spawn(command, args, { cwd: workdir, env, ...asUser(), stdio: ["ignore", "pipe", "pipe"] });
  server = started;
  const logs = { errors: "", output: "" };
  started.stderr?.on("data", (chunk: Buffer) => (logs.errors += chunk.toString()));
  started.stdout?.on("data", (chunk: Buffer) => (logs.output += chunk.toString()));
  await waitUntilUp(`${app}/api/health`, 30_000).catch((error: Error) => {
    throw new Error(`${error.message}; the server wrote: ${logs.errors}`);
  });
  return { started, logs };
}

/**
 * The session advisory locks held on the database: the leader lock is the one-number kind, each
 * process's member lock the two-number kind (lib/server/cluster/postgres-member.ts).
 */
async function advisoryLocks(url: string): Promise<{ leader: number; member: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ objsubid: number }>(
      `select objsubid from pg_locks where locktype = 'advisory' and granted
       and database = (select oid from pg_database where datname = current_database())`,
    );
    return {
      leader: rows.filter((row) => Number(row.objsubid) === 1).length,
      member: rows.filter((row) => Number(row.objsubid) === 2).length,
    };
  } finally {
    await client.end();
  }
}

/** `POST /api/uploads` of a reference whose second half is held back until `finish()`. */
function slowUpload() {
  const boundary = "container-spec-boundary";
  const png = readFileSync("e2e/assets/reference.png");
  const half = Math.floor(png.length / 2);
  const text = (value: string) => new TextEncoder().encode(value);
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const state = {
    sentFirstHalf: false,
    finish: () => finish(),
    response: undefined as unknown as Promise<Response>,
  };
  const parts: (() => Promise<Uint8Array | null>)[] = [
    async () =>
      text(
        `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nimage\r\n` +
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="ref.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      ),
    async () => {
      state.sentFirstHalf = true;
      return png.subarray(0, half);
    },
    async () => {
      await finished;
      return png.subarray(half);
    },
    async () => text(`\r\n--${boundary}--\r\n`),
    async () => null,
  ];
  // Pulled part by part as the connection sends it (no read-ahead), so "sent" means on its way.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const part = await parts.shift()?.();
        if (part) controller.enqueue(part);
        else controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  state.response = fetch(`${app}/api/uploads`, {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, origin: app },
    body,
    duplex: "half",
  } as RequestInit);
  return state;
}
