"use client";
/**
 * A render's media with its review pins: an image gets its markers over it, a video its timeline
 * under it; other media (audio, a render not ready) show as they are. The threads are the render's
 * comments (one query, shared with the panel); choosing one moves the media to it.
 */
import type { ReactNode } from "react";
import type { LedgerRender } from "@/lib/contract";
import { useComments } from "@/lib/client/queries/review";
import { isAudioUrl } from "@/lib/domain/media-kind";
import { ImagePins, VideoPins } from "./review-media";
import type { Framing } from "./pin-geometry";
import { numberThreads, pinnedThreads } from "./threads";

/** A render whose media take pins: ready, with an image or a video (not audio). */
export function isReviewable(render: Pick<LedgerRender, "status" | "outputUrl">): boolean {
  return render.status === "ready" && render.outputUrl !== null && !isAudioUrl(render.outputUrl);
}

export function ReviewMediaFrame({
  render,
  framing,
  onPan,
  className,
  children,
}: {
  render: LedgerRender;
  framing?: Framing;
  /** Moves the framing: choosing a comment pans to its pin (compare's shared zoom). */
  onPan?: (framing: Framing) => void;
  className?: string;
  children: ReactNode;
}) {
  const threads = pinnedThreads(numberThreads(useComments(render.id).data?.items ?? []));
  if (!isReviewable(render)) return <>{children}</>;
  return render.kind === "video" ? (
    <VideoPins threads={threads} className={className}>
      {children}
    </VideoPins>
  ) : (
    <ImagePins threads={threads} framing={framing} onPan={onPan} className={className}>
      {children}
    </ImagePins>
  );
}
