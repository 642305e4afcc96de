import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { RenderDetail } from "@/components/render-detail/render-detail";
import { excerpt } from "@/lib/domain/format";
import { renderQueryOptions } from "@/lib/client/queries/renders";
import { findRenderForPage as findRender } from "@/lib/server/pages/render";

interface Props {
  params: Promise<{ id: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const render = await findRender((await params).id);
  return {
    title: render ? `${excerpt(render.prompt, 60)} · ${PRODUCT_NAME}` : `Render not found · ${PRODUCT_NAME}`,
  };
}

export default async function RenderPage({ params }: Props) {
  await connection();
  const { id } = await params;
  const render = await findRender(id);
  if (!render) notFound();

  // Hand the record to the browser's cache, so the page is whole on first paint and goes live from there.
  const queryClient = new QueryClient();
  queryClient.setQueryData(renderQueryOptions(id).queryKey, render);

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <RenderDetail id={id} />
    </HydrationBoundary>
  );
}
