import "server-only";
/**
 * The alert webhook's sender: delivers the outbox (lib/server/ledger/notices.ts) to ALERT_WEBHOOK_URL,
 * one POST per notice, retried with exponential backoff (lib/domain/alerts.ts WEBHOOK_RETRY) until
 * the receiver answers 2xx or the delivery is given up. It runs beside renders and never in their
 * way: every failure is logged, none is thrown. The outbox is in the ledger, so a restart resumes it.
 */
import { givesUp, retryDelayMs } from "@/lib/domain/alerts";
import type { Db } from "@/lib/server/db/database";
import type { AlertOutboxRow } from "@/lib/server/db/schema";
import { claimDelivery, dueDeliveries, nextDeliveryAt, settleDelivery } from "@/lib/server/ledger/notices";

/** One attempt's limit: a receiver slower than this counts as failed (and is tried again). */
const WEBHOOK_TIMEOUT_MS = 10_000;
/** Deliveries taken per pass. */
const BATCH = 20;
/** Timers are capped so a delivery queued by another process waits at most this long. */
const MAX_SLEEP_MS = 60_000;

export interface WebhookSenderDeps {
  db: Db;
  url: string;
  log?: (message: string) => void;
}

export class WebhookSender {
  private timer: NodeJS.Timeout | undefined;
  private passing: Promise<void> | null = null;
  private passAgain = false;
  private running = true;

  constructor(private readonly deps: WebhookSenderDeps) {}

  /** Sends what is due now, then sleeps until the next delivery is due. */
  wake(): void {
    if (!this.running) return;
    if (this.passing) {
      this.passAgain = true;
      return;
    }
    this.passing = (async () => {
      do {
        this.passAgain = false;
        await this.pass();
      } while (this.passAgain && this.running);
      await this.sleep();
    })()
      .catch((error: unknown) => this.log(`outbox pass failed: ${String(error)}`))
      .finally(() => {
        this.passing = null;
      });
  }

  /** Stops sending; an attempt under way finishes first. */
  async stop(): Promise<void> {
    this.running = false;
    clearTimeout(this.timer);
    await this.passing;
  }

  private async pass(): Promise<void> {
    const { db } = this.deps;
    for (const row of await dueDeliveries(db, Date.now(), BATCH)) {
      if (!this.running) return;
      // Held past the attempt's timeout: a crash mid-attempt retries it then, and nobody sends it meanwhile.
      if (!(await claimDelivery(db, row, Date.now() + WEBHOOK_TIMEOUT_MS * 2))) continue;
      await this.attempt(row);
    }
  }

  private async attempt(row: AlertOutboxRow): Promise<void> {
    const { db, url } = this.deps;
    let error: string;
    try {
      const response = await fetch(url, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: row.body,
        signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
        redirect: "error",
      });
      // Its body is not read: whatever the receiver says, the status decides.
      await response.body?.cancel();
      if (response.ok) return settleDelivery(db, row.notice_id, { ok: true, atMs: Date.now() });
      error = `HTTP ${response.status}`;
    } catch (cause) {
      error = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause);
    }
    const failed = row.attempts + 1;
    const now = Date.now();
    if (givesUp(failed, row.queued_at, now)) {
      this.log(`gave up on the alert of notice ${row.notice_id} after ${failed} attempts (${error})`);
      return settleDelivery(db, row.notice_id, { ok: false, atMs: now, error, retryAtMs: null });
    }
    const retryAtMs = now + retryDelayMs(failed);
    this.log(
      `the alert of notice ${row.notice_id} was not delivered (${error}): attempt ${failed + 1} at ${new Date(retryAtMs).toISOString()}`,
    );
    return settleDelivery(db, row.notice_id, { ok: false, atMs: now, error, retryAtMs });
  }

  private async sleep(): Promise<void> {
    clearTimeout(this.timer);
    if (!this.running) return;
    const next = await nextDeliveryAt(this.deps.db);
    const wait = next === null ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(0, next - Date.now()));
    this.timer = setTimeout(() => this.wake(), wait);
    this.timer.unref();
  }

  private log(message: string): void {
    (this.deps.log ?? ((m: string) => console.error(`[alerts] ${m}`)))(message);
  }
}
