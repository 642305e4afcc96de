/**
 * The simulator's world kept on disk (`--state-dir`), so a restart remembers what the service did:
 * balances, uploads (records here, bytes as files in `uploads/`), renders with their planned life,
 * and media expired by hand. Media are not stored: each output is made again from its render
 * (a picture drawn from its prompt and id, a bundled clip). Counters and rate windows start afresh.
 *
 * `state.json` is replaced whole (a temporary file, then a rename), shortly after each request that
 * may change something, and once more on close. A file this simulator cannot read, or of a newer
 * format, is refused with a message rather than overwritten.
 */
import { mkdir, open, readFile, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import type { StoredRender } from "./renders";
import type { StoredUpload } from "./uploads";
import type { World } from "./world";

export const STATE_FORMAT = "render-simulator-state";
export const STATE_VERSION = 1;
export const STATE_FILE = "state.json";
const UPLOADS_FOLDER = "uploads";
/** Changes within this long of each other are written once. */
const SAVE_DELAY_MS = 50;

type SavedUpload = Omit<StoredUpload, "path">;

const recordOf = <T>(...keys: string[]) =>
  z.custom<T>(
    (value) => typeof value === "object" && value !== null && keys.every((key) => key in value),
    `a record with ${keys.join(", ")}`,
  );

const stateSchema = z.object({
  format: z.literal(STATE_FORMAT),
  version: z.literal(STATE_VERSION),
  /** Every refund due by this moment had been paid when the file was written. */
  settledAt: z.number(),
  balances: z.record(z.string(), z.number()),
  renders: z.array(recordOf<StoredRender>("id", "accountId", "kind", "prompt", "aspectRatio", "plan")),
  uploads: z.array(
    recordOf<SavedUpload>("id", "url", "filename", "accountId", "kind", "contentType", "bytes"),
  ),
  expiredMedia: z.array(z.string()),
});

export type SavedState = z.infer<typeof stateSchema>;

export const uploadDirOf = (stateDir: string) => path.join(stateDir, UPLOADS_FOLDER);

const START_CLEAN = "move the folder aside (or delete it) to start with an empty simulator";

/** The saved state in `stateDir`, `undefined` when there is none yet; throws on a file it cannot use. */
export async function readState(stateDir: string): Promise<SavedState | undefined> {
  const file = path.join(stateDir, STATE_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw new Error(`Cannot read the simulator state ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(
      `The simulator state ${file} is not valid JSON (${(error as Error).message}); ${START_CLEAN}`,
    );
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > STATE_VERSION) {
    throw new Error(
      `The simulator state ${file} has format version ${version}, newer than this simulator reads ` +
        `(${STATE_VERSION}); run the newer simulator, or ${START_CLEAN}`,
    );
  }
  const parsed = stateSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(
      `The simulator state ${file} is not a state file this simulator reads ` +
        `(${issue?.path.join(".") || "file"}: ${issue?.message}); ${START_CLEAN}`,
    );
  }
  return parsed.data;
}

/** Puts a saved state into a fresh world, and removes upload files no saved record owns. */
export async function restoreState(world: World, saved: SavedState): Promise<void> {
  world.accounts.restoreBalances(saved.balances);
  world.renders.restore(saved.renders, saved.settledAt);
  for (const upload of saved.uploads) {
    world.uploads.add({ ...upload, path: path.join(world.uploads.dir, upload.id) });
  }
  for (const id of saved.expiredMedia) world.expiredMedia.add(id);
  // An upload cut off by a crash, or received after the last write, left a file without a record.
  const owned = new Set(saved.uploads.map((u) => u.id));
  const files = await readdir(world.uploads.dir);
  await Promise.all(
    files.filter((f) => !owned.has(f)).map((f) => rm(path.join(world.uploads.dir, f), { force: true })),
  );
}

/** The record without its path, which follows from the folder: a moved folder still works. */
const savedUpload = (upload: StoredUpload) =>
  Object.fromEntries(Object.entries(upload).filter(([key]) => key !== "path")) as SavedUpload;

function snapshot(world: World, now: number): SavedState {
  world.renders.settle(now, world.accounts);
  return {
    format: STATE_FORMAT,
    version: STATE_VERSION,
    settledAt: now,
    balances: Object.fromEntries(world.accounts.all().map((a) => [a.id, a.balance])),
    renders: world.renders.all(),
    uploads: world.uploads.all().map(savedUpload),
    expiredMedia: [...world.expiredMedia],
  };
}

/** Writes the world to `state.json` after changes, one write at a time, skipping unchanged states. */
export class StateWriter {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private lastWritten = "";

  constructor(
    private readonly stateDir: string,
    private readonly world: World,
  ) {}

  static async prepare(stateDir: string): Promise<void> {
    await mkdir(uploadDirOf(stateDir), { recursive: true });
  }

  /** Something may have changed: write soon. */
  changed(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      void this.write();
    }, SAVE_DELAY_MS);
  }

  /** Writes now (pending changes included) and waits for it; used on close. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.write();
  }

  private write(): Promise<void> {
    this.writing = this.writing.then(async () => {
      // settledAt changes with every write, so it is left out of the comparison.
      const state = snapshot(this.world, Date.now());
      const comparable = JSON.stringify({ ...state, settledAt: 0 });
      if (comparable === this.lastWritten) return;
      try {
        await writeAtomically(path.join(this.stateDir, STATE_FILE), JSON.stringify(state));
        this.lastWritten = comparable;
      } catch (error) {
        console.error("simulator: could not save its state:", (error as Error).message);
      }
    });
    return this.writing;
  }
}

/** A reader never sees a half-written file: the new one replaces the old by rename, once on disk. */
async function writeAtomically(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  const handle = await open(temporary, "w");
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
