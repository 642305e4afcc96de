import { describe, expect, it } from "vitest";
import { foldForSearch, mayMatchPrompt, searchTerms } from "./prompt-search";

describe("searchTerms", () => {
  it("splits at any white space and drops repeats", () => {
    expect(searchTerms(" red\tfox\u3000red ")).toEqual(["red", "fox"]);
    expect(searchTerms("   ")).toEqual([]);
    expect(searchTerms(undefined)).toEqual([]);
  });
});

describe("mayMatchPrompt", () => {
  it("finds every term anywhere, any case, accents ignored", () => {
    expect(mayMatchPrompt("A Lighthouse at dusk", "light DUSK")).toBe(true);
    expect(mayMatchPrompt("Spotlight", "light")).toBe(true);
    expect(mayMatchPrompt("Crème brûlée", "creme BRULEE")).toBe(true);
    expect(mayMatchPrompt("creme brulee", "Crème")).toBe(true);
    expect(mayMatchPrompt("東京の夜景", "夜景")).toBe(true);
    expect(mayMatchPrompt("a lighthouse", "light harbour")).toBe(false);
  });
  it("matches everything without terms", () => {
    expect(mayMatchPrompt("anything", " ")).toBe(true);
  });
  it("folds as the index does", () => {
    expect(foldForSearch("ÉCOLE Ñandú")).toBe("ecole nandu");
  });
});
