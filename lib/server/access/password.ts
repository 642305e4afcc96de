import "server-only";
/**
 * Password hashing with scrypt (memory-hard, in Node's standard library). Each hash is stored as
 * `scrypt$N$r$p$salt$key`, so the cost can be raised later without invalidating existing passwords:
 * a hash made at a lower cost still verifies, and `needsRehash` tells sign-in to store a new one.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { processSingleton } from "@/lib/server/runtime/process-singleton";
import { settings } from "@/lib/server/runtime/config";

/**
 * N = 2^PASSWORD_HASH_COST (17 by default, OWASP's scrypt minimum: 128 MiB and about 0.4 s per
 * attempt on a 2-core server), r = 8, p = 1. Hashes made at another N (2^15 before the default was
 * raised) are rewritten on their member's next sign-in.
 */
const params = () => ({ N: 2 ** settings().PASSWORD_HASH_COST, r: 8, p: 1 });
const KEY_LENGTH = 32;
/**
 * scrypt needs a little over 128·N·r bytes; Node refuses anything over 32 MiB unless `maxmem` is
 * raised, so each hash is allowed twice what its parameters need.
 */
const maxMemory = (N: number, r: number) => 2 * 128 * N * r;
/**
 * At most this many hashes at once: each holds 128 MiB, and a burst of sign-ins (all passing the
 * throttle before any failure is counted) must not take the server's memory or every libuv thread.
 */
const MAX_CONCURRENT = 2;

/** Shared by every bundle of the process (each route handler may be its own module instance). */
const slots = processSingleton("password-hash-slots", () => ({ running: 0, waiting: [] as (() => void)[] }));

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (slots.running >= MAX_CONCURRENT) await new Promise<void>((resolve) => slots.waiting.push(resolve));
  else slots.running++;
  try {
    return await work();
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = slots.waiting.shift();
    if (next) next();
    else slots.running--;
  }
}

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  withHashSlot(
    () =>
      new Promise<Buffer>((resolve, reject) =>
        scryptCallback(password, salt, keylen, options, (error, key) =>
          error ? reject(error) : resolve(key),
        ),
      ),
  );

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [scheme, n, r, p, salt, key, extra] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key || extra !== undefined) return null;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (![N, R, P].every((v) => Number.isInteger(v) && v > 0)) return null;
  return { N, r: R, p: P, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = params();
  const key = await scrypt(password, salt, KEY_LENGTH, { N, r, p, maxmem: maxMemory(N, r) });
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * What a member made by single sign-on has for a password: no hash, so no password verifies against
 * it (sign-in checks the decoy instead, so it takes as long as any other).
 */
export const NO_PASSWORD = "none";

/** Whether a stored value is a password hash (rather than NO_PASSWORD). */
export const hasPassword = (stored: string) => parseHash(stored) !== null;

/** Verifies against a stored hash of any cost this module has used; false for a malformed one. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await scrypt(password, parsed.salt, parsed.key.length, {
    N: parsed.N,
    r: parsed.r,
    p: parsed.p,
    maxmem: maxMemory(parsed.N, parsed.r),
  });
  return actual.length === parsed.key.length && timingSafeEqual(actual, parsed.key);
}

/** Whether a stored hash was made at other parameters than today's, so sign-in should store a new one. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  const { N, r, p } = params();
  return !parsed || parsed.N !== N || parsed.r !== r || parsed.p !== p;
}

/**
 * A hash of a random password at today's cost: verified against when the email is unknown, so an
 * unknown email takes as long as a known one.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
