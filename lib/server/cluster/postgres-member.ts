import "server-only";
/**
 * A process of a PostgreSQL deployment. Each holds one dedicated connection (never a pooled one:
 * session locks and `LISTEN` belong to a connection) on which it
 * - holds its member lock, an advisory lock on a random key that is its id: the lock table then
 *   lists exactly the processes alive, and one that dies or loses the connection drops out of it;
 * - listens for the other processes' change nudges (lib/server/db/change-signal.ts);
 * - campaigns for the leader lock every CAMPAIGN_MS while standing by, and checks the connection
 *   as often while leading.
 *
 * Never two leaders: a leader stands down as soon as its connection fails or stops answering within
 * QUERY_TIMEOUT_MS, and the server is told to drop a connection that stops answering only after
 * SERVER_DROPS_SILENT_AFTER_S, longer than that (keepalive probes for an idle connection,
 * `tcp_user_timeout` for one with data unacknowledged), so the lock is free only once the old leader
 * has stopped. A standby takes over within CAMPAIGN_MS of the lock coming free: at once after a crash
 * (the server sees the connection close), within about 13 s after a host vanished. A process back
 * from a lost connection waits one campaign before its first, so the standbys go first.
 */
import { randomInt } from "node:crypto";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { postgresClientConfig, type Db } from "@/lib/server/db/database";
import { CHANGE_CHANNEL, signalChangeFrom } from "@/lib/server/db/change-signal";
import { registerDialect } from "@/lib/server/db/dialect";
import type { Database } from "@/lib/server/db/schema";
import { Duties, NotLeaderError, type ClusterMember, type LeaderDuty } from "./member";

/** The leader lock's key (the one-number form; any constant, the same in every process). */
const LEADER_LOCK_KEY = 4_815_162_344;
/** The first half of every member lock's key (the two-number form); the second half is the id. */
const MEMBER_LOCK_SPACE = 48_151_623;
const CAMPAIGN_MS = 2_000;
const QUERY_TIMEOUT_MS = 5_000;
const RECONNECT_MS = 2_000;
/** Keepalive probes the server sends a silent connection: after 5 s idle, 3 more 2 s apart. */
const SERVER_KEEPALIVE = { idle: 5, interval: 2, count: 3 };
const SERVER_DROPS_SILENT_AFTER_S =
  SERVER_KEEPALIVE.idle + SERVER_KEEPALIVE.interval * SERVER_KEEPALIVE.count;
/** Set from the constant above, so both ways the server gives up on a connection agree. */
const SERVER_USER_TIMEOUT_MS = SERVER_DROPS_SILENT_AFTER_S * 1000;

interface Session {
  client: pg.Client;
  /** Kysely over the session's connection, for writes that must prove the leadership. */
  db: Db;
}

export class PostgresMember implements ClusterMember {
  private session: Session | null = null;
  private leader = false;
  private stopped = false;
  private resigned = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly duties = new Duties((m) => this.log(m));

  private constructor(
    private readonly url: string,
    private readonly pool: Db,
    private memberId: number,
  ) {}

  /** Connects and takes a member id; leadership follows from the first campaign. */
  static async join(url: string, pool: Db): Promise<PostgresMember> {
    const member = new PostgresMember(url, pool, 0);
    await member.connect();
    return member;
  }

  get id(): string {
    return String(this.memberId);
  }

  get leading(): boolean {
    return this.leader;
  }

  addDuty(duty: LeaderDuty): Promise<() => Promise<void>> {
    return this.duties.add(duty);
  }

  async aliveMembers(): Promise<ReadonlySet<string>> {
    // Advisory locks are per database: another dashboard on the same server is not a member.
    const { rows } = await sql<{ objid: number | string }>`
      select objid from pg_locks
      where locktype = 'advisory' and granted and objsubid = 2 and classid = ${MEMBER_LOCK_SPACE}
        and database = (select oid from pg_database where datname = current_database())
    `.execute(this.pool);
    return new Set(rows.map((row) => String(row.objid)));
  }

  async asLeader<T>(write: (db: Db) => Promise<T>): Promise<T> {
    const session = this.session;
    if (!this.leader || !session) throw new NotLeaderError();
    return write(session.db);
  }

  async resign(): Promise<void> {
    this.resigned = true;
    const wasLeader = this.leader;
    // The duties stand down while this process still leads: a batch create under way finishes, and
    // its render is polled, before another process can lead.
    await this.duties.set(false);
    this.leader = false;
    const session = this.session;
    if (wasLeader && session) await this.unlockLeader(session);
  }

  async stop(): Promise<void> {
    await this.resign();
    this.stopped = true;
    clearTimeout(this.timer);
    const session = this.session;
    this.session = null;
    // Ending the connection releases both locks: a standby takes over at its next campaign.
    if (session) await withTimeout(session.client.end(), QUERY_TIMEOUT_MS).catch(() => undefined);
  }

  private log(message: string): void {
    console.info(`[cluster] ${message}`);
  }

  private async connect(): Promise<void> {
    // Back after losing its connection (it had an id): it stands by one campaign before trying, so a
    // process that kept its connection takes the lead first, rather than whichever is quicker.
    const firstCampaignMs = this.memberId > 0 ? CAMPAIGN_MS : 0;
    const client = new pg.Client({
      ...postgresClientConfig(this.url),
      query_timeout: QUERY_TIMEOUT_MS,
      keepAlive: true,
    });
    client.on("error", (error) => this.drop(client, error));
    client.on("end", () => this.drop(client, new Error("connection closed")));
    client.on("notification", (message) => {
      if (message.channel === CHANGE_CHANNEL) signalChangeFrom(message.payload ?? "");
    });
    await client.connect();
    try {
      const { idle, interval, count } = SERVER_KEEPALIVE;
      await client.query(
        `set tcp_keepalives_idle = ${idle}; set tcp_keepalives_interval = ${interval}; set tcp_keepalives_count = ${count}; set tcp_user_timeout = ${SERVER_USER_TIMEOUT_MS}`,
      );
      this.memberId = await claimMemberId(client, this.memberId);
      await client.query(`listen ${CHANGE_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      // Stopped while this connection was being made: it must not outlive the stop.
      await client.end().catch(() => undefined);
      return;
    }
    this.session = { client, db: sessionDb(client) };
    this.schedule(firstCampaignMs);
  }

  private schedule(delayMs: number): void {
    if (this.stopped || this.resigned) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.campaign(), delayMs);
    this.timer.unref();
  }

  /** Standing by: try for the lock. Leading: check the connection still answers. */
  private async campaign(): Promise<void> {
    const session = this.session;
    if (!session) return;
    try {
      if (this.leader) {
        await session.client.query("select 1");
      } else {
        const { rows } = await session.client.query<{ won: boolean }>(
          "select pg_try_advisory_lock($1) as won",
          [LEADER_LOCK_KEY],
        );
        if (rows[0]?.won && this.resigned) await this.unlockLeader(session);
        else if (rows[0]?.won && this.session === session) {
          this.leader = true;
          this.log(`process ${this.id} leads: it polls the service and sends batch runs`);
          void this.takeDuties(session);
        }
      }
    } catch (error) {
      this.drop(session.client, error);
      return;
    }
    this.schedule(CAMPAIGN_MS);
  }

  /** Starts the duties; if one cannot start, gives the lead up so another process can take it. */
  private async takeDuties(session: Session): Promise<void> {
    if (await this.duties.set(true)) return;
    if (this.session !== session || !this.leader) return;
    this.leader = false;
    this.log(`process ${this.id} gives the lead up: a duty could not start`);
    await this.unlockLeader(session);
  }

  private async unlockLeader(session: Session): Promise<void> {
    await session.client
      .query("select pg_advisory_unlock($1)", [LEADER_LOCK_KEY])
      .catch((error: unknown) => this.drop(session.client, error));
  }

  /** The connection failed: stand down at once, and join again on a new one. */
  private drop(client: pg.Client, error: unknown): void {
    if (this.session?.client !== client) return;
    this.session = null;
    if (this.leader) {
      this.leader = false;
      this.log(`process ${this.id} stands down, its connection failed: ${String(error)}`);
      void this.duties.set(false);
    }
    void client.end().catch(() => undefined);
    if (!this.stopped) this.rejoin();
  }

  private rejoin(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.connect().catch((error: unknown) => {
        this.log(`could not reconnect, trying again in ${RECONNECT_MS / 1000} s: ${String(error)}`);
        if (!this.stopped) this.rejoin();
      });
    }, RECONNECT_MS);
    this.timer.unref();
  }
}

/**
 * Takes a member lock: `preferred` again after a reconnect (creates under way keep their owner),
 * else a free random key.
 */
async function claimMemberId(client: pg.Client, preferred: number): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const key = attempt === 0 && preferred > 0 ? preferred : randomInt(1, 2 ** 31 - 1);
    const { rows } = await client.query<{ won: boolean }>("select pg_try_advisory_lock($1, $2) as won", [
      MEMBER_LOCK_SPACE,
      key,
    ]);
    if (rows[0]?.won) return key;
  }
}

/** Kysely over one connection: its "pool" lends that connection to every query, one at a time. */
function sessionDb(client: pg.Client): Db {
  const lent = Object.assign(client, { release: () => undefined });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => lent, end: async () => undefined } }),
  });
  registerDialect(db, "postgres");
  return db;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error("timed out")), ms).unref()),
  ]);
}
