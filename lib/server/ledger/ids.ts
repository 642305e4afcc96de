import { randomBytes } from "node:crypto";

/** A ledger id: a readable prefix and 16 random bytes, URL-safe and within the render id pattern. */
export function newLedgerId(
  prefix: "req" | "upl" | "pst" | "shr" | "brd" | "tok" | "run" | "cmt" | "inb",
): string {
  return `${prefix}_${randomBytes(16).toString("base64url")}`;
}
