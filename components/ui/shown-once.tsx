/**
 * A secret just made (an API token, a one-time link), shown this once with a way to copy it and a
 * **Done** that puts it away: the frame and the button every such notice shares.
 */
import type { ReactNode } from "react";
import { Button } from "./button";

export function ShownOnce({ children, onDone }: { children: ReactNode; onDone: () => void }) {
  return (
    <div
      role="status"
      className="flex flex-col gap-3 rounded-lg border border-emerald-300 bg-emerald-50 p-3 text-sm dark:border-emerald-800/60 dark:bg-emerald-950/40"
    >
      {children}
      <div>
        <Button size="sm" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
