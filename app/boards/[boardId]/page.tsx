import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { connection } from "next/server";
import { Suspense } from "react";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { Hydrate, firstPage } from "@/components/layout/hydrate";
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

  // The board and its renders' first page as the page's queries hold them: a reload shows them at once.
  return (
    <Hydrate
      data={[
        [boardQueryOptions(boardId).queryKey, found.board],
        [renderListQueryOptions({ board: boardId }).queryKey, firstPage(found.renders)],
      ]}
    >
      {/* The gallery reads its filters from the URL. */}
      <Suspense>
        <BoardDetail id={boardId} />
      </Suspense>
    </Hydrate>
  );
}
