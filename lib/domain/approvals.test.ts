import { describe, expect, it } from "vitest";
import { approvalReason } from "./approvals";

describe("approvalReason", () => {
  const on = { approvalAboveCredits: 100, approvalForUnknownCost: true };

  it("holds a member's render estimated above the threshold, not one at or under it", () => {
    expect(approvalReason(on, "member", 101)).toBe("above-threshold");
    expect(approvalReason(on, "member", 100)).toBeNull();
    expect(approvalReason(on, "member", 0)).toBeNull();
  });

  it("holds a render of unknown cost only when the team asks for it", () => {
    expect(approvalReason(on, "member", null)).toBe("unknown-cost");
    expect(approvalReason({ ...on, approvalForUnknownCost: false }, "member", null)).toBeNull();
  });

  it("never holds an admin's render, nor any render with approvals off", () => {
    expect(approvalReason(on, "admin", 5000)).toBeNull();
    expect(approvalReason(on, "admin", null)).toBeNull();
    const off = { approvalAboveCredits: null, approvalForUnknownCost: true };
    expect(approvalReason(off, "member", 5000)).toBeNull();
    expect(approvalReason(off, "member", null)).toBeNull();
  });
});
