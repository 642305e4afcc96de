import type { Metadata } from "next";
import { connection } from "next/server";
import { PRODUCT_NAME } from "@/components/layout/app-header";
import { Hydrate } from "@/components/layout/hydrate";
import { BoardsList } from "@/components/boards/boards-list";
import { boardsQueryOptions } from "@/lib/client/queries/boards";
import { listBoardsForPage } from "@/lib/server/pages/boards";

export const metadata: Metadata = { title: `Boards · ${PRODUCT_NAME}` };

export default async function BoardsPage() {
  await connection();
  const boards = await listBoardsForPage();
  // The list as the page's query holds it, so it is whole on first paint and live from there.
  return (
    <Hydrate data={[[boardsQueryOptions().queryKey, { items: boards }]]}>
      <BoardsList />
    </Hydrate>
  );
}
