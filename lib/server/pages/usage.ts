import "server-only";
/** The usage page's first answer, read for the member allowed to see it. */
import type { Usage } from "@/lib/contract";
import { usageRange, utcDay } from "@/lib/domain/usage";
import { usageFor } from "@/lib/server/usage/service";
import { requirePageMember } from "./session";

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The UTC day it is and the usage of the range the address asks for; without a session (sign-in
 * on) this redirects to sign-in first.
 */
export async function usageForPage(params: SearchParams): Promise<{ today: string; usage: Usage }> {
  const member = await requirePageMember("/usage");
  const today = utcDay(Date.now());
  const { from, to } = usageRange(
    { days: one(params.days), from: one(params.from), to: one(params.to) },
    today,
  );
  return { today, usage: await usageFor({ from, to }, member) };
}
