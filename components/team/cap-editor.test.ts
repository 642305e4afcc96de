import { describe, expect, it } from "vitest";
import { parseCap } from "./cap-editor";

describe("parseCap", () => {
  it("reads whole credits, with or without thousands separators; empty means the fallback", () => {
    expect(parseCap("1000")).toBe(1000);
    expect(parseCap(" 1,000 ")).toBe(1000);
    expect(parseCap("0")).toBe(0);
    expect(parseCap("")).toBeNull();
    expect(parseCap("  ")).toBeNull();
  });
  it("refuses anything else", () => {
    for (const text of ["-5", "1.5", "ten", "1e3", "1234567890"]) expect(parseCap(text)).toBe("invalid");
  });
});
