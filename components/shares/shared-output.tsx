/**
 * One output on a shared page, played or shown from the link's own media route. Server-rendered:
 * the shared pages carry no script of their own.
 */
import type { MediaKind } from "@/lib/domain/media-kind";

export const SHARED_TITLES = { image: "Shared image", video: "Shared video", audio: "Shared audio" } as const;

export interface SharedOutputProps {
  media: MediaKind;
  src: string;
  /** Its accessible name. */
  label: string;
  /** `screen`: fitted to the window (a render's page); `tile`: a cell of a board's grid. */
  fit: "screen" | "tile";
}

const FIT = {
  screen: { visual: "h-[calc(100dvh-8rem)] w-full", audio: "w-full max-w-xl" },
  tile: { visual: "aspect-square w-full bg-zinc-100 dark:bg-zinc-900", audio: "w-full" },
} as const;

export function SharedOutput({ media, src, label, fit }: SharedOutputProps) {
  const classes = FIT[fit];
  if (media === "image") {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- served through the share's own route, fitted by CSS
      <img
        src={src}
        alt={label}
        loading={fit === "tile" ? "lazy" : undefined}
        className={`${classes.visual} object-contain`}
      />
    );
  }
  if (media === "video") {
    return (
      <video
        src={src}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        className={classes.visual}
      />
    );
  }
  return <audio src={src} controls preload="metadata" aria-label={label} className={classes.audio} />;
}
