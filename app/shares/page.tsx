import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { ShareList } from "@/components/shares/share-list";
import { PageIntro } from "@/components/ui/page-intro";
import { requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `Share links · ${PRODUCT_NAME}` };

/** The caller's share links (an admin's: everyone's); the route they read checks the same. */
export default async function SharesPage() {
  await connection();
  const member = await requirePageMember("/shares");
  const everyone = member === null || member.role === "admin";
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <PageIntro title="Share links">
        {everyone ? "Every link the team has made." : "The links you made."} Anyone with a link sees its
        render without signing in; revoking it stops it at once.
      </PageIntro>
      <ShareList />
    </div>
  );
}
