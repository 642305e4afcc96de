import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { Hydrate } from "@/components/layout/hydrate";
import { RunsList } from "@/components/runs/runs-list";
import { runsQueryOptions } from "@/lib/client/queries/runs";
import { listRunsForPage } from "@/lib/server/pages/runs";

export const metadata: Metadata = { title: `Batch runs · ${PRODUCT_NAME}` };

export default async function RunsPage() {
  await connection();
  const runs = await listRunsForPage();
  return (
    <Hydrate data={[[runsQueryOptions().queryKey, { items: runs }]]}>
      <RunsList />
    </Hydrate>
  );
}
