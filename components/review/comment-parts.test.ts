import { describe, expect, it } from "vitest";
import { splitCommentText } from "./comment-parts";

const joined = (text: string) =>
  splitCommentText(text)
    .map((part) => part.text)
    .join("");

describe("splitCommentText", () => {
  it("keeps every character, markup included, in order", () => {
    for (const text of [
      '<img src=x onerror="alert(1)">',
      "line one\nline two\n\n@Linus see https://a.example/x.",
      "",
    ]) {
      expect(joined(text)).toBe(text);
    }
    expect(splitCommentText("<b>hi</b>").every((part) => part.kind === "text")).toBe(true);
  });

  it("makes links of http and https addresses only, leaving the sentence's full stop out", () => {
    const parts = splitCommentText("see https://example.com/a?b=1. and javascript:alert(1) or http://x.test");
    expect(parts.filter((part) => part.kind === "link").map((part) => part.text)).toEqual([
      "https://example.com/a?b=1",
      "http://x.test",
    ]);
  });

  it("marks @mentions but not the @ of an email address", () => {
    const parts = splitCommentText("@Grace and @linus_t, mail grace@example.com");
    expect(parts.filter((part) => part.kind === "mention").map((part) => part.text)).toEqual([
      "@Grace",
      "@linus_t",
    ]);
  });
});
