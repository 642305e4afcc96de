import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DownloadIcon } from "lucide-react";
import { buttonClasses } from "@/components/ui/button";
import { connection } from "next/server";
import { excerpt } from "@/lib/domain/format";
import { sharedRenderForPage } from "@/lib/server/pages/share";

interface Props {
  params: Promise<{ token: string }>;
}

const TITLES = { image: "Shared image", video: "Shared video", audio: "Shared audio" } as const;

/** Not indexed, and nothing of the dashboard in the head: no product name, no description. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const view = await sharedRenderForPage((await params).token);
  return {
    title: { absolute: view ? TITLES[view.media] : "Not found" },
    description: null,
    robots: { index: false, follow: false },
  };
}

/**
 * A render shared by link: its output fitted to the screen, a download, and the prompt unless the
 * sharer hid it. No script of its own, no link into the dashboard.
 */
export default async function SharedRenderPage({ params }: Props) {
  await connection();
  const view = await sharedRenderForPage((await params).token);
  if (!view) notFound();
  const label = view.prompt === null ? TITLES[view.media] : excerpt(view.prompt, 120);
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col items-center justify-center gap-4 p-3 sm:p-6">
      <h1 className="sr-only">{TITLES[view.media]}</h1>
      {view.media === "image" && (
        // eslint-disable-next-line @next/next/no-img-element -- served through the share's own route, fitted by CSS
        <img src={view.fileHref} alt={label} className="h-[calc(100dvh-8rem)] w-full object-contain" />
      )}
      {view.media === "video" && (
        <video
          src={view.fileHref}
          controls
          playsInline
          preload="metadata"
          aria-label={label}
          className="h-[calc(100dvh-8rem)] w-full"
        />
      )}
      {view.media === "audio" && (
        <audio
          src={view.fileHref}
          controls
          preload="metadata"
          aria-label={label}
          className="w-full max-w-xl"
        />
      )}
      <div className="flex w-full max-w-3xl flex-col items-center gap-3 text-center">
        {view.prompt !== null && (
          <p className="text-sm leading-relaxed whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">
            {view.prompt}
          </p>
        )}
        <a href={view.downloadHref} download className={buttonClasses({ variant: "primary" })}>
          <DownloadIcon /> Download
        </a>
      </div>
    </main>
  );
}
