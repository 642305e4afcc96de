import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { AdminsOnly } from "@/components/layout/admins-only";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { TeamAdmin } from "@/components/team/team-admin";
import { buttonClasses } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { authEnabled, requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `Team · ${PRODUCT_NAME}` };

/** Admins only (the routes it calls check too). With sign-in off everyone acts as the team. */
export default async function TeamPage() {
  await connection();
  const member = await requirePageMember("/team");
  if (member && member.role !== "admin")
    return (
      <AdminsOnly>
        Only a team admin can see members and set credit caps. Ask an admin if your cap needs changing.
      </AdminsOnly>
    );
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-lg font-semibold tracking-tight">Team</h1>
        <Link href="/team/audit" className={buttonClasses({ size: "sm" })}>
          Audit log
        </Link>
      </div>
      {!authEnabled() && (
        <Notice tone="warning">
          Member caps and approvals need sign-in: while it is off nobody is signed in, so neither applies. The
          team budget and the confirmation before costly renders still do.
        </Notice>
      )}
      <TeamAdmin selfId={member?.id ?? null} />
    </div>
  );
}
