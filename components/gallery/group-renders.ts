/**
 * Gallery entries: a render on its own, or the variants of one multi-image request shown together.
 * Variants share a `batchId`; the group sits where its newest variant would, and lists variants in
 * their batch order.
 */
import type { LedgerRender } from "@/lib/contract";

export type GalleryEntry =
  | { type: "single"; key: string; render: LedgerRender }
  | { type: "batch"; key: string; batchId: string; size: number; renders: LedgerRender[] };

/** The number of variants the request asked for (falls back to how many are here). */
function batchSize(renders: readonly LedgerRender[]): number {
  const requested = renders[0]?.params.imageCount;
  return typeof requested === "number" && requested >= renders.length ? requested : renders.length;
}

export function groupRenders(renders: readonly LedgerRender[]): GalleryEntry[] {
  const entries: GalleryEntry[] = [];
  const batches = new Map<string, LedgerRender[]>();
  for (const render of renders) {
    if (render.batchId === null) {
      entries.push({ type: "single", key: render.id, render });
      continue;
    }
    const members = batches.get(render.batchId);
    if (members) {
      members.push(render);
      continue;
    }
    const fresh = [render];
    batches.set(render.batchId, fresh);
    entries.push({
      type: "batch",
      key: `batch:${render.batchId}`,
      batchId: render.batchId,
      size: 0,
      renders: fresh,
    });
  }
  for (const entry of entries) {
    if (entry.type !== "batch") continue;
    entry.renders.sort((a, b) => a.variantIndex - b.variantIndex);
    entry.size = batchSize(entry.renders);
  }
  return entries;
}
