/**
 * What the gallery shows instead of, or after, its renders: nothing to show, or a read that failed.
 * Loaded when first needed (most visits show renders).
 */
import { Button } from "@/components/ui/button";
import { ImageIcon } from "lucide-react";
import { Notice } from "@/components/ui/notice";

export function GalleryEmpty({
  filtered,
  onBoard = false,
  onClear,
}: {
  filtered: boolean;
  /** A board's page: the board is empty, not the team's history. */
  onBoard?: boolean;
  onClear: () => void;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
      <ImageIcon className="size-8 text-zinc-400" />
      {filtered ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">No renders match these filters.</p>
          <Button size="sm" onClick={onClear}>
            Clear filters
          </Button>
        </>
      ) : onBoard ? (
        <p className="max-w-xs text-sm text-zinc-600 dark:text-zinc-400">
          No renders on this board yet. In the gallery, choose “Add to board” on a render or a selection.
        </p>
      ) : (
        <p className="max-w-xs text-sm text-zinc-600 dark:text-zinc-400">
          No renders yet. Describe an image or a video in the form and start your first render.
        </p>
      )}
    </div>
  );
}

export function GalleryError({ error, onRetry, what }: { error: Error; onRetry: () => void; what: string }) {
  return (
    <Notice
      tone="error"
      action={
        <Button size="sm" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <p className="font-medium">{what}</p>
      <p className="text-xs opacity-90">{error.message}</p>
    </Notice>
  );
}
