/**
 * Spotting renders that just finished: those seen unfinished before (in a list, or told of by the
 * live stream) and final now. Renders are tracked by request and variant, because a row's id changes
 * from the request id to the service's id when the create call answers.
 */
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";

type Tracked = Pick<LedgerRender, "requestId" | "variantIndex" | "status">;

export function trackingKey(render: Pick<LedgerRender, "requestId" | "variantIndex">): string {
  return `${render.requestId}#${render.variantIndex}`;
}

/** Renders final now that were unfinished when last seen (first sightings never count). */
export function justFinished<T extends Tracked>(
  lastSeen: ReadonlyMap<string, string>,
  renders: readonly T[],
): T[] {
  return renders.filter((render) => {
    const before = lastSeen.get(trackingKey(render));
    return before !== undefined && !isFinalLedgerStatus(before) && isFinalLedgerStatus(render.status);
  });
}

/**
 * Remembers the unfinished states the live stream tells of, so a render that starts and ends between
 * two reads of a list still counts as just finished. Final states are left for the list to show:
 * remembered here first, the list's final state would look already seen.
 */
export function rememberUnfinished(lastSeen: Map<string, string>, renders: readonly Tracked[]): void {
  for (const render of renders) {
    const key = trackingKey(render);
    const before = lastSeen.get(key);
    if (!isFinalLedgerStatus(render.status) && (before === undefined || !isFinalLedgerStatus(before))) {
      lastSeen.set(key, render.status);
    }
  }
}

/** Remembers the current statuses on top of what was seen before (renders scrolled away stay known). */
export function remember(lastSeen: Map<string, string>, renders: readonly Tracked[]): void {
  for (const render of renders) lastSeen.set(trackingKey(render), render.status);
}
