/**
 * A render's media: the image or a playable video once ready, otherwise a placeholder that says
 * where the render stands. Media come straight from the service's `outputUrl`.
 */
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { excerpt } from "@/lib/domain/format";
import { AlertIcon, ImageIcon, VideoIcon } from "@/components/ui/icons";
import { RenderTiming } from "./render-timing";

type Media = Pick<
  LedgerRender,
  "kind" | "status" | "outputUrl" | "prompt" | "createdAt" | "completedAt" | "expectedSeconds"
>;

export function RenderMedia({ render, className = "" }: { render: Media; className?: string }) {
  const { outputUrl } = render;
  if (render.status === "ready" && outputUrl) {
    const alt = excerpt(render.prompt, 120);
    return render.kind === "video" ? (
      <video
        src={outputUrl}
        controls
        muted
        playsInline
        preload="metadata"
        aria-label={`Video: ${alt}`}
        className={`bg-black object-contain ${className}`}
      />
    ) : (
      // Output media live on the service's host and are shown as they are; the Next image
      // optimiser would need every possible host configured and would re-encode finished work.
      // eslint-disable-next-line @next/next/no-img-element
      <img
        src={outputUrl}
        alt={alt}
        loading="lazy"
        decoding="async"
        className={`object-contain ${className}`}
      />
    );
  }
  return <MediaPlaceholder render={render} className={className} />;
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
          className="absolute inset-0 animate-pulse bg-zinc-200/70 dark:bg-zinc-800/60"
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
        <AlertIcon className="size-6" />
      )}
    </div>
  );
}
