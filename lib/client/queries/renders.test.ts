import { describe, expect, it } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { LIVE_REFETCH_MS, hasUnfinished, liveRefetchInterval, rendersOf } from "./renders";

const withStatus = (...statuses: string[]) => statuses.map((status) => ({ status }));

describe("liveRefetchInterval", () => {
  it("polls while any render is unfinished", () => {
    for (const active of ["pending", "running", "submitting", "unknown", "upscaling"]) {
      expect(liveRefetchInterval(withStatus("ready", active, "failed"))).toBe(LIVE_REFETCH_MS);
    }
  });
  it("stops when every render is final, or there are none", () => {
    expect(liveRefetchInterval(withStatus("ready", "failed", "rejected", "lost"))).toBe(false);
    expect(liveRefetchInterval([])).toBe(false);
    expect(hasUnfinished([])).toBe(false);
  });
});

describe("rendersOf", () => {
  it("flattens loaded pages in order", () => {
    const a = { id: "a" } as LedgerRender;
    const b = { id: "b" } as LedgerRender;
    const data = {
      pages: [
        { items: [a], nextCursor: "1" },
        { items: [b], nextCursor: null },
      ],
      pageParams: [undefined, "1"],
    };
    expect(rendersOf(data).map((r) => r.id)).toEqual(["a", "b"]);
    expect(rendersOf(undefined)).toEqual([]);
  });
});
