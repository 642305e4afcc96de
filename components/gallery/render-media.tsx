/**
 * A render's media: the image or a playable video once ready, otherwise a placeholder that says
 * where the render stands. Media come straight from the service's `outputUrl`.
 */
import type { LedgerRender } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/contract";
import { excerpt, statusWord } from "@/lib/format";
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
      <img src={outputUrl} alt={alt} loading="lazy" decoding="async" className={`object-contain ${className}`} />
    );
  }
  return <MediaPlaceholder render={render} className={className} />;
}

function MediaPlaceholder({ render, className }: { render: Media; className: string }) {
  const active = !isFinalLedgerStatus(render.status);
  const KindIcon = render.kind === "video" ? VideoIcon : ImageIcon;
  return (
    <div
      className={`flex flex-col items-center justify-center gap-2 bg-zinc-100 text-zinc-500 dark:bg-zinc-900 dark:text-zinc-400 ${
        active ? "animate-[pulse_2.5s_ease-in-out_infinite]" : ""
      } ${className}`}
    >
      {active ? (
        <>
          <KindIcon className="size-6" />
          <span className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            <RenderTiming render={render} />
          </span>
        </>
      ) : (
        <>
          <AlertIcon className="size-6" />
          <span className="text-xs">{render.status === "ready" ? "No output" : statusWord(render.status)}</span>
        </>
      )}
    </div>
  );
}
