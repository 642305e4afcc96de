import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { BatchDetail } from "@/components/batch/batch-detail";
import { excerpt } from "@/lib/domain/format";
import { renderListQueryOptions } from "@/lib/client/queries/renders";
import { findBatchForPage } from "@/lib/server/pages/batch";

interface Props {
  params: Promise<{ batchId: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const first = (await findBatchForPage((await params).batchId))?.items[0];
  return {
    title: first
      ? `Batch: ${excerpt(first.prompt, 60)} · ${PRODUCT_NAME}`
      : `Batch not found · ${PRODUCT_NAME}`,
  };
}

export default async function BatchPage({ params }: Props) {
  await connection();
  const { batchId } = await params;
  const page = await findBatchForPage(batchId);
  if (!page) notFound();

  // The variants as the page's list query holds them, so it is whole on first paint and live from there.
  const queryClient = new QueryClient();
  queryClient.setQueryData(renderListQueryOptions({ batchId }).queryKey, {
    pages: [page],
    pageParams: [undefined],
  });

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <BatchDetail batchId={batchId} />
    </HydrationBoundary>
  );
}
