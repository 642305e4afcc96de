import { describe, expect, it } from "vitest";
import { promptQuery, promptSuggestions, stepActive } from "./suggestions";

describe("stepActive", () => {
  it("starts at either end from no option", () => {
    expect(stepActive(-1, 4, 1)).toBe(0);
    expect(stepActive(-1, 4, -1)).toBe(3);
  });

  it("moves one step and wraps around at both ends", () => {
    const count = 3;
    const down = [stepActive(0, count, 1), stepActive(1, count, 1), stepActive(count - 1, count, 1)];
    expect(down).toEqual([1, 2, 0]);
    const up = [stepActive(2, count, -1), stepActive(1, count, -1), stepActive(0, count, -1)];
    expect(up).toEqual([1, 0, count - 1]);
  });

  it("has no option to move to in an empty list", () => {
    expect(stepActive(-1, 0, 1)).toBe(-1);
    expect(stepActive(2, 0, -1)).toBe(-1);
  });
});

describe("promptSuggestions", () => {
  it("leaves out the prompt already typed, keeping the order", () => {
    const history = ["a fox in snow", "a fox", "snow at dusk"];
    expect(promptSuggestions(history, "  a fox ")).toEqual(["a fox in snow", "snow at dusk"]);
    expect(promptSuggestions(history, "a")).toEqual(history);
  });
});

describe("promptQuery", () => {
  it("sends the trimmed text, or nothing past the limit", () => {
    expect(promptQuery("  red fox  ", 10)).toBe("red fox");
    expect(promptQuery("x".repeat(11), 10)).toBeNull();
    expect(promptQuery(` ${"x".repeat(10)} `, 10)).toBe("x".repeat(10));
  });
});
