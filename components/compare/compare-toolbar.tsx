"use client";
/** The compare page's shared controls: zoom for the images, the wipe for two images, playback for the videos. */
import {
  Columns2Icon,
  PauseIcon,
  PlayIcon,
  SquareSplitHorizontalIcon,
  ZoomInIcon,
  ZoomOutIcon,
} from "lucide-react";
import { Button } from "@/components/ui/button";
import { ZOOM_STEP, zoomPercent, type View } from "./zoom";

const GROUP = "flex items-center gap-1";

export function CompareToolbar({
  view,
  onZoom,
  onFit,
  zoomable,
  canWipe,
  wipe,
  onWipe,
  videoCount,
  playing,
  onPlayToggle,
}: {
  view: View;
  onZoom: (factor: number) => void;
  onFit: () => void;
  /** Some image is ready to zoom. */
  zoomable: boolean;
  canWipe: boolean;
  wipe: boolean;
  onWipe: (on: boolean) => void;
  videoCount: number;
  playing: boolean;
  onPlayToggle: () => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {canWipe && (
        <div role="group" aria-label="Layout" className={GROUP}>
          <Button
            size="sm"
            variant={wipe ? "ghost" : "secondary"}
            aria-pressed={!wipe}
            onClick={() => onWipe(false)}
          >
            <Columns2Icon className="size-4" /> Side by side
          </Button>
          <Button
            size="sm"
            variant={wipe ? "secondary" : "ghost"}
            aria-pressed={wipe}
            onClick={() => onWipe(true)}
          >
            <SquareSplitHorizontalIcon className="size-4" /> Wipe
          </Button>
        </div>
      )}
      {zoomable && (
        <div role="group" aria-label="Zoom" className={GROUP}>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Zoom out"
            title="Zoom out (−)"
            onClick={() => onZoom(1 / ZOOM_STEP)}
          >
            <ZoomOutIcon className="size-4" />
          </Button>
          <output aria-label="Zoom level" className="w-12 text-center text-sm tabular-nums">
            {zoomPercent(view)}
          </output>
          <Button
            size="icon"
            variant="ghost"
            aria-label="Zoom in"
            title="Zoom in (+)"
            onClick={() => onZoom(ZOOM_STEP)}
          >
            <ZoomInIcon className="size-4" />
          </Button>
          <Button size="sm" variant="ghost" title="Fit (0)" onClick={onFit}>
            Fit
          </Button>
        </div>
      )}
      {videoCount >= 2 && (
        <Button size="sm" onClick={onPlayToggle}>
          {playing ? <PauseIcon className="size-4" /> : <PlayIcon className="size-4" />}
          {playing ? "Pause all" : "Play all"}
        </Button>
      )}
    </div>
  );
}
