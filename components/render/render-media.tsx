"use client";
/**
 * A render's media: the image, a playable video or an audio player once ready, otherwise a
 * placeholder that says where the render stands. As a card's `preview`, a video shows its first frame
 * without controls (the card opens the viewer, which plays it). Media come straight from the service's `outputUrl`, which the service
 * may stop serving (a restart, a retention limit) while the ledger still holds it: then the media
 * give way to a "Media no longer available" placeholder of the same size, never alt text or a
 * broken box.
 */
import { useCallback, useState } from "react";
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { excerpt } from "@/lib/domain/format";
import { isAudioUrl } from "@/lib/domain/media-kind";
import { AudioLinesIcon, ImageIcon, PlayIcon, TriangleAlertIcon, VideoIcon } from "lucide-react";
import { RenderTiming } from "./render-timing";

type Media = Pick<
  LedgerRender,
  "kind" | "status" | "outputUrl" | "prompt" | "createdAt" | "completedAt" | "expectedSeconds"
>;

export { isAudioUrl };

interface RenderMediaProps {
  render: Media;
  className?: string;
  /** A card's still preview: no video controls, no autoplay. */
  preview?: boolean;
}

export function RenderMedia({ render, className = "", preview = false }: RenderMediaProps) {
  const { outputUrl } = render;
  // Remembered per URL, so a render whose URL changes gets a fresh attempt.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const fail = useCallback(() => setFailedUrl(outputUrl), [outputUrl]);
  // Media in the server-rendered HTML may fail before React attaches `onError`: check on mount.
  const imageRef = useCallback(
    (image: HTMLImageElement | null) => {
      if (image?.complete && image.naturalWidth === 0) fail();
    },
    [fail],
  );
  const videoRef = useCallback(
    (video: HTMLVideoElement | null) => {
      // Only `error` tells: `networkState` reads NETWORK_NO_SOURCE for a moment at the start of
      // every load, before the browser has even asked for the file.
      if (video?.error) fail();
    },
    [fail],
  );
  if (render.status === "ready" && outputUrl && failedUrl === outputUrl) {
    return <MediaUnavailable kind={render.kind} className={className} />;
  }
  if (render.status === "ready" && outputUrl) {
    const alt = excerpt(render.prompt, 120);
    if (isAudioUrl(outputUrl)) {
      return preview ? (
        <span
          className={`flex flex-col items-center justify-center gap-1 text-zinc-600 dark:text-zinc-400 ${className}`}
        >
          <AudioLinesIcon aria-hidden="true" className="size-7" />
          <span className="text-xs">Audio</span>
        </span>
      ) : (
        <div className={`flex items-center justify-center p-4 ${className}`}>
          <audio
            src={outputUrl}
            controls
            preload="metadata"
            aria-label={`Audio: ${alt}`}
            onError={fail}
            className="w-full"
          />
        </div>
      );
    }
    if (render.kind === "video" && preview) {
      return (
        <span className={`relative block ${className}`}>
          <video
            ref={videoRef}
            src={outputUrl}
            muted
            playsInline
            preload="metadata"
            aria-label={`Video: ${alt}`}
            onError={fail}
            className="size-full bg-black object-contain"
          />
          <PlayIcon
            aria-hidden="true"
            className="absolute top-1/2 left-1/2 size-9 -translate-1/2 rounded-full bg-black/55 p-2 text-white"
          />
        </span>
      );
    }
    return render.kind === "video" ? (
      <video
        ref={videoRef}
        src={outputUrl}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={`Video: ${alt}`}
        onError={fail}
        className={`bg-black object-contain ${className}`}
      />
    ) : (
      // Output media live on the service's host and are shown as they are; the Next image
      // optimiser would need every possible host configured and would re-encode finished work.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        ref={imageRef}
        src={outputUrl}
        alt={alt}
        loading="lazy"
        decoding="async"
        onError={fail}
        className={`object-contain ${className}`}
      />
    );
  }
  return <MediaPlaceholder render={render} className={className} />;
}

/** A ready render whose file the service no longer serves. */
function MediaUnavailable({ kind, className }: { kind: Media["kind"]; className: string }) {
  const KindIcon = kind === "video" ? VideoIcon : ImageIcon;
  return (
    <div
      data-media-unavailable=""
      className={`flex flex-col items-center justify-center gap-1.5 bg-zinc-100 p-4 text-center text-zinc-600 dark:bg-zinc-950 dark:text-zinc-400 ${className}`}
    >
      <KindIcon className="size-6" />
      <p className="text-sm font-medium text-zinc-800 dark:text-zinc-200">Media no longer available</p>
      <p className="max-w-64 text-xs">
        The Render Service no longer has this {kind === "video" ? "video" : "image"}. The prompt and settings
        are kept: reuse them to render it again.
      </p>
    </div>
  );
}

function MediaPlaceholder({ render, className }: { render: Media; className: string }) {
  const active = !isFinalLedgerStatus(render.status);
  const KindIcon = render.kind === "video" ? VideoIcon : ImageIcon;
  return (
    <div
      className={`relative flex flex-col items-center justify-center gap-2 text-zinc-600 dark:text-zinc-400 ${className}`}
    >
      {/* Only the backdrop pulses: fading the text too would dip it below readable contrast. */}
      {active && (
        <div
          aria-hidden="true"
          className="absolute inset-0 animate-pulse-briefly bg-zinc-200/70 dark:bg-zinc-800/60"
        />
      )}
      {active ? (
        <>
          <KindIcon className="relative size-6" />
          <span className="relative text-sm font-medium text-zinc-800 dark:text-zinc-200">
            <RenderTiming render={render} />
          </span>
        </>
      ) : render.status === "ready" ? (
        <span className="text-xs">No output</span>
      ) : (
        // The status word is on the badge beside; saying it twice would only repeat it to a screen reader.
        <TriangleAlertIcon className="size-6" />
      )}
    </div>
  );
}
