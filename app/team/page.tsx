import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
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
  if (member && member.role !== "admin") return <AdminsOnly />;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <h1 className="text-lg font-semibold tracking-tight">Team</h1>
      {!authEnabled() && (
        <Notice tone="warning">
          Member caps and approvals need sign-in: while it is off nobody is signed in, so neither applies.
          The team budget and the confirmation before costly renders still do.
        </Notice>
      )}
      <TeamAdmin />
    </div>
  );
}

function AdminsOnly() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-400">403</p>
      <h1 className="text-xl font-semibold">Admins only</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Only a team admin can see members and set credit caps. Ask an admin if your cap needs changing.
      </p>
      <Link href="/" className={buttonClasses({ variant: "primary" })}>
        Back to all renders
      </Link>
    </div>
  );
}
