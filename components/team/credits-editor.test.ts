import { describe, expect, it } from "vitest";
import { parseCredits } from "./credits-editor";

describe("parseCredits", () => {
  it("reads whole credits, with or without thousands separators; empty means the fallback", () => {
    expect(parseCredits("1000")).toBe(1000);
    expect(parseCredits(" 1,000 ")).toBe(1000);
    expect(parseCredits("0")).toBe(0);
    expect(parseCredits("")).toBeNull();
    expect(parseCredits("  ")).toBeNull();
  });
  it("refuses anything else", () => {
    for (const text of ["-5", "1.5", "ten", "1e3", "1234567890"]) expect(parseCredits(text)).toBe("invalid");
  });
});
