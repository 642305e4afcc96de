"use client";
/**
 * The team's earlier uploads, to reuse as references without uploading the same file again
 * (Radix Dialog; the list loads only while it is open).
 */
import { useState, type RefObject } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogHeader, DialogPanel } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import type { LedgerUpload } from "@/lib/contract";
import type { ReferenceKind } from "@/lib/client/form";
import { formatBytes } from "@/lib/domain/bytes";
import { uploadsOf, useUploadLibrary } from "@/lib/client/queries/uploads";
import { MediaPreview } from "./media-preview";

const KIND_TITLES: Record<ReferenceKind, string> = { image: "Images", video: "Videos", audio: "Audio" };

export interface ReferenceLibraryDialogProps {
  /** The kinds the chosen model takes; the library lists only those. */
  kinds: readonly ReferenceKind[];
  /** URLs already chosen, shown as in use. */
  inUse: ReadonlySet<string>;
  onUse: (upload: LedgerUpload) => void;
}

/** The library itself, opened by `ReferenceLibrary`'s button (focus returns to it on close). */
export default function ReferenceLibraryDialog({
  open,
  onOpenChange,
  returnFocusTo,
  ...library
}: ReferenceLibraryDialogProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The control that opened the dialog: focus goes back to it on close. */
  returnFocusTo: RefObject<HTMLElement | null>;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogPanel
        size="sheet"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader
          title="Reference library"
          description="Your team's earlier uploads. Use one again without uploading it."
        />
        <LibraryBody {...library} />
      </DialogPanel>
    </Dialog>
  );
}

function LibraryBody({ kinds, inUse, onUse }: ReferenceLibraryDialogProps) {
  const [chosen, setChosen] = useState<ReferenceKind>(kinds[0] ?? "image");
  // The model may have changed since a kind was chosen; fall back to one it takes.
  const kind = kinds.includes(chosen) ? chosen : (kinds[0] ?? "image");
  const library = useUploadLibrary(kind);
  const uploads = uploadsOf(library.data);

  return (
    <div className="flex min-h-0 flex-1 flex-col gap-3 p-4">
      {kinds.length > 1 && (
        <div role="group" aria-label="Kind of upload" className="flex gap-1">
          {kinds.map((k) => (
            <Button
              key={k}
              size="sm"
              variant={k === kind ? "primary" : "ghost"}
              aria-pressed={k === kind}
              onClick={() => setChosen(k)}
            >
              {KIND_TITLES[k]}
            </Button>
          ))}
        </div>
      )}
      <div className="min-h-40 overflow-y-auto">
        {library.isPending && <p className="text-sm text-zinc-500 dark:text-zinc-400">Loading uploads…</p>}
        {library.isError && (
          <Notice
            tone="error"
            action={
              <Button size="sm" onClick={() => void library.refetch()}>
                Retry
              </Button>
            }
          >
            {library.error.message}
          </Notice>
        )}
        {library.isSuccess && uploads.length === 0 && (
          <p className="text-sm text-zinc-500 dark:text-zinc-400">
            No {KIND_TITLES[kind].toLowerCase()} uploaded yet.
          </p>
        )}
        {uploads.length > 0 && (
          <ul
            aria-label={`Uploaded ${KIND_TITLES[kind].toLowerCase()}`}
            className="grid grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3"
          >
            {uploads.map((upload) => (
              <LibraryItem
                key={upload.id}
                upload={upload}
                kind={kind}
                used={inUse.has(upload.url)}
                onUse={onUse}
              />
            ))}
          </ul>
        )}
      </div>
      {library.hasNextPage && (
        <Button
          variant="secondary"
          className="self-center"
          disabled={library.isFetchingNextPage}
          onClick={() => void library.fetchNextPage()}
        >
          {library.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}

function LibraryItem({
  upload,
  kind,
  used,
  onUse,
}: {
  upload: LedgerUpload;
  kind: ReferenceKind;
  used: boolean;
  onUse: (upload: LedgerUpload) => void;
}) {
  return (
    <li className="flex flex-col gap-1.5 rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
      <MediaPreview
        kind={kind}
        src={upload.url}
        className={kind === "audio" ? "" : "aspect-square w-full rounded"}
      />
      <p className="truncate text-xs font-medium" title={upload.filename}>
        {upload.filename}
      </p>
      <p className="text-[11px] text-zinc-500 dark:text-zinc-400">
        {formatBytes(upload.bytes)} · {new Date(upload.createdAt).toLocaleDateString()}
        {upload.member && ` · ${upload.member.name}`}
      </p>
      <Button
        size="sm"
        variant={used ? "ghost" : "secondary"}
        disabled={used}
        onClick={() => onUse(upload)}
        aria-label={used ? `${upload.filename} is in use` : `Use ${upload.filename}`}
      >
        {used ? "In use" : "Use"}
      </Button>
    </li>
  );
}
