import { expect, test } from "vitest";
import { formatBytes } from "./bytes";

test.each([
  [0, "0 bytes"],
  [1023, "1023 bytes"],
  [1024, "1.0 KB"],
  [256 * 1024, "256 KB"],
  [1536 * 1024, "1.5 MB"],
  [512 * 1024 * 1024, "512 MB"],
  [3 * 1024 ** 3, "3.0 GB"],
])("%d bytes reads %s", (bytes, text) => {
  expect(formatBytes(bytes)).toBe(text);
});
