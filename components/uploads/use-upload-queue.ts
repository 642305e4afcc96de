"use client";
/**
 * The files being uploaded right now, and the renders' outputs being copied to the service as
 * references: each with its progress, and cancel, retry and remove. An item leaves the queue as soon
 * as it is stored; the caller then places it in the right reference list.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { LedgerUpload } from "@/lib/contract";
import { isAppError } from "@/lib/contract/errors";
import type { ReferenceKind } from "@/lib/client/form";
import { useInvalidateUploads } from "@/lib/client/queries/uploads";

export type QueuedUploadStatus = "uploading" | "failed" | "cancelled";

/** What an item sends: a file from this computer, or a render's output, copied by the server. */
export type UploadSource = { type: "file"; file: File } | { type: "render"; renderId: string };

/** A render's output to copy: its id, kind, output and a name to show. */
export interface RenderToCopy {
  id: string;
  kind: ReferenceKind;
  outputUrl: string;
  name: string;
  /** Placed first in its list (the start frame of a video) rather than last. */
  first?: boolean;
}

export interface QueuedUpload {
  id: string;
  source: UploadSource;
  /** What the row is called: the file's name, or the render's. */
  name: string;
  /** Placed first in its reference list rather than last. */
  first: boolean;
  kind: ReferenceKind;
  status: QueuedUploadStatus;
  sent: number;
  total: number;
  error: string | null;
  /** A local object URL, so the file shows before the server has it; a render's output URL. */
  previewUrl: string;
}

export interface UploadQueue {
  items: QueuedUpload[];
  add: (files: { file: File; kind: ReferenceKind }[]) => void;
  /** Copies a render's output to the service; its progress is the server's, shown as under way. */
  addCopy: (render: RenderToCopy) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

export function useUploadQueue(
  onUploaded: (upload: LedgerUpload, placement: { first: boolean }) => void,
): UploadQueue {
  const [items, setItems] = useState<QueuedUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  const onUploadedRef = useRef(onUploaded);
  const invalidateUploads = useInvalidateUploads();

  useEffect(() => {
    itemsRef.current = items;
    onUploadedRef.current = onUploaded;
  });

  // Leaving the page stops every transfer and frees the previews.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
      for (const item of itemsRef.current) releasePreview(item);
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<QueuedUpload>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const drop = useCallback((id: string) => {
    setItems((current) => {
      const item = current.find((i) => i.id === id);
      if (item) releasePreview(item);
      return current.filter((i) => i.id !== id);
    });
  }, []);

  const start = useCallback(
    (item: QueuedUpload) => {
      const controller = new AbortController();
      controllers.current.set(item.id, controller);
      // The upload code loads with the first file, not with the page.
      import("@/lib/client/upload-client")
        .then(({ uploadFile, isAbortError }) =>
          send(item, controller.signal, (sent, total) => update(item.id, { sent, total }), uploadFile).then(
            (upload) => {
              drop(item.id);
              onUploadedRef.current(upload, { first: item.first });
              void invalidateUploads();
            },
            (error: unknown) => {
              if (isAbortError(error) || controller.signal.aborted) return; // cancel or remove set the state
              update(item.id, {
                status: "failed",
                error: isAppError(error) ? error.message : "The upload failed.",
              });
            },
          ),
        )
        .catch((error: unknown) => {
          // The upload code itself could not load (offline, a new deploy): retry can try again.
          update(item.id, {
            status: "failed",
            error: error instanceof Error ? error.message : "The upload failed.",
          });
        })
        .finally(() => controllers.current.delete(item.id));
    },
    [drop, invalidateUploads, update],
  );

  const add = useCallback(
    (files: { file: File; kind: ReferenceKind }[]) => {
      const added = files.map(({ file, kind }): QueuedUpload => ({
        id: crypto.randomUUID(),
        source: { type: "file", file },
        name: file.name,
        first: false,
        kind,
        status: "uploading",
        sent: 0,
        total: file.size,
        error: null,
        previewUrl: URL.createObjectURL(file),
      }));
      setItems((current) => [...current, ...added]);
      added.forEach(start);
    },
    [start],
  );

  const addCopy = useCallback(
    (render: RenderToCopy) => {
      const item: QueuedUpload = {
        id: crypto.randomUUID(),
        source: { type: "render", renderId: render.id },
        name: render.name,
        first: render.first ?? false,
        kind: render.kind,
        status: "uploading",
        sent: 0,
        total: 0,
        error: null,
        previewUrl: render.outputUrl,
      };
      setItems((current) => [...current, item]);
      start(item);
    },
    [start],
  );

  const cancel = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      update(id, { status: "cancelled", error: null });
    },
    [update],
  );

  const retry = useCallback(
    (id: string) => {
      const item = itemsRef.current.find((i) => i.id === id);
      if (!item || item.status === "uploading") return;
      const restarted = { ...item, status: "uploading" as const, sent: 0, error: null };
      update(id, restarted);
      start(restarted);
    },
    [start, update],
  );

  const remove = useCallback(
    (id: string) => {
      controllers.current.get(id)?.abort();
      drop(id);
    },
    [drop],
  );

  return { items, add, addCopy, cancel, retry, remove };
}

/** A file's local preview is freed; a render's is its output's address, nothing to free. */
function releasePreview(item: QueuedUpload) {
  if (item.source.type === "file") URL.revokeObjectURL(item.previewUrl);
}

/** Sends one item: a file through the upload client, a render's output through the server's copy. */
function send(
  item: QueuedUpload,
  signal: AbortSignal,
  onProgress: (sent: number, total: number) => void,
  uploadFile: typeof import("@/lib/client/upload-client").uploadFile,
): Promise<LedgerUpload> {
  if (item.source.type === "file") {
    return uploadFile({ file: item.source.file, kind: item.kind, signal, onProgress });
  }
  const { renderId } = item.source;
  return import("@/lib/client/reference-copy").then((m) => m.copyRenderOutput(renderId, signal));
}
