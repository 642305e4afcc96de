/** What the gallery shows before, instead of, or after its renders. */
import { Card } from "@/components/ui/surface";
import { Button } from "@/components/ui/button";
import { ImageIcon } from "lucide-react";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { JUSTIFIED_ITEM, JustifiedRows, justifiedStyle } from "./grid";

export function GallerySkeleton({ count = 8 }: { count?: number }) {
  return (
    <JustifiedRows aria-busy="true">
      <p className="sr-only" role="status">
        Loading renders…
      </p>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className={JUSTIFIED_ITEM} style={justifiedStyle(1)}>
          <Skeleton className="aspect-square w-full rounded-none" />
          <div className="space-y-2 p-2.5">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-3 w-full" />
            <Skeleton className="h-3 w-2/3" />
          </div>
        </Card>
      ))}
    </JustifiedRows>
  );
}

export function GalleryEmpty({ filtered, onClear }: { filtered: boolean; onClear: () => void }) {
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
