import { describe, expect, test } from "vitest";
import {
  LIMITS,
  LIMIT_DEFAULTS,
  LIMIT_IDS,
  LIMITED_KINDS,
  countLimitMessage,
  limitsOf,
  rateLimitMessage,
  waitWords,
} from "./limits";

describe("the table", () => {
  test("every kind has a limit, and a kind's count comes before its rate", () => {
    for (const kind of Object.keys(LIMITED_KINDS) as (keyof typeof LIMITED_KINDS)[]) {
      const ids = limitsOf(kind);
      expect(ids.length, kind).toBeGreaterThan(0);
      expect(ids.map((id) => LIMITS[id].measure)).toEqual(
        [...ids.map((id) => LIMITS[id].measure)].sort((a, b) => a.localeCompare(b)),
      );
    }
    expect(limitsOf("runs")).toEqual(["runsInProgressPerMember", "runsPerHour"]);
  });

  test("defaults are whole numbers a busy team does not meet", () => {
    expect(LIMIT_DEFAULTS).toMatchObject({
      tokensPerMember: 20,
      approvalsPerMember: 50,
      runsPerHour: 60,
      boardsInTeam: 1_000,
      boardsPerMinute: 30,
    });
    for (const id of LIMIT_IDS)
      expect(Number.isInteger(LIMIT_DEFAULTS[id]) && LIMIT_DEFAULTS[id] > 0).toBe(true);
  });
});

describe("the messages", () => {
  test("a count names the limit, what frees a place and who can raise it", () => {
    expect(countLimitMessage(LIMITS.tokensPerMember, 20, 20, "member")).toBe(
      "You have 20 active API tokens, the most a member may have: revoke one first, or ask an admin to raise the limit.",
    );
    expect(countLimitMessage(LIMITS.tokensPerMember, 1, 1, "admin")).toBe(
      "You have 1 active API token, the most a member may have: revoke one first, or raise the limit on the Team page.",
    );
    expect(countLimitMessage(LIMITS.boardsInTeam, 1_000, 1_200, "member")).toBe(
      "The team has 1,200 boards, more than the 1,000 it may have: delete 201 first, or ask an admin to raise the limit.",
    );
    expect(countLimitMessage(LIMITS.runsInProgressPerMember, 10, 10, "team")).toBe(
      "The team has 10 batch runs in progress, the most a member may have (with sign-in off, the team counts as one member): cancel one or let one finish first, or raise the limit on the Team page.",
    );
  });

  test("a rate says how long to wait", () => {
    expect(rateLimitMessage(LIMITS.boardsPerMinute, 30, 30, "member", 12)).toBe(
      "You have made 30 boards in the last minute, the most a member may: try again in 12 seconds, or ask an admin to raise the limit.",
    );
    expect(rateLimitMessage(LIMITS.runsPerHour, 60, 61, "admin", 14 * 60 - 5)).toBe(
      "You have started 61 batch runs in the last hour, more than the 60 a member may: try again in 14 minutes, or raise the limit on the Team page.",
    );
    expect([1, 59, 120, 121, 3_600].map(waitWords)).toEqual([
      "1 second",
      "59 seconds",
      "120 seconds",
      "3 minutes",
      "60 minutes",
    ]);
  });
});
