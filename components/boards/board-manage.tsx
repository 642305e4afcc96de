"use client";
/**
 * "Edit" and "Delete" for a board, shown to its maker or an admin (anyone with sign-in off); the
 * dialogs load the first time one is opened.
 */
import { lazy, Suspense, useState } from "react";
import { PencilIcon, Trash2Icon } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Board } from "@/lib/contract";
import { useMayChange } from "@/lib/client/queries/session";

const loadDialogs = () => import("./board-dialogs");
const BoardFormDialog = lazy(() => loadDialogs().then((m) => ({ default: m.BoardFormDialog })));
const DeleteBoardDialog = lazy(() => loadDialogs().then((m) => ({ default: m.DeleteBoardDialog })));

export function BoardManage({ board, onDeleted }: { board: Board; onDeleted?: () => void }) {
  const mayChange = useMayChange();
  const [open, setOpen] = useState<"edit" | "delete" | null>(null);
  const [loaded, setLoaded] = useState(false);
  if (!mayChange(board.member)) return null;
  const show = (which: "edit" | "delete") => {
    setLoaded(true);
    setOpen(which);
  };
  const onOpenChange = (which: "edit" | "delete") => (next: boolean) => setOpen(next ? which : null);
  return (
    <span className="flex items-center gap-1">
      <Button size="sm" variant="ghost" onClick={() => show("edit")}>
        <PencilIcon /> Edit<span className="sr-only"> {board.name}</span>
      </Button>
      <Button size="sm" variant="ghost" onClick={() => show("delete")}>
        <Trash2Icon /> Delete<span className="sr-only"> {board.name}</span>
      </Button>
      {loaded && (
        <Suspense>
          <BoardFormDialog board={board} open={open === "edit"} onOpenChange={onOpenChange("edit")} />
          <DeleteBoardDialog
            board={board}
            open={open === "delete"}
            onOpenChange={onOpenChange("delete")}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </span>
  );
}

/** "New board": the dialog loads when first opened. */
export function NewBoardButton({ onCreated }: { onCreated?: (board: Board) => void }) {
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Button
        variant="primary"
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        New board
      </Button>
      {loaded && (
        <Suspense>
          <BoardFormDialog open={open} onOpenChange={setOpen} onSaved={onCreated} />
        </Suspense>
      )}
    </>
  );
}
