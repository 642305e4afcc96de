"use client";

/** The other variants of the same multi-image request, live like the gallery, and the way to the batch's page. */
import Link from "next/link";
import { useMemo } from "react";
import { rendersOf, useRenderList } from "@/lib/client/queries/renders";
import { JustifiedRows } from "@/components/render/grid";
import { RenderCard } from "@/components/render/render-card";
import { ZipButton } from "@/components/render/zip-button";
import { batchHref } from "@/components/render/render-links";
import { buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

export function BatchVariants({ batchId, currentId }: { batchId: string; currentId: string }) {
  const list = useRenderList({ batchId });
  const others = useMemo(
    () => rendersOf(list.data).filter((r) => r.id !== currentId),
    [list.data, currentId],
  );
  if (!list.isPending && others.length === 0) return null;
  return (
    <section aria-label="Other variants in this batch" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-base font-semibold">Other variants in this batch</h2>
        <span className="flex items-center gap-1">
          <Link href={batchHref(batchId)} className={buttonClasses({ variant: "ghost", size: "sm" })}>
            View batch
          </Link>
          <ZipButton fields={{ batchId }} label="Download zip of the whole batch" />
        </span>
      </div>
      {list.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : (
        <JustifiedRows>
          {others.map((render) => (
            <RenderCard key={render.id} render={render} />
          ))}
        </JustifiedRows>
      )}
    </section>
  );
}
