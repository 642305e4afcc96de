"use client";
/**
 * The compare page: 2 to 4 renders side by side, read from the address and kept live through the
 * renders list query (the live event stream updates it). Images share one zoom and pan, two images
 * can be wiped between, and videos play, pause and seek together.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { LedgerRender } from "@/lib/contract";
import { compareListFilter, compareProblems, type CompareSelection } from "@/lib/domain/compare";
import { rendersOf, useRenderList } from "@/lib/client/queries/renders";
import { Button } from "@/components/ui/button";
import { BackLink } from "@/components/ui/back-link";
import { Notice } from "@/components/ui/notice";
import { describeParams, requestParams, type ParamRow } from "@/components/render/describe-params";
import type { ListedParam } from "@/components/render/render-parameters";
import { ComparePane, PaneMedia, isZoomable } from "./compare-pane";
import { CompareProblemsNotice } from "./compare-problems";
import { CompareToolbar } from "./compare-toolbar";
import { diffParams, differingLabels, type DiffRow } from "./param-diff";
import { usePanZoom } from "./use-pan-zoom";
import { useVideoGroup } from "./use-video-group";
import { WipeStage } from "./wipe-stage";
import { FIT, ZOOM_STEP, zoomAt, type View } from "./zoom";

const LETTERS = ["A", "B", "C", "D"];

/** Columns by how many renders there are: one under another on a phone, side by side above. */
const COLUMNS: Record<number, string> = {
  1: "",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 xl:grid-cols-4",
};

/** The prompt is compared too; the render page shows it apart from the parameters. */
const paramRowsOf = (render: LedgerRender): ParamRow[] => [
  { key: "prompt", label: "Prompt", value: render.prompt },
  ...describeParams(requestParams(render)),
];

/** Render `index`'s column of the compared rows; a value it does not set reads "Not set". */
const paneParams = (rows: readonly DiffRow[], index: number): ListedParam[] =>
  rows.map((row) => ({
    key: row.label,
    label: row.label,
    value: row.values[index] ?? "Not set",
    differs: row.differs,
  }));

/** Keys typed into these are text, not shortcuts. */
const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));

export function CompareView({
  selection,
  initialWipe,
}: {
  selection: CompareSelection;
  initialWipe: boolean;
}) {
  const { ids } = selection;
  const query = useRenderList(compareListFilter(ids), { enabled: ids.length > 0 });
  const loaded = query.data ? rendersOf(query.data) : undefined;
  // In the address's order; the list endpoint answers newest first.
  const renders = useMemo(
    () => (loaded ? ids.flatMap((id) => loaded.find((render) => render.id === id) ?? []) : []),
    [ids, loaded],
  );
  const unknown = loaded ? ids.filter((id) => !renders.some((render) => render.id === id)) : [];
  const problems = compareProblems(selection, unknown);
  const rows = useMemo(() => diffParams(renders.map(paramRowsOf)), [renders]);
  const differing = differingLabels(rows);

  const [view, setView] = useState<View>(FIT);
  const panZoom = usePanZoom(view, setView);
  const zoomBy = useCallback((factor: number) => setView((current) => zoomAt(current, factor)), [setView]);
  const fit = useCallback(() => setView(FIT), [setView]);
  const hasImages = renders.some(isZoomable);

  const [wipe, setWipe] = useState(initialWipe);
  const [wipePosition, setWipePosition] = useState(50);
  const [a, b] = renders;
  const canWipe = renders.length === 2 && renders.every((render) => render.kind === "image");
  const wiping = wipe && canWipe && a !== undefined && b !== undefined && isZoomable(a) && isZoomable(b);
  const chooseWipe = useCallback((on: boolean) => {
    setWipe(on);
    // Kept in the address, so a reload or a shared link opens the same way.
    const url = new URL(window.location.href);
    if (on) url.searchParams.set("view", "wipe");
    else url.searchParams.delete("view");
    window.history.replaceState(window.history.state, "", url);
  }, []);

  const panes = useRef<HTMLDivElement | null>(null);
  const videosKey = renders
    .filter((render) => render.kind === "video" && render.status === "ready")
    .map((render) => render.outputUrl)
    .join(" ");
  const videos = useVideoGroup(panes, videosKey);
  const videoCount = videosKey === "" ? 0 : videosKey.split(" ").length;

  // `+` / `-` zoom and `0` fits from anywhere on the page, as in image viewers.
  useEffect(() => {
    if (!hasImages) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target))
        return;
      const action =
        event.key === "+" || event.key === "="
          ? () => zoomBy(ZOOM_STEP)
          : event.key === "-" || event.key === "_"
            ? () => zoomBy(1 / ZOOM_STEP)
            : event.key === "0"
              ? fit
              : null;
      if (!action) return;
      event.preventDefault();
      action();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [hasImages, zoomBy, fit]);

  return (
    <div className="flex flex-col gap-4">
      <BackLink href="/">All renders</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-lg font-semibold tracking-tight">Compare</h1>
          {renders.length >= 2 && (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">
              {differing.length > 0 ? (
                <>
                  {renders.length} renders, differing in:{" "}
                  <span className="font-medium">{differing.join(", ")}</span>
                </>
              ) : (
                `${renders.length} renders with the same parameters`
              )}
            </p>
          )}
        </div>
        {renders.length > 0 && (
          <CompareToolbar
            view={view}
            onZoom={zoomBy}
            onFit={fit}
            zoomable={hasImages}
            canWipe={canWipe}
            wipe={wipe}
            onWipe={chooseWipe}
            videoCount={videoCount}
            playing={videos.playing}
            onPlayToggle={videos.toggle}
          />
        )}
      </div>
      {(!query.isPending || ids.length === 0) && problems.messages.length > 0 && (
        <CompareProblemsNotice problems={problems} />
      )}
      {query.isError && !query.data && (
        <Notice tone="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
          {query.error.message}
        </Notice>
      )}
      {query.isRefetchError && (
        <Notice tone="warning">Could not refresh these renders ({query.error.message}).</Notice>
      )}
      {wipe && canWipe && !wiping && (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">The wipe shows once both images are ready.</p>
      )}
      {wiping && (
        <WipeStage
          a={a}
          b={b}
          view={view}
          panZoom={panZoom}
          position={wipePosition}
          onPosition={setWipePosition}
        />
      )}
      {renders.length > 0 && (
        <div ref={panes} className={`grid items-start gap-4 ${COLUMNS[renders.length] ?? ""}`}>
          {renders.map((render, index) => {
            const letter = LETTERS[index] ?? String(index + 1);
            return (
              <ComparePane
                key={render.id}
                render={render}
                letter={letter}
                params={paneParams(rows, index)}
                media={
                  wiping ? null : (
                    <PaneMedia
                      render={render}
                      letter={letter}
                      view={view}
                      onPan={setView}
                      panZoom={panZoom}
                    />
                  )
                }
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
