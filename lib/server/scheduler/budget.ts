/**
 * The account's poll budget: at most `perMinute` polls in any rolling 60 s window. A sliding log
 * (not a token bucket) because the service counts a rolling minute, and a bucket's burst allowance
 * could briefly exceed it.
 */
export const WINDOW_MS = 60_000;

export class PollBudget {
  private readonly log: number[] = [];

  constructor(
    readonly perMinute: number,
    history: readonly number[] = [],
  ) {
    this.log.push(...[...history].sort((a, b) => a - b));
  }

  private prune(nowMs: number): void {
    while (this.log.length > 0 && (this.log[0] ?? 0) <= nowMs - WINDOW_MS) this.log.shift();
  }

  /** Polls spent in the window ending now. */
  used(nowMs: number): number {
    this.prune(nowMs);
    return this.log.length;
  }

  canSpend(nowMs: number): boolean {
    return this.used(nowMs) < this.perMinute;
  }

  /** Records a poll; callers check `canSpend` first. */
  spend(nowMs: number): void {
    this.log.push(nowMs);
  }

  /** The earliest time a poll may be spent. */
  nextSlotAt(nowMs: number): number {
    this.prune(nowMs);
    if (this.log.length < this.perMinute) return nowMs;
    const freeing = this.log[this.log.length - this.perMinute] ?? nowMs;
    return freeing + WINDOW_MS + 1;
  }
}
