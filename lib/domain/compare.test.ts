import { describe, expect, it } from "vitest";
import { COMPARE_MAX, compareHref, compareProblems, parseCompareIds } from "./compare";

describe("parseCompareIds", () => {
  it("keeps well-formed ids in the order given, ignoring blanks and empty entries", () => {
    expect(parseCompareIds(" rnd_a, ,rnd-b,,rnd_c ")).toEqual({
      ids: ["rnd_a", "rnd-b", "rnd_c"],
      malformed: [],
      duplicates: [],
      overflow: [],
    });
  });

  it("sets aside malformed entries and repeats, each named once", () => {
    const selection = parseCompareIds("rnd_a,../x,rnd_a,has space,rnd_b,rnd_a,../x");
    expect(selection).toEqual({
      ids: ["rnd_a", "rnd_b"],
      malformed: ["../x", "has space"],
      duplicates: ["rnd_a"],
      overflow: [],
    });
  });

  it("leaves out ids beyond the most a page compares", () => {
    const ids = Array.from({ length: COMPARE_MAX + 2 }, (_, i) => `rnd_${i}`);
    const selection = parseCompareIds(ids.join(","));
    expect(selection.ids).toEqual(ids.slice(0, COMPARE_MAX));
    expect(selection.overflow).toEqual(ids.slice(COMPARE_MAX));
  });

  it("reads a missing parameter as nothing and a repeated one as one list", () => {
    expect(parseCompareIds(undefined).ids).toEqual([]);
    expect(parseCompareIds(null).ids).toEqual([]);
    expect(parseCompareIds(["rnd_a", "rnd_b,rnd_c"]).ids).toEqual(["rnd_a", "rnd_b", "rnd_c"]);
  });

  it("refuses an id longer than the ledger's pattern allows", () => {
    expect(parseCompareIds("a".repeat(129)).malformed).toHaveLength(1);
  });
});

describe("compareHref", () => {
  it("builds the address parseCompareIds reads back", () => {
    const ids = ["rnd_a", "rnd-b", "req_3"];
    const href = compareHref(ids);
    expect(href.startsWith("/compare?ids=")).toBe(true);
    expect(parseCompareIds(new URL(href, "http://x").searchParams.get("ids")).ids).toEqual(ids);
  });
});

describe("compareProblems", () => {
  it("says nothing about a good selection", () => {
    expect(compareProblems(parseCompareIds("rnd_a,rnd_b"), [])).toEqual({ messages: [], fixHref: null });
  });

  it("names malformed, repeated, unknown and left-out ids, and links to what can be compared", () => {
    const selection = parseCompareIds("rnd_a,bad id,rnd_a,rnd_b,rnd_c,rnd_d,rnd_e");
    const { messages, fixHref } = compareProblems(selection, ["rnd_c"]);
    expect(messages).toHaveLength(4);
    expect(messages[0]).toContain("“bad id”");
    expect(messages[1]).toContain("“rnd_a”");
    expect(messages[2]).toContain("“rnd_c”");
    expect(messages[3]).toContain("“rnd_e”");
    expect(fixHref).toBe(compareHref(["rnd_a", "rnd_b", "rnd_d"]));
  });

  it("asks for more renders when fewer than two are left, with no link to a page that cannot compare", () => {
    const one = compareProblems(parseCompareIds("rnd_a"), []);
    expect(one.messages).toEqual([expect.stringMatching(/only 1 can be shown/)]);
    expect(one.fixHref).toBeNull();

    const unknownPair = compareProblems(parseCompareIds("rnd_a,rnd_b"), ["rnd_a"]);
    expect(unknownPair.messages).toHaveLength(2);
    expect(unknownPair.messages[0]).toContain("“rnd_a”");
    expect(unknownPair.fixHref).toBeNull();
  });

  it("invites a choice when no ids were given at all", () => {
    const { messages } = compareProblems(parseCompareIds(""), []);
    expect(messages).toEqual([expect.stringMatching(/^Choose 2 to 4 renders/)]);
  });
});
