import { GallerySkeleton } from "@/components/gallery/gallery-states";
import { Skeleton } from "@/components/ui/skeleton";

/** Shown while a page's server part is prepared (navigations between pages). */
export default function Loading() {
  return (
    <div className="mx-auto max-w-[1600px] space-y-4 px-4 py-4 sm:px-6">
      <p className="sr-only" role="status">
        Loading…
      </p>
      <Skeleton className="h-10 w-full" />
      <GallerySkeleton count={4} />
    </div>
  );
}
