import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { DownloadIcon } from "lucide-react";
import { SHARED_TITLES, SharedOutput } from "@/components/shares/shared-output";
import GuestReview from "@/components/review/guest-review";
import { buttonClasses } from "@/components/ui/button";
import { connection } from "next/server";
import { excerpt } from "@/lib/domain/format";
import { sharedViewForPage, type SharedOutputView, type SharedView } from "@/lib/server/pages/share";

interface Props {
  params: Promise<{ token: string }>;
}

/** Not indexed, and nothing of the dashboard in the head: no product name, no description. */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  await connection();
  const view = await sharedViewForPage((await params).token);
  const title = !view ? "Not found" : view.kind === "board" ? view.name : SHARED_TITLES[view.media];
  return { title: { absolute: title }, description: null, robots: { index: false, follow: false } };
}

/**
 * A render or a board shared by link: only outputs, each with a download and its prompt unless the
 * sharer hid it. No script of its own, no link into the dashboard; a render's link made with
 * comments on brings the guest's review (its pins, its threads and a comment under a typed name).
 */
export default async function SharedPage({ params }: Props) {
  await connection();
  const { token } = await params;
  const view = await sharedViewForPage(token);
  if (!view) notFound();
  return view.kind === "board" ? <SharedBoard view={view} /> : <SharedRender view={view} token={token} />;
}

/** One render: its output fitted to the screen. */
function SharedRender({
  view,
  token,
}: {
  view: SharedOutputView & { allowComments: boolean };
  token: string;
}) {
  const label = view.prompt === null ? SHARED_TITLES[view.media] : excerpt(view.prompt, 120);
  const output = <SharedOutput media={view.media} src={view.fileHref} label={label} fit="screen" />;
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col items-center justify-center gap-4 p-3 sm:p-6">
      <h1 className="sr-only">{SHARED_TITLES[view.media]}</h1>
      {view.allowComments && view.media !== "audio" ? (
        <GuestReview token={token} kind={view.media}>
          {output}
        </GuestReview>
      ) : (
        output
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

/** A board: its name and description over a grid of its outputs, in the board's order. */
function SharedBoard({ view }: { view: Extract<SharedView, { kind: "board" }> }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-6xl flex-col gap-4 p-3 sm:p-6">
      <header className="space-y-1">
        <h1 className="text-xl font-semibold break-words">{view.name}</h1>
        {view.description && (
          <p className="text-sm whitespace-pre-wrap text-zinc-700 dark:text-zinc-300">{view.description}</p>
        )}
      </header>
      {view.outputs.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing on this board is finished yet.</p>
      ) : (
        <ul aria-label="Outputs" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {view.outputs.map((output, i) => {
            const label =
              output.prompt === null
                ? `${SHARED_TITLES[output.media]} ${i + 1}`
                : excerpt(output.prompt, 120);
            return (
              <li key={output.fileHref} className="flex flex-col gap-2">
                <SharedOutput media={output.media} src={output.fileHref} label={label} fit="tile" />
                {output.prompt !== null && (
                  <p className="line-clamp-3 text-sm text-zinc-700 dark:text-zinc-300">{output.prompt}</p>
                )}
                <a
                  href={output.downloadHref}
                  download
                  className={`${buttonClasses({ size: "sm" })} self-start`}
                >
                  <DownloadIcon /> Download<span className="sr-only"> {label}</span>
                </a>
              </li>
            );
          })}
        </ul>
      )}
    </main>
  );
}
