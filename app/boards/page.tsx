import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { BoardsList } from "@/components/boards/boards-list";
import { boardsQueryOptions } from "@/lib/client/queries/boards";
import { listBoardsForPage } from "@/lib/server/pages/boards";

export const metadata: Metadata = { title: `Boards · ${PRODUCT_NAME}` };

export default async function BoardsPage() {
  await connection();
  const boards = await listBoardsForPage();
  // The list as the page's query holds it, so it is whole on first paint and live from there.
  const queryClient = new QueryClient();
  queryClient.setQueryData(boardsQueryOptions().queryKey, { items: boards });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      <BoardsList />
    </HydrationBoundary>
  );
}
