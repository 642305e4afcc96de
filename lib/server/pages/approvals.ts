import "server-only";
/** The approvals page's first answer: the queue, for an admin (or anyone while sign-in is off). */
import type { ApprovalList, SessionInfo } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { countWaiting } from "@/lib/server/ledger/approvals";
import { listApprovals } from "@/lib/server/approvals/service";
import { requirePageMember } from "./session";

/** Null for a member who is not an admin; without a session (sign-in on) this redirects to sign-in. */
export async function approvalsForPage(): Promise<ApprovalList | null> {
  const member = await requirePageMember("/approvals");
  if (member && member.role !== "admin") return null;
  return listApprovals();
}

/** For the header: how many renders wait, for an admin signed in; null for anyone else. */
export async function headerApprovalCount(session: SessionInfo): Promise<number | null> {
  return session.member?.role === "admin" ? countWaiting(await getDb()) : null;
}
