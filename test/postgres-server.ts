/**
 * A real PostgreSQL server for a test run: initdb into a temporary directory, pg_ctl start on a free
 * loopback port with its unix socket in that directory, and stopped and removed afterwards. The
 * binaries are Debian's `postgresql` package (/usr/lib/postgresql/<version>/bin, the newest found),
 * or the directory named by POSTGRES_BIN; without them the run fails saying what to install.
 *
 * A run that is killed cannot stop its server: each directory names the process that started it,
 * and the next start stops and removes the servers of processes that are gone.
 */
import { execFile } from "node:child_process";
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";

const run = promisify(execFile);
const DEBIAN_ROOT = "/usr/lib/postgresql";
/** Server directories are `<tmp>/pg-XXXXXX`, each with this file holding its starter's pid. */
const DIR_PREFIX = "pg-";
const OWNER_FILE = "started-by.pid";

export interface PostgresServer {
  /** A superuser's URL for the server's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/** The directory holding initdb and pg_ctl, or an error naming the package to install. */
function postgresBinaries(): string {
  const candidates = process.env.POSTGRES_BIN
    ? [process.env.POSTGRES_BIN]
    : (existsSync(DEBIAN_ROOT) ? readdirSync(DEBIAN_ROOT) : [])
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
        .map((version) => path.join(DEBIAN_ROOT, version, "bin"));
  const found = candidates.find((dir) => ["initdb", "pg_ctl"].every((b) => existsSync(path.join(dir, b))));
  if (!found)
    throw new Error(
      `The PostgreSQL tests need a PostgreSQL server (initdb, pg_ctl) under ${DEBIAN_ROOT}/<version>/bin: ` +
        "install Debian's postgresql package (apt-get install postgresql, as .ci/run does) " +
        "or set POSTGRES_BIN to the directory holding them.",
    );
  return found;
}

/**
 * PostgreSQL refuses to run as root: as root, the server runs as the `postgres` user (which the
 * Debian package creates) and owns its directory.
 */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync("/etc/passwd", "utf8")
    .split("\n")
    .find((l) => l.startsWith("postgres:"));
  const [, , uid, gid] = line?.split(":") ?? [];
  if (!uid || !gid)
    throw new Error(
      "The PostgreSQL tests run as root, and PostgreSQL refuses root: install Debian's postgresql " +
        "package (it adds the postgres user) or run the tests as another user.",
    );
  return { uid: Number(uid), gid: Number(gid) };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no free port");
  return address.port;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

const serverControl =
  (bin: string, dir: string, user: { uid: number; gid: number } | undefined) =>
  (...args: string[]) =>
    run(path.join(bin, "pg_ctl"), ["-D", path.join(dir, "data"), ...args], { ...user });

/** Stops and removes the servers whose starting process is gone (killed before it could). */
async function sweepAbandoned(bin: string, user: { uid: number; gid: number } | undefined): Promise<void> {
  for (const name of readdirSync(tmpdir()).filter((n) => n.startsWith(DIR_PREFIX))) {
    const dir = path.join(tmpdir(), name);
    const owner = path.join(dir, OWNER_FILE);
    if (!existsSync(owner) || isAlive(Number(readFileSync(owner, "utf8")))) continue;
    await serverControl(bin, dir, user)("-m", "immediate", "-w", "stop").catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  const user = serverUser();
  await sweepAbandoned(bin, user);
  const dir = mkdtempSync(path.join(tmpdir(), DIR_PREFIX));
  writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
  if (user) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, "data");
  const pgCtl = serverControl(bin, dir, user);
  try {
    await run(
      path.join(bin, "initdb"),
      ["-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"],
      { ...user },
    );
    const port = await freePort();
    // Durability is not under test: no fsync keeps a run's many small transactions fast.
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`;
    await pgCtl("-l", path.join(dir, "server.log"), "-o", options, "-w", "start");
    return {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      async stop() {
        await pgCtl("-m", "immediate", "-w", "stop").catch(() => {});
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    const log = path.join(dir, "server.log");
    const detail = existsSync(log) ? `\n${readFileSync(log, "utf8")}` : "";
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}${detail}`);
  }
}

let sequence = 0;

/** A new, empty database on the server at `serverUrl`: its URL. */
export async function createDatabase(serverUrl: string): Promise<string> {
  const name = `ledger_${process.pid}_${Date.now()}_${sequence++}`;
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
