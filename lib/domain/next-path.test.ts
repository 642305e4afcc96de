import { describe, expect, it } from "vitest";
import { safeNextPath, signInPath } from "./next-path";

describe("safeNextPath", () => {
  it("keeps a path on this site, with its query", () => {
    expect(safeNextPath("/renders/r_1")).toBe("/renders/r_1");
    expect(safeNextPath("/?kind=video&q=cat")).toBe("/?kind=video&q=cat");
    expect(safeNextPath("/team")).toBe("/team");
  });
  it("falls back to home for anything that could leave the site", () => {
    for (const next of [
      null,
      undefined,
      "",
      "team",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example",
      "javascript:alert(1)",
      "/\t/evil.example",
      "/\n/evil.example",
    ]) {
      expect(safeNextPath(next)).toBe("/");
    }
  });
});

describe("signInPath", () => {
  it("names where to return, except home", () => {
    expect(signInPath("/")).toBe("/sign-in");
    expect(signInPath("/renders/r_1")).toBe("/sign-in?next=%2Frenders%2Fr_1");
    expect(signInPath("//evil.example")).toBe("/sign-in");
  });
});
