import type { Metadata } from "next";
import { connection } from "next/server";
import { AdminsOnly } from "@/components/layout/admins-only";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { AuditLog } from "@/components/team/audit-log";
import { BackLink } from "@/components/ui/back-link";
import { authEnabled, requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `Audit log · ${PRODUCT_NAME}` };

/** Admins only (the routes it calls check too). With sign-in off everyone acts as the team. */
export default async function AuditLogPage() {
  await connection();
  const member = await requirePageMember("/team/audit");
  if (member && member.role !== "admin")
    return <AdminsOnly>Only a team admin can read the audit log.</AdminsOnly>;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4">
      <BackLink href="/team">Team</BackLink>
      <div>
        <h1 className="text-lg font-semibold tracking-tight">Audit log</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Who did what and from which address: sign-ins, changes to members, tokens, share links, approvals,
          the team&apos;s settings and rate card, deleted boards and archived renders.
        </p>
      </div>
      <AuditLog signInOn={authEnabled()} />
    </div>
  );
}
