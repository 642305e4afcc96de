import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { ChangePassword } from "@/components/people/change-password";
import { YourSessions } from "@/components/people/your-sessions";
import { BackLink } from "@/components/ui/back-link";
import { Notice } from "@/components/ui/notice";
import { requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `Your account · ${PRODUCT_NAME}` };

/** The signed-in member's sessions and password. */
export default async function AccountPage() {
  await connection();
  const member = await requirePageMember("/account");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink href="/">All renders</BackLink>
      <div>
        <h1 className="text-lg font-semibold tracking-tight">Your account</h1>
        {member && (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {member.name} · {member.email} · {member.role === "admin" ? "Admin" : "Member"}
          </p>
        )}
      </div>
      {member ? (
        <>
          <p className="text-sm">
            <Link
              href="/account/notifications"
              className="font-medium text-indigo-700 underline dark:text-indigo-400"
            >
              Notifications
            </Link>
            : what reaches you by push and email.
          </p>
          <YourSessions />
          <ChangePassword />
        </>
      ) : (
        <Notice tone="warning">
          Sign-in is off: nobody has an account. An admin turns it on by setting AUTH_SECRET.
        </Notice>
      )}
    </div>
  );
}
