import { describe, expect, test } from "vitest";
import {
  OTHER_STACK,
  dailySeries,
  foldSeries,
  niceScale,
  daysBetween,
  forecast,
  groupCells,
  isUsageDay,
  lastDays,
  resolveUsageRange,
  sumCells,
  usageCsv,
  usageRange,
  utcDay,
  type UsageCell,
} from "./usage";

const cell = (over: Partial<UsageCell>): UsageCell => ({
  day: "2026-03-01",
  model: "kling",
  memberId: "m1",
  memberName: "Ada",
  charged: 0,
  refunded: 0,
  renders: 1,
  failures: 0,
  failureRefunds: 0,
  ...over,
});

describe("days are UTC days", () => {
  test("an instant belongs to the UTC day it falls on, whatever offset it was written with", () => {
    // 00:30 in Paris summer time is 22:30 UTC the day before; 23:30 in New York is 04:30 UTC the next day.
    expect(utcDay(Date.parse("2026-06-02T00:30:00+02:00"))).toBe("2026-06-01");
    expect(utcDay(Date.parse("2026-06-01T23:30:00-05:00"))).toBe("2026-06-02");
    expect(utcDay(Date.parse("2026-06-01T00:00:00Z"))).toBe("2026-06-01");
  });

  test("a range lists every day, across a month end and a leap day", () => {
    expect(daysBetween("2028-02-27", "2028-03-01")).toEqual([
      "2028-02-27",
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
    // A daylight-saving change (Europe, 29 March 2026) changes nothing in UTC.
    expect(daysBetween("2026-03-28", "2026-03-30")).toHaveLength(3);
  });

  test("the last N days end today", () => {
    expect(lastDays(7, Date.parse("2026-11-25T23:59:59Z"))).toEqual({ from: "2026-11-19", to: "2026-11-25" });
  });

  test("a query's range: both bounds, one bound and 30 days from or to it, or the last 30 days", () => {
    const today = "2026-11-25";
    expect(resolveUsageRange({ from: "2026-01-01", to: "2026-01-02" }, today)).toEqual({
      from: "2026-01-01",
      to: "2026-01-02",
    });
    expect(resolveUsageRange({ from: "2026-01-01" }, today)).toEqual({
      from: "2026-01-01",
      to: "2026-01-30",
    });
    expect(resolveUsageRange({ to: "2026-01-30" }, today)).toEqual({ from: "2026-01-01", to: "2026-01-30" });
    expect(resolveUsageRange({}, today)).toEqual({ from: "2026-10-27", to: today });
  });

  test("only real calendar days are days", () => {
    expect(isUsageDay("2026-02-28")).toBe(true);
    expect(isUsageDay("9999-12-31")).toBe(false);
    expect(isUsageDay("0001-01-01")).toBe(false);
    expect(isUsageDay("2026-02-30")).toBe(false);
    expect(isUsageDay("2026-2-3")).toBe(false);
    expect(isUsageDay("2026-02-03T00:00:00Z")).toBe(false);
  });
});

describe("the daily aggregation", () => {
  const cells = [
    cell({ day: "2026-03-01", model: "kling", memberName: "Ada", charged: 100, refunded: 0 }),
    cell({
      day: "2026-03-01",
      model: "veo",
      memberName: "Ada",
      charged: 40,
      refunded: 40,
      failures: 1,
      failureRefunds: 40,
    }),
    cell({ day: "2026-03-01", model: "veo", memberId: "m2", memberName: "Bo", charged: 60, refunded: 0 }),
    cell({
      day: "2026-03-03",
      model: "kling",
      memberId: "m2",
      memberName: "Bo",
      charged: 30,
      refunded: 10,
      renders: 2,
    }),
    cell({ day: "2026-03-03", model: "seedream", memberId: null, memberName: null, charged: 0, renders: 4 }),
  ];
  const range = { from: "2026-02-28", to: "2026-03-04" };

  test("every day of the range is a bar, days without spend at zero; a day's net is charged less refunded", () => {
    const series = dailySeries(cells, range, "model");
    expect(series.days.map((d) => d.day)).toEqual(daysBetween(range.from, range.to));
    expect(series.days.map((d) => d.net)).toEqual([0, 160, 0, 20, 0]);
  });

  test("stacked by model: the largest first, each bar's parts summing to its net", () => {
    const series = dailySeries(cells, range, "model");
    expect(series.keys).toEqual(["kling", "veo", "seedream"]);
    const first = series.days[1];
    expect(first?.parts).toEqual([100, 60, 0]);
    for (const day of series.days) expect(day.parts.reduce((a, b) => a + b, 0)).toBe(day.net);
  });

  test("stacked by member: who started it, with sign-in off as the team", () => {
    const series = dailySeries(cells, range, "member");
    expect(series.keys).toEqual(["Ada", "Bo", "Team (sign-in off)"]);
    expect(series.days[1]?.parts).toEqual([100, 60, 0]);
    expect(series.days[3]?.parts).toEqual([0, 20, 0]);
  });

  test("cells outside the range are left out of the bars", () => {
    const series = dailySeries([...cells, cell({ day: "2026-04-01", charged: 999 })], range, "model");
    expect(series.days.reduce((sum, d) => sum + d.net, 0)).toBe(180);
  });

  test("totals: charged, refunded, net, renders and the refunds of failures", () => {
    expect(sumCells(cells)).toEqual({
      charged: 230,
      refunded: 50,
      net: 180,
      renders: 9,
      failures: 1,
      failureRefunds: 40,
    });
  });

  test("tables group by model or member, the largest net first", () => {
    expect(groupCells(cells, "member").map((g) => [g.key, g.net, g.renders])).toEqual([
      ["Ada", 100, 2],
      ["Bo", 80, 3],
      ["Team (sign-in off)", 0, 4],
    ]);
  });
});

describe("the forecast", () => {
  const now = Date.parse("2026-11-20T15:00:00Z");

  test("at the last 7 days' rate: the day the balance runs out and the month's end", () => {
    const result = forecast({
      balance: 1000,
      monthlyGrant: 5000,
      lastWeekNet: 700,
      spentThisMonth: 3000,
      now,
    });
    expect(result.burnPerDay).toBe(100);
    // 1000 credits at 100 a day: ten more days.
    expect(result.runsOutOn).toBe("2026-11-30");
    // 20 to 30 November is 11 days still to spend, today included.
    expect(result.monthEndProjection).toBe(3000 + 11 * 100);
  });

  test("nothing spent lately: the balance does not run out, the month ends where it is", () => {
    const result = forecast({ balance: 10, monthlyGrant: 5000, lastWeekNet: 0, spentThisMonth: 42, now });
    expect(result.runsOutOn).toBeNull();
    expect(result.monthEndProjection).toBe(42);
  });

  test("a balance already spent runs out today", () => {
    expect(
      forecast({ balance: 0, monthlyGrant: 0, lastWeekNet: 70, spentThisMonth: 70, now }).runsOutOn,
    ).toBe("2026-11-20");
  });
});

describe("the CSV export", () => {
  test("one row per day, model and member, with net, in day order; the header names the zone", () => {
    const csv = usageCsv([
      cell({ day: "2026-03-02", model: "veo", charged: 10, refunded: 4 }),
      cell({ day: "2026-03-01", model: "kling", memberName: "=cmd()", charged: 5 }),
    ]);
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe("day (UTC),model,member,charged,refunded,net,renders,failures,failure refunds");
    // A name that a spreadsheet would run as a formula is written as text.
    expect(lines[1]).toBe("2026-03-01,kling,'=cmd(),5,0,5,1,0,0");
    expect(lines[2]).toBe("2026-03-02,veo,Ada,10,4,6,1,0,0");
  });
});

describe("the chart's scale and stacks", () => {
  test("the axis tops out at a round number at or above the largest bar", () => {
    expect(niceScale(730)).toEqual({ top: 800, ticks: [0, 200, 400, 600, 800] });
    expect(niceScale(4)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(niceScale(0).top).toBeGreaterThan(0);
    expect(niceScale(0.5).ticks.at(-1)).toBeGreaterThanOrEqual(0.5);
  });

  test("stacks past the colours are gathered as Other, each day's net kept", () => {
    const keys = ["a", "b", "c", "d"];
    const series = { keys, days: [{ day: "2026-03-01", net: 10, parts: [4, 3, 2, 1] }] };
    expect(foldSeries(series, 3)).toEqual({
      keys: ["a", "b", OTHER_STACK],
      days: [{ day: "2026-03-01", net: 10, parts: [4, 3, 3] }],
    });
    expect(foldSeries(series, 4)).toBe(series);
  });
});

describe("the page's range", () => {
  const now = "2026-11-25";

  test("a preset, a custom range, and the last 30 days for anything else", () => {
    expect(usageRange({ days: "7" }, now)).toEqual({ from: "2026-11-19", to: "2026-11-25", preset: 7 });
    expect(usageRange({ from: "2026-01-01", to: "2026-01-31" }, now)).toEqual({
      from: "2026-01-01",
      to: "2026-01-31",
      preset: null,
    });
    for (const params of [
      {},
      { days: "12" },
      { from: "2026-02-01", to: "2026-01-01" },
      { from: "2020-01-01", to: "2026-01-01" },
    ])
      expect(usageRange(params, now)).toEqual({ from: "2026-10-27", to: "2026-11-25", preset: 30 });
  });
});
