/**
 * The account's poll budget: at most `perMinute` polls in any rolling 60 s window. A sliding log
 * (not a token bucket) because the service counts a rolling minute, and a bucket's burst allowance
 * could briefly exceed it.
 *
 * The service counts a poll when the request reaches it, somewhere between the moment it is sent
 * and the moment its answer is back. A poll therefore counts as in flight until it is settled, and
 * then from the time its answer came: a poll whose request was slow to leave (a busy event loop, a
 * slow ledger write) can never let a poll a minute later land inside the service's window with it.
 */
export const WINDOW_MS = 60_000;

export class PollBudget {
  private readonly log: number[] = [];
  private inFlight = 0;

  constructor(
    readonly perMinute: number,
    history: readonly number[] = [],
  ) {
    this.log.push(...[...history].sort((a, b) => a - b));
  }

  private prune(nowMs: number): void {
    while (this.log.length > 0 && (this.log[0] ?? 0) <= nowMs - WINDOW_MS) this.log.shift();
  }

  /** Polls spent in the window ending now, those still in flight included. */
  used(nowMs: number): number {
    this.prune(nowMs);
    return this.log.length + this.inFlight;
  }

  canSpend(nowMs: number): boolean {
    return this.used(nowMs) < this.perMinute;
  }

  /** Starts a poll; callers check `canSpend` first and call `settle` once its answer (or failure) is in. */
  spend(): void {
    this.inFlight++;
  }

  /** Ends a poll started with `spend`: it counts for the window from `answeredAtMs` on. */
  settle(answeredAtMs: number): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    this.log.push(answeredAtMs);
    // Answers come in time order unless the clock steps back; keep the log sorted for prune().
    if (answeredAtMs < (this.log[this.log.length - 2] ?? answeredAtMs)) this.log.sort((a, b) => a - b);
  }

  /** The earliest time a poll may be spent; polls in flight free nothing until they are settled. */
  nextSlotAt(nowMs: number): number {
    this.prune(nowMs);
    const excess = this.log.length + this.inFlight - this.perMinute;
    if (excess < 0) return nowMs;
    const freeing = this.log[excess] ?? nowMs;
    return freeing + WINDOW_MS + 1;
  }
}
