import type { Metadata } from "next";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { UnsubscribeForm } from "@/components/notifications/unsubscribe-form";

export const metadata: Metadata = { title: `Unsubscribe · ${PRODUCT_NAME}` };

/** Where an email's unsubscribe link leads; it works without signing in (the token is signed). */
export default async function UnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string }>;
}) {
  const { token = "" } = await searchParams;
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-4">
      <h1 className="text-lg font-semibold tracking-tight">Unsubscribe</h1>
      <UnsubscribeForm token={token} />
    </div>
  );
}
