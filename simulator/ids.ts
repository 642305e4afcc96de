/**
 * Identifiers and deterministic pseudo-randomness.
 *
 * Render timings and pictures derive from a hash of the render id, so a render behaves the same every
 * time it is observed and tests that depend on timing stay stable.
 */
import { randomBytes } from "node:crypto";

/** A fresh identifier with a readable prefix, e.g. `rnd_3k9x...`. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "x").toLowerCase()}`;
}

/** 32-bit FNV-1a: small, fast and well spread for short strings; not for anything secret. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A number in [0, 1) fixed by `seed` and `salt`, so each use of the same id gets its own draw. */
export function unitFromSeed(seed: string, salt: string): number {
  return hash32(`${salt}:${seed}`) / 0x1_0000_0000;
}
