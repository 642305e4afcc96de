import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { RateCardEditor } from "@/components/rates/rate-card";
import { buttonClasses } from "@/components/ui/button";
import { rateCardQueryOptions } from "@/lib/client/queries/rates";
import { rateCardForPage } from "@/lib/server/pages/rates";

export const metadata: Metadata = { title: `Rates · ${PRODUCT_NAME}` };

/** Admins only (the routes it calls check too). With sign-in off everyone acts as the team. */
export default async function RatesPage() {
  await connection();
  const card = await rateCardForPage();
  if (!card) return <AdminsOnly />;
  // The answer as the page's query holds it, so the table is whole on first paint.
  const queryClient = new QueryClient();
  queryClient.setQueryData(rateCardQueryOptions().queryKey, card);
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <RateCardEditor />
    </HydrationBoundary>
  );
}

function AdminsOnly() {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <p className="text-sm font-semibold text-indigo-700 dark:text-indigo-400">403</p>
      <h1 className="text-xl font-semibold">Admins only</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Only a team admin can see and correct the rate card. Estimates in the render form use it.
      </p>
      <Link href="/" className={buttonClasses({ variant: "primary" })}>
        Back to all renders
      </Link>
    </div>
  );
}
