import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { JoinForm } from "@/components/people/link-forms";
import { LinkPage } from "@/components/people/link-page";
import { joinPageView } from "@/lib/server/pages/people";

export const metadata: Metadata = { title: `Join the team · ${PRODUCT_NAME}`, referrer: "no-referrer" };

/** Open without a session: an invite's link. A used, revoked or expired one says so and signs nobody in. */
export default async function JoinPage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const view = await joinPageView(token);
  return (
    <LinkPage
      title="Join the team"
      unusable={view.usable ? null : view.message}
      intro="Choose the name the team sees and a password of at least 10 characters."
    >
      {view.usable && <JoinForm token={token} name={view.name} email={view.email} />}
    </LinkPage>
  );
}
