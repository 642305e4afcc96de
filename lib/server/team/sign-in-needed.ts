import "server-only";
/**
 * People are managed with sign-in on: with it off there are no sessions, and every caller acts as
 * the team, so invites, deactivation and password resets have nobody to act on or for.
 */
import { AppError, type Member } from "@/lib/contract";

/** The signed-in caller of a people route; with sign-in off (null) the route says what it needs. */
export function signedInCaller(member: Member | null): Member {
  if (!member)
    throw new AppError("not_found", "Managing people needs sign-in: set AUTH_SECRET to turn it on.");
  return member;
}
