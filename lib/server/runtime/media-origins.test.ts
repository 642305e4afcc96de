import { describe, expect, test } from "vitest";
import { mediaOriginsFrom } from "./media-origins";

describe("mediaOriginsFrom", () => {
  test.each([
    [undefined, "http://127.0.0.1:4010/", ["http://127.0.0.1:4010"]],
    [
      ["https://a.example", "https://b.example"],
      "http://ignored",
      ["https://a.example", "https://b.example"],
    ],
    [undefined, "javascript:alert(1)", []],
    [undefined, undefined, []],
  ])("MEDIA_ORIGINS=%j, base %s → %j", (origins, base, expected) => {
    expect(mediaOriginsFrom(origins, base)).toEqual(expected);
  });
});
