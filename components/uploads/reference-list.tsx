"use client";
/**
 * The references a render will send, for one kind of media: a preview of each, its role (start frame)
 * or that the model will ignore it, and remove. For video models the first image is the start frame,
 * so any other image can be moved to the front.
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
  /** How many the model uses; the rest are shown as ignored. */
  used: number;
  /** Whether the first entry is the start frame (reference images of a video render). */
  startFrame: boolean;
  errorId?: string;
}

export function ReferenceList({
  kind,
  title,
  urls,
  onChange,
  used,
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
      <ul
        className={
          tiles ? "grid grid-cols-[repeat(auto-fill,minmax(7rem,1fr))] gap-2" : "flex flex-col gap-2"
        }
      >
        {urls.map((url, index) => {
          const name = fileNameOf(url);
          const ignored = index >= used;
          const isStart = startFrame && index === 0 && !ignored;
          return (
            <li
              key={url}
              className={`relative flex gap-2 rounded-md border border-zinc-200 bg-white p-1.5 dark:border-zinc-800 dark:bg-zinc-900 ${
                tiles ? "flex-col" : "flex-row items-center"
              } ${ignored ? "opacity-60" : ""}`}
            >
              <MediaPreview
                kind={kind}
                src={url}
                className={
                  tiles
                    ? "aspect-square w-full rounded"
                    : kind === "video"
                      ? "h-16 w-28 shrink-0 rounded"
                      : "min-w-0 flex-1"
                }
              />
              <div className={`flex min-w-0 items-center gap-1 ${tiles ? "" : "w-40 shrink-0"}`}>
                <div className="min-w-0 flex-1">
                  <p className="truncate text-xs" title={name}>
                    {name}
                  </p>
                  {isStart && (
                    <p className="text-[11px] font-medium text-indigo-700 dark:text-indigo-300">
                      Start frame
                    </p>
                  )}
                  {ignored && (
                    <p className="text-[11px] font-medium text-amber-700 dark:text-amber-400">Ignored</p>
                  )}
                  {startFrame && index > 0 && !ignored && (
                    <button
                      type="button"
                      onClick={() => toFront(index)}
                      className="text-left text-[11px] text-zinc-500 underline-offset-2 hover:underline dark:text-zinc-400"
                      aria-label={`Use ${name} as start frame`}
                    >
                      Make start frame
                    </button>
                  )}
                </div>
                <Button
                  size="icon"
                  variant="ghost"
                  onClick={() => remove(index)}
                  aria-label={`Remove ${name}`}
                >
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
