import { describe, expect, it } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { groupRenders } from "./group-renders";

function render(
  id: string,
  batch?: { batchId: string; variantIndex: number; imageCount?: number },
): LedgerRender {
  return {
    id,
    requestId: batch ? `req-${batch.batchId}` : `req-${id}`,
    batchId: batch?.batchId ?? null,
    variantIndex: batch?.variantIndex ?? 0,
    kind: batch ? "image" : "video",
    status: "ready",
    model: "seedream",
    renderModel: null,
    prompt: id,
    params: batch?.imageCount === undefined ? {} : { imageCount: batch.imageCount },
    outputUrl: null,
    errorMessage: null,
    creditsCharged: 0,
    creditsRefunded: 0,
    chain: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    completedAt: null,
    expectedSeconds: 30,
    member: null,
    archivedAt: null,
    estimate: null,
  };
}

describe("groupRenders", () => {
  it("keeps renders without a batch as single entries, in order", () => {
    const entries = groupRenders([render("a"), render("b")]);
    expect(entries.map((e) => e.type)).toEqual(["single", "single"]);
    expect(entries.map((e) => e.key)).toEqual(["a", "b"]);
  });

  it("groups a batch's variants where its first one appears, in variant order", () => {
    const entries = groupRenders([
      render("new"),
      render("v2", { batchId: "B", variantIndex: 2, imageCount: 3 }),
      render("v0", { batchId: "B", variantIndex: 0, imageCount: 3 }),
      render("v1", { batchId: "B", variantIndex: 1, imageCount: 3 }),
      render("old"),
    ]);
    expect(entries.map((e) => e.key)).toEqual(["new", "batch:B", "old"]);
    const batch = entries[1];
    expect(batch?.type).toBe("batch");
    if (batch?.type !== "batch") return;
    expect(batch.renders.map((r) => r.id)).toEqual(["v0", "v1", "v2"]);
    expect(batch.size).toBe(3);
  });

  it("still groups variants that are not adjacent", () => {
    const entries = groupRenders([
      render("v0", { batchId: "B", variantIndex: 0 }),
      render("x"),
      render("v1", { batchId: "B", variantIndex: 1 }),
    ]);
    expect(entries.map((e) => e.key)).toEqual(["batch:B", "x"]);
  });

  it("sizes a batch by the variants requested, even when some are not loaded or filtered out", () => {
    const [only] = groupRenders([render("v1", { batchId: "B", variantIndex: 1, imageCount: 4 })]);
    expect(only?.type === "batch" && only.size).toBe(4);
  });

  it("sizes a batch by its members when the request count is unknown", () => {
    const [batch] = groupRenders([
      render("v0", { batchId: "B", variantIndex: 0 }),
      render("v1", { batchId: "B", variantIndex: 1 }),
    ]);
    expect(batch?.type === "batch" && batch.size).toBe(2);
  });
});
