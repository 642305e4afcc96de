import "server-only";
/**
 * Secrets the dashboard hands out once (share links, API tokens): 32 random bytes in base64url, and
 * the SHA-256 the ledger keeps in their place, so a copy of the database opens nothing.
 */
import { createHash, randomBytes } from "node:crypto";

/** 32 random bytes: 256 bits, 43 characters of base64url. */
const SECRET_BYTES = 32;

/** A new secret, after `prefix` (which may be empty). */
export const newSecretToken = (prefix = "") => `${prefix}${randomBytes(SECRET_BYTES).toString("base64url")}`;

/** What the ledger stores and looks a token up by: its SHA-256 in hex. */
export const hashSecretToken = (token: string) => createHash("sha256").update(token).digest("hex");
