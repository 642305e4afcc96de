import { describe, expect, it } from "vitest";
import { z } from "zod/mini";
import { multiLineText, searchText, singleLineText, withoutControls } from "./text";

const every = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const C0 = every(0x00, 0x1f);
const C1 = every(0x80, 0x9f);
const CONTROLS = [...C0, "\u007f", ...C1];

const accepts = (check: ReturnType<typeof singleLineText>, text: string) =>
  z.safeParse(z.string().check(check), text).success;

describe("singleLineText", () => {
  it("refuses every control character, naming the field", () => {
    for (const control of CONTROLS) expect(accepts(singleLineText("name"), `a${control}b`)).toBe(false);
    const refused = z.safeParse(z.string().check(singleLineText("name")), "a\u0000b");
    expect(refused.error?.issues[0]?.message).toBe(
      "name must be one line of text without control characters",
    );
  });

  it("takes any other text", () => {
    for (const text of ["Greens", "東京の夜景 🌃", "a\u00a0b", "Crème brûlée", ""]) {
      expect(accepts(singleLineText("name"), text)).toBe(true);
    }
  });
});

describe("multiLineText", () => {
  it("takes line breaks and tabs, and refuses every other control character", () => {
    expect(accepts(multiLineText("prompt"), "one\r\ntwo\n\tthree")).toBe(true);
    const others = CONTROLS.filter((c) => !["\t", "\n", "\r"].includes(c));
    expect(others).toHaveLength(65 - 3);
    for (const control of others) expect(accepts(multiLineText("prompt"), `a${control}b`)).toBe(false);
    const refused = z.safeParse(z.string().check(multiLineText("prompt")), "a\u0007b");
    expect(refused.error?.issues[0]?.message).toBe(
      "prompt must not contain control characters (line breaks and tabs are fine)",
    );
  });
});

describe("search text", () => {
  it("drops control characters; those that part words become spaces", () => {
    expect(withoutControls("fa\u0000b")).toBe("fab");
    expect(withoutControls("fab\tlamp\r\nbench\u0085end\u000bx")).toBe("fab lamp  bench end x");
    expect(CONTROLS.map(withoutControls).join("").trim()).toBe("");
  });

  it("is checked for length, then cleaned", () => {
    expect(z.parse(searchText("q", 5), "fa\u0000b")).toBe("fab");
    expect(z.safeParse(searchText("q", 5), "abcdef").error?.issues[0]?.message).toBe(
      "q must be at most 5 characters",
    );
  });
});
