"use client";

/**
 * One render in the gallery. Memoised on the render object: a live refetch keeps unchanged renders
 * as the same objects (structural sharing), so only cards whose render changed re-render.
 * `content-visibility: auto` lets the browser skip layout and paint of cards far off screen.
 */
import { Card } from "@/components/ui/surface";
import Link from "next/link";
import { memo, useId } from "react";
import type { LedgerRender } from "@/lib/contract";
import { excerpt } from "@/lib/domain/format";
import { RenderActions } from "./render-actions";
import { RenderFacts, modelLabel } from "./render-facts";
import { RenderMedia } from "./render-media";
import { StatusBadge } from "./status-badge";
import { renderHref } from "./render-links";

export const RenderCard = memo(function RenderCard({ render }: { render: LedgerRender }) {
  const titleId = useId();
  return (
    <Card
      as="article"
      aria-labelledby={titleId}
      data-render-id={render.id}
      className="flex flex-col [contain-intrinsic-size:auto_380px] [content-visibility:auto]"
    >
      <RenderMedia render={render} className="aspect-square w-full bg-zinc-100 dark:bg-zinc-950" />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 p-2.5">
        <div className="flex items-center justify-between gap-2">
          <StatusBadge status={render.status} />
          <RenderActions render={render} />
        </div>
        <Link
          id={titleId}
          href={renderHref(render.id)}
          className="line-clamp-2 text-sm leading-snug text-zinc-900 hover:underline dark:text-zinc-100"
        >
          {excerpt(render.prompt, 240)}
        </Link>
        <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">
          {modelLabel(render)}
          {render.member && <> · {render.member.name}</>}
        </p>
        <RenderFacts render={render} />
      </div>
    </Card>
  );
});
