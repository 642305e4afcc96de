import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { ApprovalsQueue } from "@/components/approvals/approvals-queue";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { Notice } from "@/components/ui/notice";
import { PageIntro } from "@/components/ui/page-intro";
import { approvalsQueryOptions } from "@/lib/client/queries/approvals";
import { approvalsForPage } from "@/lib/server/pages/approvals";

export const metadata: Metadata = { title: `Approvals · ${PRODUCT_NAME}` };

/** Admins only (the routes it calls check too). */
export default async function ApprovalsPage() {
  await connection();
  const approvals = await approvalsForPage();
  const intro = (
    <PageIntro title="Approvals">
      Renders members asked for above the team&apos;s approval threshold. Nothing is sent or charged until an
      admin approves one.
    </PageIntro>
  );
  if (!approvals) {
    return (
      <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
        {intro}
        <Notice tone="warning">Only a team admin can approve renders.</Notice>
      </div>
    );
  }
  // The answer as the page's query holds it, so the queue is whole on first paint.
  const queryClient = new QueryClient();
  queryClient.setQueryData(approvalsQueryOptions().queryKey, approvals);
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      {intro}
      <HydrationBoundary state={dehydrate(queryClient)}>
        <ApprovalsQueue />
      </HydrationBoundary>
    </div>
  );
}
