import { describe, expect, test } from "vitest";
import { csvCell, csvText } from "./csv";

describe("csvCell", () => {
  test.each([
    ["plain", "plain"],
    ['say "hi"', '"say ""hi"""'],
    ["a, b", '"a, b"'],
    ["line\nbreak", '"line\nbreak"'],
    ["cr\r\nlf", '"cr\r\nlf"'],
    ['=HYPERLINK("x")', '"\'=HYPERLINK(""x"")"'],
    ["+1", "'+1"],
    ["-cmd", "'-cmd"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tTAB", "'\tTAB"],
    ["富士山 🦊 crème", "富士山 🦊 crème"],
  ])("%j → %j", (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test("numbers and booleans as written; null empty; objects as JSON", () => {
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(false)).toBe("false");
    expect(csvCell(null)).toBe("");
    expect(csvCell(["a", "b"])).toBe('"[""a"",""b""]"');
  });
});

describe("csvText", () => {
  test("a byte-order mark, then every row's cells joined by commas, each row ended by CRLF", () => {
    expect(
      csvText([
        ["name", "note"],
        ["Ada", 'said "hi", left'],
        [null, 3],
      ]),
    ).toBe('\uFEFFname,note\r\nAda,"said ""hi"", left"\r\n,3\r\n');
  });

  test("a header alone is one row", () => {
    expect(csvText([["a", "b"]])).toBe("\uFEFFa,b\r\n");
  });
});
