"use client";
/**
 * The uploads under way or stopped: progress, then cancel while running, retry and remove after. A
 * render's output being copied shows as under way: the copy runs on the server, which does not
 * report its bytes.
 */
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { XIcon } from "lucide-react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { formatBytes } from "@/lib/domain/bytes";
import { MediaPreview } from "./media-preview";
import type { QueuedUpload, UploadQueue } from "./use-upload-queue";

export function UploadQueueList({ queue }: { queue: UploadQueue }) {
  if (queue.items.length === 0) return null;
  return (
    <ul aria-label="Uploads" className="flex flex-col gap-2">
      {queue.items.map((item) => (
        <UploadRow key={item.id} item={item} queue={queue} />
      ))}
    </ul>
  );
}

interface RowAction {
  /** The accessible name: says which file the action applies to. */
  name: string;
  label: string;
  icon?: ReactNode;
  variant: "secondary" | "ghost";
  run: () => void;
}

/** An upload in flight can be cancelled; a finished, failed or cancelled one retried or removed. */
function rowActions(item: QueuedUpload, queue: UploadQueue): RowAction[] {
  const name = item.name;
  if (item.status === "uploading") {
    return [
      {
        name: `Cancel upload of ${name}`,
        label: "Cancel",
        variant: "ghost",
        run: () => queue.cancel(item.id),
      },
    ];
  }
  return [
    {
      name: `Retry upload of ${name}`,
      label: "Retry",
      variant: "secondary",
      run: () => queue.retry(item.id),
    },
    {
      name: `Remove ${name}`,
      label: "Remove",
      icon: <XIcon />,
      variant: "ghost",
      run: () => queue.remove(item.id),
    },
  ];
}

function UploadRow({ item, queue }: { item: QueuedUpload; queue: UploadQueue }) {
  const name = item.name;
  const percent = item.total > 0 ? Math.round((item.sent / item.total) * 100) : 0;
  return (
    <li className="flex items-center gap-3 rounded-md border border-zinc-200 bg-white p-2 dark:border-zinc-800 dark:bg-zinc-900">
      {item.kind === "image" ? (
        <MediaPreview kind="image" src={item.previewUrl} className="size-10 shrink-0 rounded" />
      ) : (
        <span className="flex size-10 shrink-0 items-center justify-center rounded bg-zinc-100 text-[10px] font-medium text-zinc-500 uppercase dark:bg-zinc-800 dark:text-zinc-400">
          {item.kind}
        </span>
      )}
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{name}</p>
        {item.status === "uploading" && item.source.type === "render" && (
          <>
            <div
              role="progressbar"
              aria-label={`Copying ${name}`}
              aria-valuetext="Copying to the service"
              className="relative mt-1.5 h-1.5 w-full overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
            >
              <div className="absolute inset-y-0 left-0 w-1/3 animate-pulse rounded-full bg-indigo-500" />
            </div>
            <p className="mt-1 text-xs text-zinc-500 dark:text-zinc-400">
              Copying the output to the service…
            </p>
          </>
        )}
        {item.status === "uploading" && item.source.type === "file" && (
          <>
            <ProgressBar value={percent} max={100} label={`Uploading ${name}`} className="mt-1.5" />
            <p className="mt-1 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
              {percent}% · {formatBytes(item.sent)} of {formatBytes(item.total)}
            </p>
          </>
        )}
        {item.status === "failed" && (
          <p role="alert" className="mt-0.5 text-xs text-red-700 dark:text-red-400">
            {item.error}
          </p>
        )}
        {item.status === "cancelled" && (
          <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">Cancelled</p>
        )}
      </div>
      <div className="flex shrink-0 items-center gap-1">
        {rowActions(item, queue).map((action) => (
          <Button
            key={action.name}
            size={action.icon ? "icon" : "sm"}
            variant={action.variant}
            onClick={action.run}
            aria-label={action.name}
          >
            {action.icon ?? action.label}
          </Button>
        ))}
      </div>
    </li>
  );
}
