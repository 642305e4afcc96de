"use client";

/**
 * One render, in full: large media, prompt, actions, cost, timeline and parameters, live until it
 * is final. The server hands over the record it read, so the page is complete on first paint.
 */
import { useMemo, type ReactNode } from "react";
import { useRender } from "@/lib/client/queries/renders";
import { useWatchRender } from "@/lib/client/queries/watch";
import { endedWithoutOutput, isFinalLedgerStatus } from "@/lib/domain/statuses";
import { estimateAgainstCharge } from "@/lib/domain/rates";
import { BackLink } from "@/components/ui/back-link";
import { Notice } from "@/components/ui/notice";
import { Button } from "@/components/ui/button";
import { RenderFacts, modelLabel } from "@/components/render/render-facts";
import { RenderMedia } from "@/components/render/render-media";
import { StatusBadge } from "@/components/render/status-badge";
import { useRenderCompletion } from "@/components/render/use-render-completion";
import { ShareList } from "@/components/shares/share-list";
import { BatchVariants } from "./batch-variants";
import { RenderFamily } from "@/components/render/render-family";
import { FamilyTree } from "@/components/render/family-tree";
import { requestParams } from "@/components/render/describe-params";
import { DetailActions } from "./detail-actions";
import { RenderParameters } from "@/components/render/render-parameters";
import { RenderTimeline } from "@/components/render/render-timeline";
import { ReviewSessionProvider } from "@/components/review/review-session";
import { ReviewMediaFrame, isReviewable } from "@/components/review/review-media-frame";
import { ReviewSidebar } from "@/components/review/review-sidebar";

/** While the create has not answered (or never did), the charge is not known. */
const CHARGE_UNKNOWN = new Set(["submitting", "unknown"]);

export function RenderDetail({ id }: { id: string }) {
  const query = useRender(id);
  const render = query.data;
  useRenderCompletion(useMemo(() => (render ? [render] : []), [render]));
  useWatchRender(id, render !== undefined && !isFinalLedgerStatus(render.status));

  if (!render) {
    return query.isError ? (
      <Notice tone="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
        {query.error.message}
      </Notice>
    ) : null;
  }

  return (
    <div className="space-y-6">
      <BackLink href="/">All renders</BackLink>
      {render.archivedAt !== null && (
        <Notice tone="warning">
          This render is archived: the gallery shows it only under the Archived filter. Unarchive brings it
          back.
        </Notice>
      )}
      {query.isRefetchError && (
        <Notice tone="warning">Could not refresh this render ({query.error.message}).</Notice>
      )}
      {/* A render that ended without output has nothing to show: no empty media box, one column. */}
      <ReviewSessionProvider renderId={render.id} kind={render.kind}>
        <article
          aria-labelledby="render-title"
          className={
            endedWithoutOutput(render.status)
              ? "max-w-2xl"
              : "grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(320px,2fr)]"
          }
        >
          {!endedWithoutOutput(render.status) && (
            <div className="flex items-center justify-center overflow-hidden rounded-xl border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900">
              <ReviewMediaFrame render={render} className="w-full">
                <RenderMedia render={render} className="max-h-[75vh] min-h-64 w-full" />
              </ReviewMediaFrame>
            </div>
          )}
          <div className="flex min-w-0 flex-col gap-5">
            <header className="space-y-2">
              <div className="flex flex-wrap items-center gap-2">
                <h1 id="render-title" className="text-lg font-semibold">
                  {render.kind === "video" ? "Video render" : "Image render"}
                </h1>
                <StatusBadge status={render.status} />
              </div>
              <p className="text-sm text-zinc-600 dark:text-zinc-400">
                {modelLabel(render)}
                {render.member && <> · started by {render.member.name}</>} ·{" "}
                <span className="font-mono text-xs">{render.id}</span>
              </p>
            </header>
            <DetailActions render={render} />
            {isReviewable(render) && <ReviewSidebar render={render} />}
            <Block title="Prompt">
              <p className="text-sm leading-relaxed whitespace-pre-wrap">{render.prompt}</p>
            </Block>
            <Block title="Credits and progress">
              <div className="flex flex-col gap-1.5 [&_p]:text-sm">
                <RenderFacts render={render} />
                {render.estimate && (
                  <p className="text-xs text-zinc-600 dark:text-zinc-400">
                    {estimateAgainstCharge(
                      render.estimate,
                      CHARGE_UNKNOWN.has(render.status) ? null : render.creditsCharged,
                    )}
                  </p>
                )}
              </div>
            </Block>
            <Block title="Timeline">
              <RenderTimeline render={render} />
            </Block>
            <Block title="Parameters">
              <RenderParameters params={requestParams(render)} />
            </Block>
            {render.status === "ready" && (
              <Block title="Share links">
                <ShareList target={{ kind: "render", id: render.id }} />
              </Block>
            )}
          </div>
        </article>
      </ReviewSessionProvider>
      <RenderFamily render={render} />
      <FamilyTree render={render} />
      {render.batchId && <BatchVariants batchId={render.batchId} currentId={render.id} />}
    </div>
  );
}

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2 border-t border-zinc-200 pt-4 dark:border-zinc-800">
      <h2 className="text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
        {title}
      </h2>
      {children}
    </section>
  );
}
