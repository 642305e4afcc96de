import { HydrationBoundary, QueryClient, dehydrate, type InfiniteData } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { CompareView } from "@/components/compare/compare-view";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { toSearchParams } from "@/lib/client/api-client";
import { renderListQueryOptions } from "@/lib/client/queries/renders";
import type { RenderList } from "@/lib/contract";
import { compareListFilter, parseCompareIds } from "@/lib/domain/compare";
import { findRendersForComparePage } from "@/lib/server/pages/compare";

export const metadata: Metadata = { title: `Compare · ${PRODUCT_NAME}` };

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

/** `/compare?ids=a,b[,c,d]` (and `&view=wipe`): everything the page shows comes from its address. */
export default async function ComparePage({ searchParams }: Props) {
  await connection();
  const query = await searchParams;
  const selection = parseCompareIds(query.ids);
  const wipe = query.view === "wipe";
  // Sign-in returns to this very address, mistakes included, so the page can still explain them.
  const path = `/compare${toSearchParams({ ids: [query.ids ?? []].flat().join(","), view: wipe ? "wipe" : undefined })}`;
  const renders = await findRendersForComparePage(selection.ids, path);

  // Hand the records to the browser's cache, so the page is whole on first paint and goes live from there.
  const queryClient = new QueryClient();
  if (selection.ids.length > 0) {
    const data: InfiniteData<RenderList> = {
      pages: [{ items: renders, nextCursor: null }],
      pageParams: [undefined],
    };
    queryClient.setQueryData(renderListQueryOptions(compareListFilter(selection.ids)).queryKey, data);
  }

  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <CompareView selection={selection} initialWipe={wipe} />
    </HydrationBoundary>
  );
}
