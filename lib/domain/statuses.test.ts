import { describe, expect, it } from "vitest";
import { endedWithoutOutput, isFinalLedgerStatus } from "./statuses";

describe("endedWithoutOutput", () => {
  it("is every final status but ready", () => {
    for (const status of ["failed", "rejected", "lost", "declined"]) {
      expect(isFinalLedgerStatus(status)).toBe(true);
      expect(endedWithoutOutput(status)).toBe(true);
    }
    expect(endedWithoutOutput("ready")).toBe(false);
  });

  it("is false while a render may still finish, whatever the service calls that", () => {
    for (const status of ["awaiting_approval", "pending", "running", "submitting", "unknown", "upscaling"]) {
      expect(endedWithoutOutput(status)).toBe(false);
    }
  });
});
