import { randomBytes } from "node:crypto";
import { createRequire } from "node:module";
import { describe, expect, test } from "vitest";
import CRC32, { bstr, buf, str } from "./native-crc-32";

/** The package the zip writer was written against: the native one must answer exactly as it does. */
const reference = createRequire(import.meta.url)("crc-32") as {
  buf(data: Uint8Array, seed?: unknown): number;
  str(text: string, seed?: unknown): number;
  bstr(text: string, seed?: unknown): number;
};

describe("the native CRC-32 answers as the crc-32 package does", () => {
  test.each([0, 1, 15, 16, 17, 4096, 65_536 + 3])(
    "a buffer of %i random bytes, in one go and in two parts",
    (length) => {
      const data = randomBytes(length);
      expect(buf(data)).toBe(reference.buf(data));
      const cut = Math.floor(length / 3);
      // How a stream checksums: each chunk seeded with the previous result, made unsigned.
      const streamed = buf(data.subarray(cut), buf(data.subarray(0, cut)) >>> 0);
      expect(streamed).toBe(reference.buf(data));
    },
  );

  test("the check value of the standard: 0xCBF43926 for '123456789'", () => {
    expect(buf(Buffer.from("123456789")) >>> 0).toBe(0xcbf43926);
  });

  test("a seed that is not a number counts as 0 (crc32-stream starts from a Buffer)", () => {
    const data = randomBytes(100);
    expect(buf(data, Buffer.alloc(4))).toBe(reference.buf(data, Buffer.alloc(4)));
    expect(buf(data, undefined)).toBe(reference.buf(data));
  });

  test("signed and unsigned seeds give the same result", () => {
    const data = randomBytes(1000);
    const seed = reference.buf(randomBytes(10));
    expect(buf(data, seed)).toBe(reference.buf(data, seed));
    expect(buf(data, seed >>> 0)).toBe(reference.buf(data, seed));
  });

  test("strings: UTF-8 text and binary strings", () => {
    for (const text of ["", "plain", 'Crème brûlée, "studio" light, 富士山 🦊']) {
      expect(str(text)).toBe(reference.str(text));
      expect(CRC32.str(text, 7)).toBe(reference.str(text, 7));
    }
    const binary = String.fromCharCode(...randomBytes(300));
    expect(bstr(binary)).toBe(reference.bstr(binary));
  });
});
