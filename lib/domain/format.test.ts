import { describe, expect, it } from "vitest";
import {
  capitalise,
  formatAge,
  excerpt,
  formatClock,
  formatCredits,
  formatElapsed,
  formatNumber,
  keyLabel,
  percentOf,
  refundText,
  secondsBetween,
  statusWord,
} from "./format";

describe("formatClock", () => {
  it.each([
    [0, "0:00"],
    [12, "0:12"],
    [59.9, "0:59"],
    [60, "1:00"],
    [75, "1:15"],
    [600, "10:00"],
    [3723, "1:02:03"],
    [-5, "0:00"],
    [Number.NaN, "0:00"],
  ])("%s s → %s", (seconds, text) => expect(formatClock(seconds)).toBe(text));
});

describe("formatElapsed", () => {
  it("shows elapsed against the typical time", () => {
    expect(formatElapsed(12, 40)).toBe("0:12 of ~0:40");
    expect(formatElapsed(95, 150)).toBe("1:35 of ~2:30");
  });
});

describe("secondsBetween", () => {
  it("measures ISO timestamps and epoch milliseconds", () => {
    expect(secondsBetween("2026-01-01T00:00:00.000Z", "2026-01-01T00:00:12.500Z")).toBe(12.5);
    expect(secondsBetween("2026-01-01T00:00:00.000Z", Date.parse("2026-01-01T00:01:00.000Z"))).toBe(60);
  });
  it("never goes negative and survives bad input", () => {
    expect(secondsBetween("2026-01-01T00:00:10.000Z", "2026-01-01T00:00:00.000Z")).toBe(0);
    expect(secondsBetween("not a date", "2026-01-01T00:00:00.000Z")).toBe(0);
  });
});

describe("credits and numbers", () => {
  it.each([
    [0, "0 credits"],
    [1, "1 credit"],
    [240, "240 credits"],
    [12_345, "12,345 credits"],
  ])("%s → %s", (n, text) => expect(formatCredits(n)).toBe(text));
  it("groups thousands", () => expect(formatNumber(1_234_567)).toBe("1,234,567"));
});

describe("statusWord", () => {
  it.each([
    ["pending", "Pending"],
    ["running", "Running"],
    ["ready", "Ready"],
    ["failed", "Failed"],
    ["submitting", "Submitting"],
    ["unknown", "Outcome unknown"],
    ["rejected", "Rejected"],
    ["lost", "Lost"],
    ["queued", "Queued"],
    ["upscaling", "Upscaling"],
    ["", "Unknown status"],
  ])("%s → %s", (status, word) => expect(statusWord(status)).toBe(word));

  it("capitalises only the first letter", () => expect(capitalise("in_review")).toBe("In_review"));
});

describe("refundText", () => {
  it("is null when nothing came back", () => {
    expect(refundText({ creditsCharged: 240, creditsRefunded: 0 })).toBeNull();
    expect(refundText({ creditsCharged: 0, creditsRefunded: 0 })).toBeNull();
  });
  it("states a full refund", () => {
    expect(refundText({ creditsCharged: 240, creditsRefunded: 240 })).toBe("Refunded 240 credits");
    expect(refundText({ creditsCharged: 1, creditsRefunded: 1 })).toBe("Refunded 1 credit");
  });
  it("states a partial refund against the charge", () => {
    expect(refundText({ creditsCharged: 240, creditsRefunded: 120 })).toBe("Refunded 120 of 240 credits");
    expect(refundText({ creditsCharged: 4_800, creditsRefunded: 1_600 })).toBe(
      "Refunded 1,600 of 4,800 credits",
    );
  });
});

describe("excerpt", () => {
  it("keeps short text and flattens whitespace", () => {
    expect(excerpt("  a  cat\n on a mat ", 40)).toBe("a cat on a mat");
  });
  it("cuts at a word boundary when one is near", () => {
    expect(excerpt("the quick brown fox jumps over the lazy dog", 20)).toBe("the quick brown fox…");
  });
  it("cuts mid-word when no boundary is near", () => {
    expect(excerpt("supercalifragilisticexpialidocious", 10)).toBe("supercalif…");
  });
});

describe("keyLabel and percentOf", () => {
  it("shows the key name and its last four characters", () => {
    expect(keyLabel({ name: "demo-team-1", last4: "am_1" })).toBe("demo-team-1 ····am_1");
  });
  it("clamps percentages", () => {
    expect(percentOf(50, 200)).toBe(25);
    expect(percentOf(500, 200)).toBe(100);
    expect(percentOf(-1, 200)).toBe(0);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe("formatAge", () => {
  it("words an age at a glance, rounding to the unit", () => {
    expect(formatAge(0)).toBe("just now");
    expect(formatAge(44)).toBe("just now");
    expect(formatAge(45)).toBe("1 min ago");
    expect(formatAge(3 * 60 + 20)).toBe("3 min ago");
    expect(formatAge(59 * 60)).toBe("59 min ago");
    expect(formatAge(5 * 3600 + 100)).toBe("5 h ago");
    expect(formatAge(12 * 86_400)).toBe("12 d ago");
  });

  it("gives up past 60 days (the date says more) and treats nonsense as now", () => {
    expect(formatAge(61 * 86_400)).toBeNull();
    expect(formatAge(-5)).toBe("just now");
    expect(formatAge(Number.NaN)).toBe("just now");
  });
});
