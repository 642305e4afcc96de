import { describe, expect, it } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { rendersOf } from "./renders";

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
