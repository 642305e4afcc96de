"use client";
/**
 * Making, editing and deleting a board: "New board" and "Edit board" (name and description, a
 * refusal shown on its field) and the confirmation of a delete, which says the renders are kept.
 * Loaded the first time one is opened.
 */
import { useState, type FormEvent } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { CONTROL_CLASSES } from "@/components/ui/field-classes";
import { FieldFrame, fieldState } from "@/components/ui/field-messages";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { TextField } from "@/components/ui/text-field";
import type { Board, BoardCreate } from "@/lib/contract";
import { useAction } from "@/lib/client/queries/action";
import { createBoard, deleteBoard, updateBoard } from "@/lib/client/queries/board-changes";
import { BOARD_DESCRIPTION_MAX_CHARS } from "@/lib/domain/boards";
import { nameProblem } from "@/lib/domain/names";
import { renderCount } from "@/lib/domain/format";
import { boardRefusal, type BoardProblems } from "@/components/render/board-errors";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** "New board" without `board`, "Edit board" with it. */
export function BoardFormDialog({
  board,
  open,
  onOpenChange,
  onSaved,
}: DialogProps & { board?: Board; onSaved?: (board: Board) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPanel size="alert">
        {/* Mounted afresh on each opening, so the fields start from the board as it now is. */}
        {open && <BoardForm board={board} onDone={(saved) => (onOpenChange(false), onSaved?.(saved))} />}
      </DialogPanel>
    </Dialog>
  );
}

function BoardForm({ board, onDone }: { board?: Board; onDone: (board: Board) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState(board?.name ?? "");
  const [description, setDescription] = useState(board?.description ?? "");
  const [problems, setProblems] = useState<BoardProblems>({});
  const save = useAction({
    mutationFn: (body: BoardCreate) =>
      board ? updateBoard(queryClient, board.id, body) : createBoard(queryClient, body),
    onSuccess: (saved) => {
      notify.success(board ? `Board “${saved.name}” saved` : `Board “${saved.name}” created`);
      onDone(saved);
    },
    onError: (error) => setProblems(boardRefusal(error)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local: BoardProblems = {
      name: nameProblem(name),
      description:
        description.trim().length > BOARD_DESCRIPTION_MAX_CHARS
          ? `Description must be at most ${BOARD_DESCRIPTION_MAX_CHARS} characters`
          : undefined,
    };
    if (local.name || local.description) return setProblems(local);
    save.mutate({ name: name.trim(), description: description.trim() });
  };
  const descriptionId = "board-description";
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <DialogTitle>{board ? "Edit board" : "New board"}</DialogTitle>
        <DialogDescription className="mt-1">
          {board
            ? "The whole team sees the new name and description."
            : "A board collects renders for a project; the whole team can see it and add to it."}
        </DialogDescription>
      </div>
      <TextField
        id="board-name"
        label="Name"
        value={name}
        autoComplete="off"
        error={problems.name}
        onChange={(event) => setName(event.target.value)}
      />
      <FieldFrame
        id={descriptionId}
        label="Description (optional)"
        error={problems.description}
        className="flex flex-col gap-1.5"
      >
        <textarea
          id={descriptionId}
          rows={3}
          value={description}
          {...fieldState(descriptionId, { error: problems.description })}
          onChange={(event) => setDescription(event.target.value)}
          className={`${CONTROL_CLASSES} px-3 py-2`}
        />
      </FieldFrame>
      {problems.other && <Notice tone="error">{problems.other}</Notice>}
      <div className="flex justify-end gap-2">
        <DialogClose asChild>
          <Button variant="ghost">Cancel</Button>
        </DialogClose>
        <Button
          variant="primary"
          type="submit"
          busy={save.isPending}
          busyText={board ? "Saving…" : "Creating…"}
        >
          {board ? "Save" : "Create board"}
        </Button>
      </div>
    </form>
  );
}

/** Asks before deleting a board, and says its renders stay. */
export function DeleteBoardDialog({
  board,
  open,
  onOpenChange,
  onDeleted,
}: DialogProps & { board: Board; onDeleted?: () => void }) {
  const queryClient = useQueryClient();
  const remove = useAction({
    mutationFn: () => deleteBoard(queryClient, board.id),
    onSuccess: () => {
      notify.success(`Board “${board.name}” deleted`, {
        description: "Its renders are still in the gallery.",
      });
      onOpenChange(false);
      onDeleted?.();
    },
    onError: (error) => notify.error("The board was not deleted", { description: error.message }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPanel size="alert" className="flex flex-col gap-4">
        <div>
          <DialogTitle>Delete “{board.name}”?</DialogTitle>
          <DialogDescription className="mt-1">
            The board goes for the whole team. Its {renderCount(board.count)} are kept: they stay in the
            gallery and on any other board.
          </DialogDescription>
        </div>
        <div className="flex justify-end gap-2">
          <DialogClose asChild>
            <Button variant="ghost">Keep board</Button>
          </DialogClose>
          <Button
            variant="danger"
            busy={remove.isPending}
            busyText="Deleting…"
            onClick={() => remove.mutate()}
          >
            Delete board
          </Button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}
