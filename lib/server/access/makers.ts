import "server-only";
/**
 * Who may change what the team shares (a preset, a board): everyone while sign-in is off (all act as
 * the team); with it on, the member who made it or an admin. A thing made while sign-in was off has
 * no maker, so only admins may change it once sign-in is on.
 */
import { AppError, type MadeBy, type Member } from "@/lib/contract";

/** A refusal of the name the team already uses: 409 `name_taken` on the `name` field. */
export const nameTaken = (what: string, name: string) =>
  new AppError("name_taken", `A ${what} named "${name}" already exists in the team.`, { field: "name" });

/** Throws 403 `forbidden` unless `member` may change a `what` made by `madeBy`. */
export function requireMakerOrAdmin(what: string, madeBy: MadeBy, member: Member | null): void {
  if (member && member.role !== "admin" && madeBy?.id !== member.id) {
    throw new AppError("forbidden", `Only the member who made this ${what}, or an admin, may change it.`);
  }
}
