/**
 * Rolling-window limits counted per account (spec §8: several keys do not multiply the budget).
 *
 * A sliding log rather than fixed buckets: a fixed minute would let a client spend 120 polls across
 * a bucket boundary, which the real service's "60 per minute" would not allow.
 */

export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

export class RollingWindow {
  /** Times of accepted units, oldest first. */
  private times: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  tryTake(now: number, units = 1): TakeResult {
    this.prune(now);
    const excess = this.times.length + units - this.limit;
    if (excess <= 0) {
      for (let i = 0; i < units; i++) this.times.push(now);
      return { ok: true };
    }
    // The request fits once the `excess` oldest units have left the window.
    const freedAt = (this.times[excess - 1] ?? now) + this.windowMs;
    return { ok: false, retryAfterMs: Math.max(0, freedAt - now) };
  }

  private prune(now: number): void {
    const cutoff = now - this.windowMs;
    let drop = 0;
    while (drop < this.times.length && (this.times[drop] as number) <= cutoff) drop++;
    if (drop > 0) this.times = this.times.slice(drop);
  }
}

/** One rolling window per account, created on first use. */
export class AccountLimiter {
  private readonly windows = new Map<string, RollingWindow>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  tryTake(accountId: string, now: number, units = 1): TakeResult {
    let window = this.windows.get(accountId);
    if (!window) {
      window = new RollingWindow(this.limit, this.windowMs);
      this.windows.set(accountId, window);
    }
    return window.tryTake(now, units);
  }

  reset(): void {
    this.windows.clear();
  }
}

/** `Retry-After` is whole seconds; rounding down could send a client back before a slot is free. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
