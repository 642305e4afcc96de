"use client";
/**
 * "Add to board": the team's boards to put renders on. For one render each board is a tick box,
 * ticked when the render is on it (unticking takes it off); for a selection, choosing a board adds
 * them all. "New board…" makes a board there and then and adds to it. Every change says what
 * happened in a toast. Loaded the first time it is opened.
 */
import { useId, useState, type FormEvent } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PlusIcon } from "lucide-react";
import { Button, Spinner } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { notify } from "@/components/ui/notify";
import { TextField } from "@/components/ui/text-field";
import type { Board } from "@/lib/contract";
import { useAction } from "@/lib/client/queries/action";
import { boardsQueryOptions } from "@/lib/client/queries/boards";
import { createBoard, setBoardRenders } from "@/lib/client/queries/board-changes";
import { nameProblem } from "@/lib/domain/names";
import { renderCount } from "@/lib/domain/format";
import { boardRefusal } from "./board-errors";

export interface BoardPickerProps {
  renderIds: readonly string[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export default function BoardPicker({ renderIds, open, onOpenChange }: BoardPickerProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPanel size="alert" className="flex max-h-[85dvh] flex-col gap-4">
        {open && <Picker renderIds={renderIds} onDone={() => onOpenChange(false)} />}
      </DialogPanel>
    </Dialog>
  );
}

function Picker({ renderIds, onDone }: { renderIds: readonly string[]; onDone: () => void }) {
  const one = renderIds.length === 1 ? renderIds[0] : undefined;
  const boards = useQuery(boardsQueryOptions(one));
  const queryClient = useQueryClient();
  const what = one ? "the render" : renderCount(renderIds.length);

  /** Puts the renders on the board or takes them off, and says so. */
  const change = useAction({
    mutationFn: ({ board, action }: BoardChange) =>
      setBoardRenders(queryClient, board.id, { ids: [...renderIds], action }),
    onSuccess: (_, { board, action }) =>
      notify.success(
        action === "add" ? `Added ${what} to “${board.name}”` : `Removed ${what} from “${board.name}”`,
      ),
    onError: (error, { action }) =>
      notify.error(action === "add" ? "Not added to the board" : "Not removed from the board", {
        description: error.message,
      }),
  });
  /** The change under way, shown on its board's line in place of the count. */
  const pending = change.isPending ? change.variables : undefined;

  return (
    <>
      <div>
        <DialogTitle>Add to board</DialogTitle>
        <DialogDescription className="mt-1">
          {one
            ? "Tick a board to put this render on it; untick to take it off."
            : `Choose a board for the ${renderCount(renderIds.length)} selected.`}
        </DialogDescription>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {boards.isPending ? (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading boards…</p>
        ) : boards.isError ? (
          <Notice
            tone="error"
            action={
              <Button size="sm" onClick={() => void boards.refetch()}>
                Retry
              </Button>
            }
          >
            The boards could not be loaded: {boards.error.message}
          </Notice>
        ) : boards.data.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No boards yet: make the first one below.</p>
        ) : (
          <ul aria-label="Boards" className="flex flex-col gap-1">
            {boards.data.map((board) => (
              <li key={board.id}>
                {one ? (
                  <label className="flex cursor-pointer items-center gap-3 rounded-md px-2 py-2 hover:bg-zinc-100 dark:hover:bg-zinc-900">
                    <input
                      type="checkbox"
                      className="size-4 accent-indigo-600"
                      checked={board.holds === true}
                      disabled={pending !== undefined}
                      onChange={(event) =>
                        change.mutate({ board, action: event.target.checked ? "add" : "remove" })
                      }
                    />
                    <BoardLine board={board} pending={pending} />
                  </label>
                ) : (
                  <button
                    type="button"
                    disabled={pending !== undefined}
                    aria-busy={pending?.board.id === board.id || undefined}
                    onClick={() => change.mutate({ board, action: "add" }, { onSuccess: onDone })}
                    className="flex w-full items-center gap-3 rounded-md px-2 py-2 text-left hover:bg-zinc-100 disabled:opacity-60 aria-busy:opacity-100 dark:hover:bg-zinc-900"
                  >
                    <PlusIcon className="size-4 text-zinc-500" aria-hidden="true" />
                    <BoardLine board={board} pending={pending} />
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <NewBoardInline
        onCreated={(board) => change.mutateAsync({ board, action: "add" }).then(onDone)}
        adding={pending !== undefined}
      />
    </>
  );
}

interface BoardChange {
  board: Pick<Board, "id" | "name">;
  action: "add" | "remove";
}

/** A board's name and count; while a change of it is under way, what is being done instead of the count. */
function BoardLine({ board, pending }: { board: Board; pending: BoardChange | undefined }) {
  const changing = pending?.board.id === board.id;
  return (
    <span className="flex min-w-0 flex-1 items-baseline justify-between gap-2">
      <span className="truncate text-sm font-medium">{board.name}</span>
      <span
        className="flex shrink-0 items-center gap-1.5 self-center text-xs text-zinc-500 tabular-nums dark:text-zinc-400"
        role={changing ? "status" : undefined}
      >
        {changing ? (
          <>
            <Spinner />
            {pending.action === "add" ? "Adding…" : "Removing…"}
          </>
        ) : (
          renderCount(board.count)
        )}
      </span>
    </span>
  );
}

/**
 * "New board…": a name, then the board is made and the renders go on it; busy through both, the
 * board's line saying "Adding…" once it is listed.
 */
function NewBoardInline({
  onCreated,
  adding,
}: {
  onCreated: (board: Board) => Promise<void>;
  adding: boolean;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const create = useAction({
    mutationFn: (name: string) => createBoard(queryClient, { name }),
    // A refusal of the add is told by the add; this form stays for another try.
    onSuccess: (board) => onCreated(board).catch(() => undefined),
    onError: (error) => {
      const refusal = boardRefusal(error);
      setProblem(refusal.name ?? refusal.other);
    },
  });
  const id = useId();
  if (!editing) {
    return (
      <div className="flex justify-between gap-2">
        <Button onClick={() => setEditing(true)}>
          <PlusIcon /> New board…
        </Button>
        <DialogClose asChild>
          <Button variant="ghost">Done</Button>
        </DialogClose>
      </div>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const local = nameProblem(name);
    if (local) return setProblem(local);
    create.mutate(name.trim());
  };
  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-2">
      <TextField
        id={`${id}-name`}
        label="New board name"
        value={name}
        autoFocus
        autoComplete="off"
        error={problem}
        onChange={(event) => setName(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === "Escape") {
            // Leaves the new board's name, not the picker.
            event.stopPropagation();
            setEditing(false);
          }
        }}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" disabled={create.isPending || adding} onClick={() => setEditing(false)}>
          Cancel
        </Button>
        <Button
          variant="primary"
          type="submit"
          busy={create.isPending || adding}
          busyText={adding ? "Adding…" : "Creating…"}
        >
          Create and add
        </Button>
      </div>
    </form>
  );
}
