import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { UsageView } from "@/components/usage/usage-view";
import { usageQueryOptions } from "@/lib/client/queries/usage";
import { usageForPage } from "@/lib/server/pages/usage";

export const metadata: Metadata = { title: `Usage · ${PRODUCT_NAME}` };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function UsagePage({ searchParams }: { searchParams: SearchParams }) {
  await connection();
  const { today, usage } = await usageForPage(await searchParams);
  // The answer as the page's query holds it, so the page is whole on first paint.
  const queryClient = new QueryClient();
  queryClient.setQueryData(usageQueryOptions({ from: usage.from, to: usage.to }).queryKey, usage);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <UsageView today={today} />
    </HydrationBoundary>
  );
}
