import "server-only";
/**
 * The outbox's sender, one of the leader's duties: sends what is due through its channel's transport,
 * one message at a time, each attempt claimed first (through the leader's own connection when it is
 * given, so a process that lost the lead claims nothing more), retried with backoff for a day
 * (OUTBOX_RETRY). A process killed mid-send leaves its claim to expire: the next leader sends that
 * message again, with the same key, so it arrives at least once and at most twice. Failures are
 * logged, never thrown: messages never stand in the way of renders.
 */
import { OUTBOX_CHANNELS, givesUp, retryDelayMs, type OutboxChannel } from "@/lib/domain/outbox";
import { NotLeaderError, type LeaderDuty } from "@/lib/server/cluster/process-member";
import type { Db } from "@/lib/server/db/database";
import type { OutboxRow } from "@/lib/server/db/schema";
import { serialRounds } from "@/lib/server/runtime/serial-rounds";
import { claimOutbox, dueOutbox, nextOutboxAt, settleOutbox } from "@/lib/server/ledger/outbox";

/**
 * Sends one message within `signal`'s time: "sent", or "gone" when the recipient no longer exists
 * (a push subscription its service answers 404 or 410 for: the transport removes it). Any other
 * failure throws, and the message is tried again later.
 */
export type Transport = (message: OutboxRow, signal: AbortSignal) => Promise<"sent" | "gone">;

export interface OutboxSenderDeps {
  db: Db;
  transports: Partial<Record<OutboxChannel, Transport>>;
  /** Runs a claim only while this process leads (ClusterMember.asLeader). */
  asLeader?: <T>(write: (db: Db) => Promise<T>) => Promise<T>;
  /** One attempt's limit; a claim is held twice as long. */
  attemptTimeoutMs?: number;
  /** The longest sleep, so a message another process queued waits at most this long. */
  pollMs?: number;
  log?: (message: string) => void;
  now?: () => number;
  /**
   * Turns what happened into messages before each pass (the inbox's new items, the day's digests):
   * the leader's work too, so it runs where the sending does. Its failure is logged, and sending
   * goes on.
   */
  gather?: (nowMs: number) => Promise<unknown>;
}

const ATTEMPT_TIMEOUT_MS = 10_000;
const POLL_MS = 5_000;
const BATCH = 20;

export class OutboxSender implements LeaderDuty {
  private timer: NodeJS.Timeout | undefined;
  private led = false;
  /** Set while standing down: a pass under way stops after its current attempt. */
  private stopping = false;
  private readonly rounds = serialRounds(
    async () => {
      await this.pass();
      await this.sleep();
    },
    { keepGoing: () => this.led, onError: (error) => this.log(`outbox pass failed: ${String(error)}`) },
  );
  /** The rounds started and not finished, awaited by a stand-down. */
  private readonly underway = new Set<Promise<void>>();

  constructor(private readonly deps: OutboxSenderDeps) {}

  async lead(): Promise<void> {
    this.led = true;
    this.stopping = false;
    this.wake();
  }

  /** Stops sending; an attempt under way finishes first. */
  async standDown(): Promise<void> {
    this.led = false;
    this.stopping = true;
    clearTimeout(this.timer);
    await Promise.all(this.underway);
  }

  /** Sends what is due now (a message was just queued), then sleeps until the next is due. */
  wake(): void {
    if (!this.led) return;
    const round = this.rounds();
    this.underway.add(round);
    void round.finally(() => this.underway.delete(round));
  }

  /** Sends every message due now; answers how many attempts it made. */
  async pass(): Promise<number> {
    const { db } = this.deps;
    const claim = this.deps.asLeader ?? ((write) => write(db));
    if (this.deps.gather) {
      await this.deps
        .gather(this.now())
        .catch((error: unknown) => this.log(`not gathered: ${String(error)}`));
    }
    let attempts = 0;
    for (const row of await dueOutbox(db, this.now(), BATCH)) {
      if (this.stopping) break;
      let claimed: boolean;
      try {
        claimed = await claim((leaderDb) => claimOutbox(leaderDb, row, this.now() + this.timeoutMs() * 2));
      } catch (error) {
        // The lead was lost: the new leader sends the rest.
        if (error instanceof NotLeaderError) break;
        throw error;
      }
      if (!claimed) continue;
      await this.attempt(row);
      attempts++;
    }
    return attempts;
  }

  private async attempt(row: OutboxRow): Promise<void> {
    const { db } = this.deps;
    const transport = isChannel(row.channel) ? this.deps.transports[row.channel] : undefined;
    let error: string;
    try {
      if (!transport) throw new Error(`the ${row.channel} channel is not configured`);
      const outcome = await transport(row, AbortSignal.timeout(this.timeoutMs()));
      if (outcome === "sent") return settleOutbox(db, row.key, { ok: true, atMs: this.now() });
      this.log(`${row.key}: the recipient is gone`);
      return settleOutbox(db, row.key, {
        ok: false,
        atMs: this.now(),
        error: "recipient gone",
        retryAtMs: null,
      });
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    const failed = row.attempts + 1;
    const now = this.now();
    if (givesUp(row.queued_at, now)) {
      this.log(`gave up on ${row.key} after ${failed} attempts (${error})`);
      return settleOutbox(db, row.key, { ok: false, atMs: now, error, retryAtMs: null });
    }
    const retryAtMs = now + retryDelayMs(failed);
    this.log(
      `${row.key} was not sent (${error}): attempt ${failed + 1} at ${new Date(retryAtMs).toISOString()}`,
    );
    return settleOutbox(db, row.key, { ok: false, atMs: now, error, retryAtMs });
  }

  private async sleep(): Promise<void> {
    clearTimeout(this.timer);
    if (!this.led) return;
    const poll = this.deps.pollMs ?? POLL_MS;
    const next = await nextOutboxAt(this.deps.db);
    const wait = next === null ? poll : Math.min(poll, Math.max(0, next - this.now()));
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  private timeoutMs(): number {
    return this.deps.attemptTimeoutMs ?? ATTEMPT_TIMEOUT_MS;
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }

  private log(message: string): void {
    (this.deps.log ?? ((m: string) => console.error(`[outbox] ${m}`)))(message);
  }
}

const isChannel = (channel: string): channel is OutboxChannel =>
  (OUTBOX_CHANNELS as readonly string[]).includes(channel);
