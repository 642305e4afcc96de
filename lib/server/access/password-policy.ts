import "server-only";
/**
 * What a new password must be: at least MIN_PASSWORD_LENGTH characters, and not among the most
 * common passwords. The list is `@zxcvbn-ts/language-common`'s (the ~49,000 most common passwords
 * of public breach corpora, ranked), kept by the zxcvbn-ts project rather than copied into this one,
 * and only loaded on the server. Compared without regard to case: "Password123" is "password123".
 */
import { dictionary } from "@zxcvbn-ts/language-common";
import { AppError, MIN_PASSWORD_LENGTH } from "@/lib/contract";
import { processSingleton } from "@/lib/server/runtime/process-singleton";

/** Only entries a password could be (long enough) are kept. */
const commonPasswords = () =>
  processSingleton(
    "common-passwords",
    () =>
      new Set(
        (dictionary["passwords-common"] as readonly string[])
          .filter((p) => p.length >= MIN_PASSWORD_LENGTH)
          .map((p) => p.toLowerCase()),
      ),
  );

/** Why `password` may not be used, or null when it may. */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (commonPasswords().has(password.toLowerCase())) {
    return "is one of the most common passwords: choose one nobody would guess";
  }
  return null;
}

/** Throws 422 naming `field` when the password may not be used. */
export function assertAcceptablePassword(password: string, field: string): void {
  const problem = passwordProblem(password);
  if (problem) throw new AppError("invalid_request", `${field} ${problem}.`, { field });
}
