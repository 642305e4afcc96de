import { describe, expect, it } from "vitest";
import { insertMention, mentionAt, suggestNames } from "./mentions";

describe("mentionAt", () => {
  it("finds the word after an @ at the caret", () => {
    const text = "thanks @Li";
    expect(mentionAt(text, text.length)).toEqual({ start: text.indexOf("@"), query: "Li" });
    expect(mentionAt("@", 1)).toEqual({ start: 0, query: "" });
  });

  it("ignores an email address and a finished word", () => {
    expect(mentionAt("grace@exa", 9)).toBeNull();
    expect(mentionAt("@Linus done", 11)).toBeNull();
  });
});

describe("suggestNames", () => {
  it("puts names that start with the query first, ignoring case", () => {
    expect(suggestNames(["Admin", "Linus", "Grace", "Galina"], "li")).toEqual(["Linus", "Galina"]);
    expect(suggestNames(["A", "B", "C"], "", 2)).toEqual(["A", "B"]);
  });
});

describe("insertMention", () => {
  it("writes the chosen name with a space after it and moves the caret past it", () => {
    const text = "hey @Li how";
    const caret = "hey @Li".length;
    const done = insertMention(text, caret, mentionAt(text, caret)!, "Linus");
    expect(done.text).toBe("hey @Linus how");
    expect(done.text.slice(0, done.caret)).toBe("hey @Linus ");
  });
});
