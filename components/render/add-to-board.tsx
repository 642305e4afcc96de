"use client";
/**
 * "Add to board" wherever renders are acted on (a card's menu, the viewer, the selection bar): the
 * picker's code loads the first time it is opened, and it stays mounted after, so it can close.
 */
import { lazy, Suspense, useState } from "react";
import type { BoardPickerProps } from "./board-picker";

const BoardPicker = lazy(() => import("./board-picker"));

export function AddToBoard(props: BoardPickerProps) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense>
      <BoardPicker {...props} />
    </Suspense>
  );
}
