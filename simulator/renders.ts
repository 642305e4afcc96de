/**
 * Renders in memory: the store, the refunds failures owe, and the render record (spec §2.3) as a
 * client sees it at a given moment.
 */
import type { AspectRatio, RenderKind } from "@/lib/domain/catalogue";
import type { Accounts } from "./accounts";
import { observe, type LifePlan, type Observation } from "./lifecycle";

export interface StoredRender {
  readonly id: string;
  readonly accountId: string;
  readonly kind: RenderKind;
  readonly batchId: string | null;
  readonly renderModel: string;
  readonly prompt: string;
  readonly aspectRatio: AspectRatio;
  /** This render's own debit (a batch's images are 0 each). */
  readonly creditsCharged: number;
  /** The reference images the model uses: extras past its cap are dropped silently (spec §8). */
  readonly referenceImageUrls: readonly string[];
  readonly plan: LifePlan;
}

export class RenderStore {
  private readonly renders = new Map<string, StoredRender>();
  /** Renders planned to fail whose refund has not been paid yet, soonest first. */
  private owed: StoredRender[] = [];

  add(render: StoredRender): void {
    this.renders.set(render.id, render);
    if (render.plan.outcome.type === "failed") {
      this.owed.push(render);
      this.owed.sort((a, b) => a.plan.terminalAt - b.plan.terminalAt);
    }
  }

  find(id: string): StoredRender | undefined {
    return this.renders.get(id);
  }

  /** The caller's render; another account's id is as unknown as one that never existed. */
  findForAccount(accountId: string, id: string): StoredRender | undefined {
    const render = this.renders.get(id);
    return render?.accountId === accountId ? render : undefined;
  }

  all(): StoredRender[] {
    return [...this.renders.values()];
  }

  /**
   * Pays each refund whose failure has happened by `now`, exactly once. Renders change state lazily,
   * so this runs before anything reads or spends a balance.
   */
  settle(now: number, accounts: Accounts): void {
    while (this.owed.length > 0 && (this.owed[0] as StoredRender).plan.terminalAt <= now) {
      const render = this.owed.shift() as StoredRender;
      const account = accounts.get(render.accountId);
      if (account && render.plan.outcome.type === "failed")
        accounts.refund(account, render.plan.outcome.creditsRefunded);
    }
  }

  /**
   * Puts back renders saved once every refund due by `settledAt` had been paid: only failures after
   * that moment still owe theirs.
   */
  restore(renders: readonly StoredRender[], settledAt: number): void {
    for (const render of renders) {
      if (render.plan.terminalAt > settledAt) this.add(render);
      else this.renders.set(render.id, render);
    }
  }

  clear(): void {
    this.renders.clear();
    this.owed = [];
  }
}

function mediaPath(render: StoredRender): string {
  return `/media/${render.id}.${render.kind === "image" ? "png" : "webm"}`;
}

/** ISO 8601 UTC with milliseconds (spec §2.3); plan times can carry fractions of a millisecond. */
export const isoTime = (ms: number) => new Date(Math.floor(ms)).toISOString();

export interface RecordOptions {
  publicBaseUrl: string;
  undocumentedStatus: boolean;
}

export function renderRecord(render: StoredRender, now: number, options: RecordOptions) {
  const seen: Observation = observe(render.plan, now, options.undocumentedStatus);
  const { outcome, clipsTotal } = render.plan;
  const failed = seen.state === "failed" && outcome.type === "failed";
  return {
    id: render.id,
    kind: render.kind,
    status: seen.status,
    renderModel: render.renderModel,
    outputUrl: seen.state === "ready" ? `${options.publicBaseUrl}${mediaPath(render)}` : null,
    errorMessage: failed ? outcome.errorMessage : null,
    creditsRefunded: failed ? outcome.creditsRefunded : 0,
    createdAt: isoTime(render.plan.createdAt),
    updatedAt: isoTime(seen.updatedAt),
    ...(clipsTotal > 1 && { chain: { clipsReady: seen.clipsReady, clipsTotal } }),
  };
}
