import { HydrationBoundary, QueryClient, dehydrate } from "@tanstack/react-query";
import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { BoardDetail } from "@/components/boards/board-detail";
import { boardQueryOptions } from "@/lib/client/queries/boards";
import { renderListQueryOptions } from "@/lib/client/queries/renders";
import { findBoardForPage } from "@/lib/server/pages/boards";

interface Props {
  params: Promise<{ boardId: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const found = await findBoardForPage((await params).boardId);
  return {
    title: found ? `${found.board.name} · Boards · ${PRODUCT_NAME}` : `Board not found · ${PRODUCT_NAME}`,
  };
}

export default async function BoardPage({ params }: Props) {
  await connection();
  const { boardId } = await params;
  const found = await findBoardForPage(boardId);
  if (!found) notFound();

  // The board and its unfiltered first page as the page's queries hold them: a reload shows them at once.
  const queryClient = new QueryClient();
  queryClient.setQueryData(boardQueryOptions(boardId).queryKey, found.board);
  queryClient.setQueryData(renderListQueryOptions({ board: boardId }).queryKey, {
    pages: [found.renders],
    pageParams: [undefined],
  });
  return (
    <HydrationBoundary state={dehydrate(queryClient)}>
      {/* The gallery reads its filters from the URL. */}
      <Suspense>
        <BoardDetail id={boardId} />
      </Suspense>
    </HydrationBoundary>
  );
}
