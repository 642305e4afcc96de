import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { NotificationChoices } from "@/components/notifications/notification-choices";
import { PushDevices } from "@/components/notifications/push-devices";
import { BackLink } from "@/components/ui/back-link";
import { Notice } from "@/components/ui/notice";
import { requirePageMember } from "@/lib/server/pages/session";

export const metadata: Metadata = { title: `Notifications · ${PRODUCT_NAME}` };

/** Your account → Notifications: what reaches the signed-in member, and how. */
export default async function NotificationsPage() {
  await connection();
  const member = await requirePageMember("/account/notifications");
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <BackLink href="/account">Your account</BackLink>
      <div>
        <h1 className="text-lg font-semibold tracking-tight">Notifications</h1>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Everything arrives in your inbox. Choose what also reaches you as a push notification or by email.
        </p>
      </div>
      {member ? (
        <>
          <PushDevices />
          <NotificationChoices />
        </>
      ) : (
        <Notice tone="warning">
          Sign-in is off: nobody has an account. An admin turns it on by setting AUTH_SECRET.
        </Notice>
      )}
    </div>
  );
}
