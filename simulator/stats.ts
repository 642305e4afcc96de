/**
 * Counters behind `GET /__sim/stats`, for tests that check how the dashboard treats the service
 * (for instance that its poll scheduler never spends more than the per-minute budget).
 */
import type { Accounts } from "./accounts";
import { observe } from "./lifecycle";
import { isoTime, type RenderStore } from "./renders";

const MINUTE_MS = 60_000;

/** The most events seen in any rolling minute: checked as each event arrives, so it is exact. */
class PeakPerMinute {
  private recent: number[] = [];
  peak = 0;

  record(now: number): void {
    this.recent = this.recent.filter((t) => t > now - MINUTE_MS);
    this.recent.push(now);
    this.peak = Math.max(this.peak, this.recent.length);
  }
}

export class Stats {
  private pollsTotal = 0;
  private pollsRateLimited = 0;
  private readonly pollsByRender = new Map<string, number>();
  private readonly pollPeaks = new Map<string, PeakPerMinute>();
  private createsTotal = 0;
  private createsAccepted = 0;
  /** Authenticated account reads, for tests of the dashboard's account cache. */
  private accountReads = 0;
  /** Uploads stored, for tests of how often the dashboard copies a file to the service. */
  private uploadsStored = 0;

  /** Every authenticated poll counts towards the peak, refused or not: the peak measures the client. */
  recordPoll(accountId: string, renderId: string, accepted: boolean, now: number): void {
    this.pollsTotal++;
    if (accepted) this.pollsByRender.set(renderId, (this.pollsByRender.get(renderId) ?? 0) + 1);
    else this.pollsRateLimited++;
    let peak = this.pollPeaks.get(accountId);
    if (!peak) {
      peak = new PeakPerMinute();
      this.pollPeaks.set(accountId, peak);
    }
    peak.record(now);
  }

  recordAccountRead(): void {
    this.accountReads++;
  }

  recordUpload(): void {
    this.uploadsStored++;
  }

  recordCreate(accepted: boolean): void {
    this.createsTotal++;
    if (accepted) this.createsAccepted++;
  }

  reset(): void {
    this.pollsTotal = 0;
    this.pollsRateLimited = 0;
    this.pollsByRender.clear();
    this.pollPeaks.clear();
    this.createsTotal = 0;
    this.createsAccepted = 0;
    this.accountReads = 0;
    this.uploadsStored = 0;
  }

  snapshot(renders: RenderStore, accounts: Accounts, now: number) {
    renders.settle(now, accounts);
    return {
      polls: {
        total: this.pollsTotal,
        rateLimited: this.pollsRateLimited,
        maxInAnyMinute: Math.max(0, ...[...this.pollPeaks.values()].map((p) => p.peak)),
        byRender: Object.fromEntries(this.pollsByRender),
      },
      creates: { total: this.createsTotal, accepted: this.createsAccepted },
      requests: { account: this.accountReads },
      uploads: { total: this.uploadsStored },
      renders: renders.all().map((render) => {
        const { state } = observe(render.plan, now, false);
        const terminal = state === "ready" || state === "failed";
        const { outcome } = render.plan;
        return {
          id: render.id,
          accountId: render.accountId,
          kind: render.kind,
          status: state,
          terminalAt: terminal ? isoTime(render.plan.terminalAt) : null,
          creditsCharged: render.creditsCharged,
          creditsRefunded: state === "failed" && outcome.type === "failed" ? outcome.creditsRefunded : 0,
          referenceImagesUsed: render.referenceImageUrls.length,
          referenceImageUrlsUsed: render.referenceImageUrls,
        };
      }),
    };
  }
}
