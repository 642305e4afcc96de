import "server-only";
/**
 * A dashboard process's place in its deployment. Work that must happen once for the whole team (the
 * poll scheduler's polls, sending batch runs, finding creates a dead process left under way) runs
 * only on the leader; every process serves pages and API calls. With SQLite the one process is the
 * deployment and leads from the start; with PostgreSQL the processes elect one (./postgres-member.ts).
 */
import type { Db } from "@/lib/server/db/database";

/** What runs only while a process leads: started on election, stopped (and awaited) on losing it. */
export interface LeaderDuty {
  lead(): Promise<void>;
  standDown(): Promise<void>;
}

export interface ClusterMember {
  /** This process's id among the deployment's, recorded as the owner of the creates it sends. */
  readonly id: string;
  /** Whether this process leads now. */
  readonly leading: boolean;
  /**
   * Adds a duty: led at once while this process leads, and on each election. Duties are led in the
   * order they were added and stood down in reverse. Returns the function that removes it (and
   * stands it down if it was led), in turn with elections, so a removed duty is never led again.
   */
  addDuty(duty: LeaderDuty): Promise<() => Promise<void>>;
  /** The ids of the processes alive now (this one included): creates owned by others were cut off. */
  aliveMembers(): Promise<ReadonlySet<string>>;
  /**
   * Runs a write only while this process leads, on the connection that holds the leadership, so a
   * write that succeeds proves no other process led at that moment (the poll log's entries).
   */
  asLeader<T>(write: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Stops leading for good, the duties stood down first (shutdown): another process can lead at
   * once, while this one, still a live member, finishes the requests it has.
   */
  resign(): Promise<void>;
  /** Resigns, then leaves the deployment (shutdown, tests). */
  stop(): Promise<void>;
}

/** Thrown by `asLeader` in a process that does not lead (any more). */
export class NotLeaderError extends Error {
  constructor() {
    super("this process does not lead the deployment");
  }
}

/**
 * The duties of one process, led and stood down one transition at a time, in order, so a quick
 * loss-and-election never starts a duty that has not finished stopping.
 */
export class Duties {
  private readonly duties: LeaderDuty[] = [];
  private transitions: Promise<unknown> = Promise.resolve();
  private led = false;

  constructor(private readonly log: (message: string) => void) {}

  add(duty: LeaderDuty): Promise<() => Promise<void>> {
    return this.enqueue(async () => {
      this.duties.push(duty);
      if (this.led) await this.run(duty, "lead");
      return () =>
        this.enqueue(async () => {
          const index = this.duties.indexOf(duty);
          if (index < 0) return;
          this.duties.splice(index, 1);
          if (this.led) await this.run(duty, "standDown");
        });
    });
  }

  /**
   * Leads (true) or stands down (false) every duty, after any transition under way. A lead in which
   * a duty fails to start is undone (the others stood down again) and answers false: a leader that
   * cannot do its work must let another process lead.
   */
  set(leading: boolean): Promise<boolean> {
    return this.enqueue(async () => {
      if (leading === this.led) return true;
      if (!leading) {
        this.led = false;
        for (const duty of [...this.duties].reverse()) await this.run(duty, "standDown");
        return true;
      }
      const started: LeaderDuty[] = [];
      for (const duty of [...this.duties]) {
        if (!(await this.run(duty, "lead"))) {
          for (const done of started.reverse()) await this.run(done, "standDown");
          return false;
        }
        started.push(duty);
      }
      this.led = true;
      return true;
    });
  }

  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    const next = this.transitions.then(step);
    this.transitions = next.catch(() => undefined);
    return next;
  }

  /** Runs one duty's step; a failure is logged and answered false, never thrown into the others. */
  private async run(duty: LeaderDuty, step: "lead" | "standDown"): Promise<boolean> {
    try {
      await duty[step]();
      return true;
    } catch (error) {
      this.log(`a duty failed to ${step === "lead" ? "start" : "stop"}: ${String(error)}`);
      return false;
    }
  }
}

/** How long SQLite's process waits before leading again after a duty failed to start. */
const RETRY_LEAD_MS = 5_000;

/** SQLite's one process: it leads from the start, and every other owner it finds is a process gone. */
export class SoleMember implements ClusterMember {
  private resigned = false;
  private led = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly duties = new Duties((m) => console.error(`[cluster] ${m}`));

  constructor(
    readonly id: string,
    private readonly db: Db,
  ) {}

  get leading(): boolean {
    return this.led;
  }

  async addDuty(duty: LeaderDuty): Promise<() => Promise<void>> {
    const remove = await this.duties.add(duty);
    if (!this.led && !this.resigned) await this.lead();
    return remove;
  }

  /** Leads with every duty, or tries again shortly if one failed to start. */
  private async lead(): Promise<void> {
    clearTimeout(this.retry);
    // Leading before the duties start: the scheduler's first poll, as it leads, asks.
    this.led = true;
    if (await this.duties.set(true)) return;
    this.led = false;
    if (!this.resigned) {
      this.retry = setTimeout(() => void this.lead(), RETRY_LEAD_MS);
      this.retry.unref();
    }
  }

  async aliveMembers(): Promise<ReadonlySet<string>> {
    return new Set([this.id]);
  }

  async asLeader<T>(write: (db: Db) => Promise<T>): Promise<T> {
    if (!this.led) throw new NotLeaderError();
    return write(this.db);
  }

  async resign(): Promise<void> {
    this.resigned = true;
    this.led = false;
    clearTimeout(this.retry);
    await this.duties.set(false);
  }

  stop(): Promise<void> {
    return this.resign();
  }
}
