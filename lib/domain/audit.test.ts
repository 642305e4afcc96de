import { describe, expect, test } from "vitest";
import { changeOf, changeWords } from "./audit";

describe("changeOf", () => {
  test("names only the fields the patch changes, each before and after", () => {
    expect(changeOf({ role: "member", cap: null, budget: 10 }, { role: "admin", cap: null })).toEqual({
      before: { role: "member" },
      after: { role: "admin" },
    });
  });

  test("a field the patch leaves out, or sets to what it was, is no change", () => {
    expect(changeOf({ role: "member" }, { role: undefined })).toBeNull();
    expect(changeOf({ role: "member" }, { role: "member" })).toBeNull();
  });

  test("a field cleared to null is a change, and one set from nothing too", () => {
    expect(changeOf({ cap: 500 }, { cap: null })).toEqual({ before: { cap: 500 }, after: { cap: null } });
    expect(changeOf({}, { cap: 5 })).toEqual({ before: { cap: null }, after: { cap: 5 } });
  });
});

test("changeWords: each field before → after, none for null, a field on one side alone as it is", () => {
  expect(
    changeWords({
      before: { role: "member", cap: null, decision: null },
      after: { role: "admin", cap: 500, decision: "declined", note: "Later" },
    }),
  ).toBe("role: member → admin; cap: none → 500; decision: none → declined; note: Later");
});
