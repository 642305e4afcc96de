"use client";
/**
 * `/boards/<id>`: a board as a gallery of its own, with the gallery's filters, viewer, selection and
 * zip (the board fixed as a filter), and its name, description and maker above it. The server hands
 * over the board and its first page, so a reload shows them at once; board events keep both current.
 * "Share" makes a read-only link to it, listed (with Revoke) under the header. A board deleted while
 * open says so.
 */
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useQuery } from "@tanstack/react-query";
import { BackLink } from "@/components/ui/back-link";
import { buttonClasses } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Gallery } from "@/components/gallery/gallery";
import { ShareButton } from "@/components/shares/share-button";
import { ShareList } from "@/components/shares/share-list";
import { boardQueryOptions } from "@/lib/client/queries/boards";
import { isAppError } from "@/lib/contract/errors";
import { renderCount } from "@/lib/domain/format";
import { BoardManage } from "./board-manage";

export function BoardDetail({ id }: { id: string }) {
  const board = useQuery(boardQueryOptions(id));
  const router = useRouter();
  const gone = board.isError && isAppError(board.error) && board.error.code === "not_found";
  if (gone) {
    return (
      <div className="space-y-4">
        <BackLink href="/boards">All boards</BackLink>
        <Notice tone="warning">
          <p className="font-medium">This board was deleted</p>
          <p className="text-sm">Its renders are still in the gallery.</p>
        </Notice>
        <Link href="/" className={buttonClasses({ variant: "primary" })}>
          Back to all renders
        </Link>
      </div>
    );
  }
  if (!board.data) return null;
  const { name, description, member, count, approved } = board.data;
  const target = { kind: "board", id } as const;
  return (
    <div className="space-y-6">
      <BackLink href="/boards">All boards</BackLink>
      <header className="space-y-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <h1 className="text-lg font-semibold break-words">{name}</h1>
          <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">{renderCount(count)}</span>
          {count > 0 && (
            <span data-board-approved="" className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
              {approved} of {count} approved
            </span>
          )}
          <span className="ml-auto flex items-center gap-1">
            <ShareButton target={target} size="sm" />
            <BoardManage board={board.data} onDeleted={() => router.push("/boards")} />
          </span>
        </div>
        {description && <p className="text-sm whitespace-pre-wrap">{description}</p>}
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          {member ? `Made by ${member.name}` : "Made with sign-in off"}
        </p>
      </header>
      <section aria-labelledby="board-share-links" className="space-y-1">
        <h2 id="board-share-links" className="text-sm font-semibold">
          Share links
        </h2>
        <ShareList target={target} />
      </section>
      {board.isError && !gone && (
        <Notice tone="warning">Could not refresh this board ({board.error.message}).</Notice>
      )}
      <Gallery board={id} zipLabel="Download zip of this board" />
    </div>
  );
}
