/**
 * The `crc-32` package's interface on Node's native CRC-32 (`zlib.crc32`), for the zip writer:
 * next.config.mjs resolves `crc-32` to this module, so every stored zip entry is checksummed at
 * native speed instead of in JavaScript (docs/architecture.md, "Downloads and zips").
 *
 * Same contract as the package: results are signed 32-bit integers (callers apply `>>> 0`), and a
 * seed that is not a number counts as 0, as it does there.
 */
import { crc32 } from "node:zlib";

const seedOf = (seed: unknown) => (typeof seed === "number" ? seed >>> 0 : 0);

export function buf(data: Uint8Array, seed?: unknown): number {
  return crc32(data, seedOf(seed)) | 0;
}

export function str(text: string, seed?: unknown): number {
  return crc32(text, seedOf(seed)) | 0;
}

/** A "binary string": one byte per character. */
export function bstr(text: string, seed?: unknown): number {
  return buf(Buffer.from(text, "latin1"), seed);
}

const CRC32 = { buf, str, bstr, version: "native" };
export default CRC32;
