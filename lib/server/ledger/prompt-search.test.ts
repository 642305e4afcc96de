import { describe, expect, it } from "vitest";
import { searchTerms } from "@/lib/domain/prompt-search";
import { ftsQuery, likePattern } from "./prompt-search";

const query = (text: string) => ftsQuery(searchTerms(text));

describe("ftsQuery", () => {
  it("quotes each term and needs them all", () => {
    expect(query("light house")).toBe('"light" AND "house"');
    expect(query("  lighthouse  ")).toBe('"lighthouse"');
  });

  it("keeps query syntax inside quoted text", () => {
    expect(query('"quoted"')).toBe('"""quoted"""');
    // a*, OR, b, d) and ^f are short: LIKE takes them.
    expect(query("a* OR NOT b NEAR(c d) col:e ^f")).toBe('"NOT" AND "NEAR(c" AND "col:e"');
    expect(query('" OR "')).toBeNull();
    expect(query('ab" OR "cd')).toBe('"ab""" AND """cd"');
  });

  it("leaves terms shorter than three characters to LIKE", () => {
    expect(query("a b")).toBeNull();
    expect(query("4k cat")).toBe('"cat"');
    expect(query("")).toBeNull();
  });

  it("counts characters, not UTF-16 units or bytes", () => {
    expect(query("夜景")).toBeNull();
    expect(query("🐱🐶")).toBeNull();
    expect(query("東京の")).toBe('"東京の"');
  });
});

describe("likePattern", () => {
  it("takes wildcards and the escape character literally", () => {
    expect(likePattern("50%")).toBe("%50\\%%");
    expect(likePattern("a_b\\")).toBe("%a\\_b\\\\%");
  });
});
