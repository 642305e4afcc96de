import "server-only";
/**
 * A dashboard process's place in its deployment. Work that must happen once for the whole team (the
 * poll scheduler's polls, sending batch runs, finding creates a dead process left under way) runs
 * only on the leader; every process serves pages and API calls. With SQLite the one process is the
 * deployment and leads from the start; with PostgreSQL the processes elect one (./postgres-member.ts).
 */
import type { Db } from "@/lib/server/db";

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
   * order they were added and stood down in reverse. Returns the function that removes it.
   */
  addDuty(duty: LeaderDuty): Promise<() => void>;
  /** The ids of the processes alive now (this one included): creates owned by others were cut off. */
  aliveMembers(): Promise<ReadonlySet<string>>;
  /**
   * Runs a write only while this process leads, on the connection that holds the leadership, so a
   * write that succeeds proves no other process led at that moment (the poll log's entries).
   */
  asLeader<T>(write: (db: Db) => Promise<T>): Promise<T>;
  /** Stands the duties down and leaves the deployment (shutdown, tests). */
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
  private transitions: Promise<void> = Promise.resolve();
  private led = false;

  constructor(private readonly log: (message: string) => void) {}

  add(duty: LeaderDuty): Promise<() => void> {
    this.duties.push(duty);
    const remove = () => {
      const index = this.duties.indexOf(duty);
      if (index >= 0) this.duties.splice(index, 1);
    };
    return this.enqueue(async () => {
      if (this.led) await this.run(duty, "lead");
    }).then(() => remove);
  }

  /** Leads (true) or stands down (false) every duty, after any transition under way. */
  set(leading: boolean): Promise<void> {
    return this.enqueue(async () => {
      if (leading === this.led) return;
      this.led = leading;
      const ordered = leading ? [...this.duties] : [...this.duties].reverse();
      for (const duty of ordered) await this.run(duty, leading ? "lead" : "standDown");
    });
  }

  private enqueue(step: () => Promise<void>): Promise<void> {
    const next = this.transitions.then(step);
    this.transitions = next.catch(() => undefined);
    return next;
  }

  /** One duty failing to start or stop does not keep the others from theirs. */
  private async run(duty: LeaderDuty, step: "lead" | "standDown"): Promise<void> {
    try {
      await duty[step]();
    } catch (error) {
      this.log(`a duty failed to ${step === "lead" ? "start" : "stop"}: ${String(error)}`);
    }
  }
}

/** SQLite's one process: it leads from the start, and every other owner it finds is a process gone. */
export class SoleMember implements ClusterMember {
  private stopped = false;
  private readonly duties = new Duties((m) => console.error(`[cluster] ${m}`));
  private readonly started: Promise<void>;

  constructor(
    readonly id: string,
    private readonly db: Db,
  ) {
    this.started = this.duties.set(true);
  }

  get leading(): boolean {
    return !this.stopped;
  }

  async addDuty(duty: LeaderDuty): Promise<() => void> {
    await this.started;
    return this.duties.add(duty);
  }

  async aliveMembers(): Promise<ReadonlySet<string>> {
    return new Set([this.id]);
  }

  async asLeader<T>(write: (db: Db) => Promise<T>): Promise<T> {
    if (this.stopped) throw new NotLeaderError();
    return write(this.db);
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.duties.set(false);
  }
}
