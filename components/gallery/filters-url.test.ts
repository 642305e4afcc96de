import { describe, expect, it } from "vitest";
import { daysAgo, presetOf } from "./date-presets";
import { MINE, dayOf, filtersFromSearchParams, hasFilters, listFilters } from "./filters-url";
import { withFilter, withoutFilters } from "./filters-change";

const parse = (query: string) => filtersFromSearchParams(new URLSearchParams(query));

describe("filtersFromSearchParams", () => {
  it("reads every filter", () => {
    expect(parse("status=failed&kind=video&model=kling&q=%20red%20fox%20")).toEqual({
      status: "failed",
      kind: "video",
      model: "kling",
      q: "red fox",
    });
  });
  it("ignores values that make no sense", () => {
    expect(parse("kind=audio&model=nope&q=%20%20")).toEqual({});
    expect(parse("kind=image&model=kling")).toEqual({ kind: "image" });
    expect(parse(`status=${"x".repeat(41)}`)).toEqual({});
  });
  it("caps the search text", () => {
    expect(parse(`q=${"a".repeat(300)}`).q).toHaveLength(200);
  });
  it("knows when any filter is set", () => {
    expect(hasFilters(parse(""))).toBe(false);
    expect(hasFilters(parse("q=cat"))).toBe(true);
  });
});

describe("board filter", () => {
  it("reads a board id, ignores anything else, and Clear drops it", () => {
    expect(parse("board=brd_abc-1")).toEqual({ board: "brd_abc-1" });
    expect(parse("board=abc")).toEqual({});
    expect(hasFilters(parse("board=brd_abc"))).toBe(true);
    expect(withoutFilters(new URLSearchParams("board=brd_abc&edit=rnd_1")).toString()).toBe("edit=rnd_1");
  });
});

describe("review filter", () => {
  it("reads needs, changes and approved, ignores anything else, and Clear drops it", () => {
    for (const review of ["needs", "changes", "approved"] as const)
      expect(parse(`review=${review}`)).toEqual({ review });
    expect(parse("review=maybe")).toEqual({});
    expect(hasFilters(parse("review=approved"))).toBe(true);
    expect(withoutFilters(new URLSearchParams("review=changes&view=rnd_1")).toString()).toBe("view=rnd_1");
  });
});

describe("member filter", () => {
  it("reads a member id or mine", () => {
    expect(parse("member=mem_abc")).toEqual({ member: "mem_abc" });
    expect(parse("member=mine")).toEqual({ member: MINE });
    expect(parse(`member=${"x".repeat(101)}`)).toEqual({});
    expect(hasFilters(parse("member=mine"))).toBe(true);
  });
  it("asks for the viewer's own renders when the filter is mine", () => {
    const known = (id: string | null) => ({ known: true, id });
    expect(listFilters({ member: MINE, kind: "image" }, known("mem_me"))).toEqual({
      member: "mem_me",
      kind: "image",
    });
    expect(listFilters({ member: "mem_other" }, known("mem_me"))).toEqual({ member: "mem_other" });
    expect(listFilters({ member: MINE }, { known: false, id: null })).toBeNull();
    expect(listFilters({ member: MINE, q: "fox" }, known(null))).toEqual({ q: "fox" });
  });
});

describe("withFilter", () => {
  it("sets and clears a filter, keeping other parameters", () => {
    const set = withFilter(new URLSearchParams("edit=abc"), "status", "ready");
    expect(set.toString()).toBe("edit=abc&status=ready");
    expect(withFilter(set, "status", undefined).toString()).toBe("edit=abc");
  });
  it("drops a model of the other kind when the kind changes", () => {
    expect(withFilter(new URLSearchParams("model=kling"), "kind", "image").toString()).toBe("kind=image");
    expect(withFilter(new URLSearchParams("model=kling"), "kind", "video").toString()).toBe(
      "model=kling&kind=video",
    );
  });
  it("clears every filter but nothing else", () => {
    expect(withoutFilters(new URLSearchParams("status=ready&q=x&edit=1")).toString()).toBe("edit=1");
  });
});

describe("date range and sort", () => {
  it("reads days and a sort other than the default", () => {
    expect(parse("from=2026-05-01&to=2026-05-31&sort=credits")).toEqual({
      from: "2026-05-01",
      to: "2026-05-31",
      sort: "credits",
    });
    expect(parse("sort=newest")).toEqual({});
  });
  it("ignores days that are not, a range that ends before it starts, and unknown sorts", () => {
    expect(parse("from=2026-02-30&to=tomorrow&sort=random")).toEqual({});
    expect(parse("from=2026-05-02&to=2026-05-01")).toEqual({ from: "2026-05-02" });
  });
  it("counts the range as filters and the sort not", () => {
    expect(hasFilters(parse("from=2026-05-01"))).toBe(true);
    expect(hasFilters(parse("sort=oldest"))).toBe(false);
    expect(withoutFilters(new URLSearchParams("from=2026-05-01&to=2026-05-02&sort=oldest")).toString()).toBe(
      "sort=oldest",
    );
  });
  it("asks the list for the viewer's whole local days", () => {
    const range = listFilters(parse("from=2026-05-01&to=2026-05-03"), { known: true, id: null });
    const from = new Date(range?.from ?? "");
    const to = new Date(range?.to ?? "");
    expect([from.getDate(), from.getHours(), from.getMinutes()]).toEqual([1, 0, 0]);
    expect([to.getDate(), to.getHours(), to.getMinutes(), to.getMilliseconds()]).toEqual([3, 23, 59, 999]);
  });
  it("names days back from today in local time", () => {
    const now = new Date(2026, 0, 3, 1, 30);
    expect(daysAgo(0, now)).toBe("2026-01-03");
    expect(daysAgo(6, now)).toBe("2025-12-28");
    expect(dayOf(now)).toBe("2026-01-03");
  });
  it("knows a preset by its first day and no end", () => {
    const now = new Date(2026, 0, 3, 23, 59);
    expect(presetOf("2026-01-03", undefined, now)?.label).toBe("Today");
    expect(presetOf("2025-12-28", undefined, now)?.label).toBe("Last 7 days");
    expect(presetOf("2025-12-05", undefined, now)?.label).toBe("Last 30 days");
    expect(presetOf("2025-12-28", "2026-01-03", now)).toBeUndefined();
    expect(presetOf("2025-12-29", undefined, now)).toBeUndefined();
  });
});

describe("cull filters", () => {
  it("reads rating at least N, picked, rejected and a tag (normalised), and ignores the rest", () => {
    expect(parse("rating=4&picked=true&rejected=false&tag=%20Golden%20HOUR%20&sort=rating")).toEqual({
      rating: "4",
      picked: "true",
      rejected: "false",
      tag: "golden hour",
      sort: "rating",
    });
    expect(parse(`rating=6&picked=yes&rejected=maybe&tag=${"x".repeat(40)}`)).toEqual({});
    expect(parse("tag=a%2Cb&rating=2.5")).toEqual({});
  });
  it("counts as filters, and Clear drops them but keeps the sort", () => {
    expect(hasFilters(parse("rejected=false"))).toBe(true);
    expect(withoutFilters(new URLSearchParams("rating=3&picked=true&tag=hero&sort=rating")).toString()).toBe(
      "sort=rating",
    );
  });
});

describe("Stack versions and a family's versions", () => {
  it("reads stack=true and a family's id, ignores other values, and Clear drops both", () => {
    expect(parse("stack=true&family=rnd_a")).toEqual({ stack: "true", family: "rnd_a" });
    expect(parse(`stack=yes&family=${"x".repeat(201)}`)).toEqual({});
    expect(hasFilters(parse("stack=true"))).toBe(true);
    expect(withoutFilters(new URLSearchParams("stack=true&family=rnd_a&edit=rnd_1")).toString()).toBe(
      "edit=rnd_1",
    );
  });
});
