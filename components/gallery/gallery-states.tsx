/** What the gallery shows before its renders arrive (its empty and error states: gallery-notices.tsx). */
import { Card } from "@/components/ui/surface";
import { Skeleton } from "@/components/ui/skeleton";
import { CARD_BORDERS_PX, JUSTIFIED_ITEM, JustifiedRows, justifiedStyle } from "@/components/render/grid";

export function GallerySkeleton({ count = 8 }: { count?: number }) {
  return (
    <JustifiedRows aria-busy="true">
      <p className="sr-only" role="status">
        Loading renders…
      </p>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className={JUSTIFIED_ITEM} style={justifiedStyle([1], CARD_BORDERS_PX)}>
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
