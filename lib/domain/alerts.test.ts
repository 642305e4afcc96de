import { describe, expect, test } from "vitest";
import {
  ALERT_THRESHOLDS,
  alertMessage,
  balanceChange,
  crossingKey,
  newCrossing,
  reachedThresholds,
  utcMonth,
  wouldPassLimit,
} from "./alerts";

describe("a render against a limit", () => {
  test("a known cost is refused when it would take the spend past the limit, not when it lands on it", () => {
    expect(wouldPassLimit(60, 100, 40)).toBe(false);
    expect(wouldPassLimit(60, 100, 41)).toBe(true);
  });

  test("an unknown cost is refused only once the limit is used up", () => {
    expect(wouldPassLimit(99, 100, null)).toBe(false);
    expect(wouldPassLimit(100, 100, null)).toBe(true);
    expect(wouldPassLimit(0, 0, null)).toBe(true);
  });
});

describe("crossings", () => {
  test("a threshold is reached at its share exactly, and nothing before any spend", () => {
    expect(reachedThresholds(79, 100)).toEqual([]);
    expect(reachedThresholds(80, 100)).toEqual([80]);
    expect(reachedThresholds(100, 100)).toEqual([...ALERT_THRESHOLDS]);
    expect(reachedThresholds(0, 0)).toEqual([]);
    expect(reachedThresholds(5, 0)).toEqual([...ALERT_THRESHOLDS]);
  });

  test("80 % then 100 % are each alerted once", () => {
    expect(newCrossing(50, 100, [])).toBeNull();
    expect(newCrossing(85, 100, [])).toBe(80);
    expect(newCrossing(90, 100, [80])).toBeNull();
    expect(newCrossing(100, 100, [80])).toBe(100);
    expect(newCrossing(120, 100, [80, 100])).toBeNull();
  });

  test("a jump past both sends only 100 %, and 80 % is not sent after it", () => {
    expect(newCrossing(100, 100, [])).toBe(100);
    expect(newCrossing(100, 100, [100])).toBeNull();
  });

  test("a crossing's key is its kind, subject, threshold and UTC month; a balance fall's, its number", () => {
    // 23:30 on 31 March in New York is already April in UTC.
    const month = utcMonth(new Date("2026-03-31T23:30:00-04:00"));
    expect(month).toBe("2026-04");
    const key = crossingKey({ kind: "member_cap", subject: "mem_a", threshold: 80, month });
    expect(key).not.toBe(crossingKey({ kind: "member_cap", subject: "mem_a", threshold: 100, month }));
    expect(key).not.toBe(crossingKey({ kind: "team_budget", subject: "mem_a", threshold: 80, month }));
    expect(key).not.toBe(crossingKey({ kind: "member_cap", subject: "mem_b", threshold: 80, month }));
    expect(key).not.toBe(
      crossingKey({ kind: "member_cap", subject: "mem_a", threshold: 80, month: "2026-05" }),
    );
    expect(crossingKey({ kind: "low_balance", fall: 1 })).not.toBe(
      crossingKey({ kind: "low_balance", fall: 2 }),
    );
  });
});

describe("the balance alert", () => {
  test("alerts on a fall while armed, re-arms on a reading at or above the threshold, else nothing", () => {
    expect(balanceChange(150, 200, true)).toBe("alert");
    expect(balanceChange(150, 200, false)).toBeNull();
    expect(balanceChange(200, 200, false)).toBe("rearm");
    expect(balanceChange(250, 200, true)).toBeNull();
    expect(balanceChange(0, null, true)).toBeNull();
  });
});

describe("messages", () => {
  test("name who, the share and the numbers", () => {
    expect(
      alertMessage({ kind: "member_cap", memberName: "Grace", threshold: 80, spent: 1200, limit: 1500 }),
    ).toBe("Grace has used 80 % of their monthly cap: 1,200 of 1,500 credits spent this month.");
    expect(alertMessage({ kind: "team_budget", threshold: 100, spent: 5000, limit: 5000 })).toBe(
      "The team has used all of its monthly budget: 5,000 of 5,000 credits spent this month.",
    );
    expect(alertMessage({ kind: "low_balance", balance: 150, threshold: 200 })).toBe(
      "The team's credit balance is 150, under the alert threshold of 200 credits.",
    );
  });
});
