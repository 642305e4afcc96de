import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { AdminsOnly } from "@/components/layout/admins-only";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { RateCardEditor } from "@/components/rates/rate-card";
import { rateCardQueryOptions } from "@/lib/client/queries/rates";
import { rateCardForPage } from "@/lib/server/pages/rates";

export const metadata: Metadata = { title: `Rates · ${PRODUCT_NAME}` };

/** Admins only (the routes it calls check too). With sign-in off everyone acts as the team. */
export default async function RatesPage() {
  await connection();
  const card = await rateCardForPage();
  if (!card)
    return (
      <AdminsOnly>
        Only a team admin can see and correct the rate card. Estimates in the render form use it.
      </AdminsOnly>
    );
  // The answer as the page's query holds it, so the table is whole on first paint.
  const queryClient = new QueryClient();
  queryClient.setQueryData(rateCardQueryOptions().queryKey, card);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <RateCardEditor />
    </HydrationBoundary>
  );
}
