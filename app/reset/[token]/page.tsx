import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { ResetForm } from "@/components/people/link-forms";
import { LinkPage } from "@/components/people/link-page";
import { resetPageView } from "@/lib/server/pages/people";

export const metadata: Metadata = { title: `Set a new password · ${PRODUCT_NAME}`, referrer: "no-referrer" };

/** Open without a session: a password reset's link (1 hour, once). Every other session of the member ends. */
export default async function ResetPage({ params }: { params: Promise<{ token: string }> }) {
  await connection();
  const { token } = await params;
  const view = await resetPageView(token);
  return (
    <LinkPage
      title="Set a new password"
      unusable={view.usable ? null : view.message}
      intro={
        view.usable
          ? `For ${view.name}: at least 10 characters. You will be signed out everywhere else.`
          : undefined
      }
    >
      {view.usable && <ResetForm token={token} />}
    </LinkPage>
  );
}
