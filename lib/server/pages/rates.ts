import "server-only";
/** The rate card page's first answer, for an admin (or anyone while sign-in is off). */
import type { RateCard } from "@/lib/contract";
import { rateCard } from "@/lib/server/rates/pricing";
import { requirePageMember } from "./session";

/** The card, or null for a member who is not an admin; without a session this redirects to sign-in. */
export async function rateCardForPage(): Promise<RateCard | null> {
  const member = await requirePageMember("/rates");
  if (member && member.role !== "admin") return null;
  return rateCard();
}
