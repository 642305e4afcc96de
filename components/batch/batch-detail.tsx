"use client";

/**
 * A whole batch of variants on its own page (`/batches/<batchId>`): the shared prompt and settings,
 * every variant live as the gallery shows it, and the batch's zip. The server hands over the
 * variants it read, so a reload shows the batch at once.
 */
import { useMemo } from "react";
import { rendersOf, useRenderList } from "@/lib/client/queries/renders";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { formatCredits } from "@/lib/domain/format";
import { BackLink } from "@/components/ui/back-link";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { JustifiedRows } from "@/components/render/grid";
import { LiveBadge } from "@/components/render/live-badge";
import { RenderCard } from "@/components/render/render-card";
import { modelLabel } from "@/components/render/render-facts";
import { useRenderCompletion } from "@/components/render/use-render-completion";
import { ZipButton } from "@/components/render/zip-button";

export function BatchDetail({ batchId }: { batchId: string }) {
  const list = useRenderList({ batchId });
  const variants = useMemo(() => rendersOf(list.data), [list.data]);
  useRenderCompletion(variants);
  const first = variants[0];
  if (!first) return null;
  const active = variants.filter((r) => !isFinalLedgerStatus(r.status)).length;

  return (
    <div className="space-y-6">
      <BackLink href="/">All renders</BackLink>
      {list.isRefetchError && (
        <Notice tone="warning">Could not refresh this batch ({list.error.message}).</Notice>
      )}
      <section aria-labelledby="batch-title" className="space-y-4">
        <header className="space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 id="batch-title" className="text-lg font-semibold">
              Batch of {variants.length}
            </h1>
            {active > 0 && <LiveBadge count={active} />}
            <span className="ml-auto">
              <ZipButton fields={{ batchId }} label="Download zip of the whole batch" />
            </span>
          </div>
          <p className="text-sm leading-relaxed whitespace-pre-wrap">{first.prompt}</p>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {modelLabel(first)} ·{" "}
            {first.creditsCharged > 0 ? formatCredits(first.creditsCharged) : "No charge"}
            {first.member && <> · started by {first.member.name}</>} · <LocalTime iso={first.createdAt} /> ·{" "}
            <span className="font-mono text-xs">{batchId}</span>
          </p>
        </header>
        <JustifiedRows>
          {variants.map((render) => (
            <RenderCard key={render.id} render={render} />
          ))}
        </JustifiedRows>
      </section>
    </div>
  );
}
