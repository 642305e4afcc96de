"use client";
/**
 * The references a render will send, for one kind of media: a preview of each, its role (start frame)
 * or that the chosen model ignores it, and remove. Images are small tiles in a wrapping row, so a
 * handful of them leaves the form's submit button in view on a phone; the file name is the tile's
 * tooltip and its accessible text. For video models the first image is the start frame, and any
 * other image can be moved to the front.
 */
import { Button } from "@/components/ui/button";
import { XIcon } from "lucide-react";
import type { ReferenceKind } from "@/lib/client/form";
import { MediaPreview, fileNameOf } from "./media-preview";

export interface ReferenceListProps {
  kind: ReferenceKind;
  title: string;
  urls: string[];
  onChange: (urls: string[]) => void;
  /** How many the model uses; the rest are marked as ignored by it. */
  used: number;
  /** The chosen model's name, for "Ignored by …". */
  modelLabel: string;
  /** Whether the first entry is the start frame (reference images of a video render). */
  startFrame: boolean;
  errorId?: string;
}

const BADGE = "text-[11px] font-medium";
/** A tile's overlaid button: small to look at, a 24 px target to hit. */
const ROUND_BUTTON =
  "absolute flex size-6 items-center justify-center rounded-full bg-zinc-900/80 text-white shadow hover:bg-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-indigo-500 dark:bg-zinc-700 dark:hover:bg-zinc-600";
const START_COLOURS = "text-indigo-700 dark:text-indigo-300";
const IGNORED_COLOURS = "text-amber-700 dark:text-amber-400";

export function ReferenceList({
  kind,
  title,
  urls,
  onChange,
  used,
  modelLabel,
  startFrame,
  errorId,
}: ReferenceListProps) {
  if (urls.length === 0) return null;
  const remove = (index: number) => onChange(urls.filter((_, i) => i !== index));
  const toFront = (index: number) => onChange([urls[index] as string, ...urls.filter((_, i) => i !== index)]);
  const tiles = kind === "image";

  return (
    <section aria-label={title} aria-describedby={errorId}>
      <h4 className="mb-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400">
        {title} <span className="tabular-nums">({urls.length})</span>
      </h4>
      <ul className={tiles ? "flex flex-wrap gap-2.5 pt-1.5 pr-1.5" : "flex flex-col gap-2"}>
        {urls.map((url, index) => {
          const name = fileNameOf(url);
          const ignored = index >= used;
          const isStart = startFrame && index === 0 && !ignored;
          const canLead = startFrame && index > 0 && !ignored;
          const ignoredBy = `Ignored by ${modelLabel}`;
          const removeLabel = `Remove ${name}`;
          if (tiles) {
            return (
              <li
                key={url}
                title={ignored ? `${name} · ${ignoredBy}` : name}
                className="relative size-16 shrink-0"
              >
                <MediaPreview
                  kind={kind}
                  src={url}
                  className={`size-16 rounded-md border border-zinc-200 dark:border-zinc-800 ${ignored ? "opacity-40 grayscale" : ""}`}
                />
                <span className="sr-only">{name}</span>
                {(isStart || ignored) && (
                  <span
                    className={`absolute inset-x-0 bottom-0 truncate rounded-b-md bg-white/90 px-0.5 text-center text-[10px] leading-4 font-medium dark:bg-zinc-900/90 ${isStart ? START_COLOURS : IGNORED_COLOURS}`}
                  >
                    {isStart ? (
                      "Start frame"
                    ) : (
                      <>
                        Ignored<span className="sr-only"> by {modelLabel}</span>
                      </>
                    )}
                  </span>
                )}
                {canLead && (
                  <button
                    type="button"
                    onClick={() => toFront(index)}
                    aria-label={`Use ${name} as start frame`}
                    title="Make start frame"
                    className={`${ROUND_BUTTON} bottom-0.5 left-0.5 text-sm leading-none`}
                  >
                    ⇤
                  </button>
                )}
                <button
                  type="button"
                  onClick={() => remove(index)}
                  aria-label={removeLabel}
                  title={removeLabel}
                  className={`${ROUND_BUTTON} -top-2 -right-2`}
                >
                  <XIcon aria-hidden className="size-3.5" />
                </button>
              </li>
            );
          }
          return (
            <li
              key={url}
              className="flex flex-row items-center gap-2 rounded-md border border-zinc-200 bg-white p-1.5 dark:border-zinc-800 dark:bg-zinc-900"
            >
              <MediaPreview
                kind={kind}
                src={url}
                className={`${kind === "video" ? "h-12 w-20 shrink-0 rounded" : "min-w-0 flex-1"} ${ignored ? "opacity-50" : ""}`}
              />
              <div className="flex w-36 min-w-0 shrink-0 items-center gap-1">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-xs" title={name}>
                    {name}
                  </p>
                  {ignored && <p className={`${BADGE} ${IGNORED_COLOURS}`}>{ignoredBy}</p>}
                </div>
                <Button size="icon" variant="ghost" onClick={() => remove(index)} aria-label={removeLabel}>
                  <XIcon />
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
