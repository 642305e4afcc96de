import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { Hydrate, firstPage } from "@/components/layout/hydrate";
import { RunDetailView } from "@/components/runs/run-detail";
import { renderListQueryOptions } from "@/lib/client/queries/renders";
import { runQueryOptions } from "@/lib/client/queries/runs";
import { findRunForPage } from "@/lib/server/pages/runs";

interface Props {
  params: Promise<{ runId: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const found = await findRunForPage((await params).runId);
  return {
    title: found ? `${found.run.name} · Batch runs · ${PRODUCT_NAME}` : `Run not found · ${PRODUCT_NAME}`,
  };
}

export default async function RunPage({ params }: Props) {
  await connection();
  const { runId } = await params;
  const found = await findRunForPage(runId);
  if (!found) notFound();

  // The run and its renders' first page as the page's queries hold them: a reload shows them at once.
  return (
    <Hydrate
      data={[
        [runQueryOptions(runId).queryKey, found.run],
        [renderListQueryOptions({ run: runId }).queryKey, firstPage(found.renders)],
      ]}
    >
      {/* The gallery reads its filters from the URL. */}
      <Suspense>
        <RunDetailView id={runId} />
      </Suspense>
    </Hydrate>
  );
}
