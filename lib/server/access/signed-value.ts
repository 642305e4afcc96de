import "server-only";
/**
 * Values the browser keeps and hands back unchanged: `<payload>.<HMAC-SHA256 of the payload>`, both
 * base64url. The session cookie and single sign-on's flow cookie are signed this way.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

const mac = (payload: string, key: string | Buffer) =>
  createHmac("sha256", key).update(payload).digest("base64url");

/** `payload` (base64url already) with its signature. */
export const signValue = (payload: string, key: string | Buffer) => `${payload}.${mac(payload, key)}`;

/** The payload of a value this key signed, or null for anything else. */
export function verifiedPayload(value: string, key: string | Buffer): string | null {
  const [payload, signature, extra] = value.split(".");
  if (!payload || !signature || extra !== undefined) return null;
  const expected = Buffer.from(mac(payload, key));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? payload : null;
}
