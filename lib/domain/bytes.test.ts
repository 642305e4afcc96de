import { expect, test } from "vitest";
import { formatBytes } from "./bytes";

const MB = 1024 * 1024;

test.each([
  [0, "0 bytes"],
  [-5, "0 bytes"],
  [1023, "1023 bytes"],
  [1024, "1 KB"],
  [1536, "1.5 KB"],
  [256 * 1024, "256 KB"],
  [1536 * 1024, "1.5 MB"],
  [500 * MB, "500 MB"],
  [512 * MB, "512 MB"],
  [1.25 * 1024 * MB, "1.3 GB"],
  [3 * 1024 * MB, "3 GB"],
])("%d bytes reads %s", (bytes, text) => {
  expect(formatBytes(bytes)).toBe(text);
});
