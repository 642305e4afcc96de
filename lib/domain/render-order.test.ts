import { describe, expect, it } from "vitest";
import { isRenderSort, rangeEnd, rangeStart } from "./render-order";

describe("date range bounds", () => {
  it("reads a day as the whole UTC day", () => {
    expect(rangeStart("2026-05-01")).toBe("2026-05-01T00:00:00.000Z");
    expect(rangeEnd("2026-05-01")).toBe("2026-05-01T23:59:59.999Z");
  });
  it("reads an instant with its offset as that instant", () => {
    expect(rangeStart("2026-05-01T02:00:00+02:00")).toBe("2026-05-01T00:00:00.000Z");
    expect(rangeEnd("2026-05-01T10:30:00Z")).toBe("2026-05-01T10:30:00.000Z");
  });
  it("says null for what is not a date", () => {
    expect(rangeStart("yesterday")).toBeNull();
    expect(rangeEnd("")).toBeNull();
  });
});

describe("isRenderSort", () => {
  it("knows the sorts", () => {
    expect(isRenderSort("oldest")).toBe(true);
    expect(isRenderSort("random")).toBe(false);
  });
});
