"use client";
/**
 * The files being uploaded right now: each with its progress, and cancel, retry and remove. A file
 * leaves the queue as soon as it is stored; the caller then places it in the right reference list.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import type { LedgerUpload } from "@/lib/contract";
import { isAppError } from "@/lib/contract/errors";
import type { ReferenceKind } from "@/lib/client/form";
import { useInvalidateUploads } from "@/lib/client/queries/uploads";

export type QueuedUploadStatus = "uploading" | "failed" | "cancelled";

export interface QueuedUpload {
  id: string;
  file: File;
  kind: ReferenceKind;
  status: QueuedUploadStatus;
  sent: number;
  total: number;
  error: string | null;
  /** A local object URL, so the file shows before the server has it. */
  previewUrl: string;
}

export interface UploadQueue {
  items: QueuedUpload[];
  add: (files: { file: File; kind: ReferenceKind }[]) => void;
  cancel: (id: string) => void;
  retry: (id: string) => void;
  remove: (id: string) => void;
}

export function useUploadQueue(onUploaded: (upload: LedgerUpload) => void): UploadQueue {
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
      for (const item of itemsRef.current) URL.revokeObjectURL(item.previewUrl);
    };
  }, []);

  const update = useCallback((id: string, patch: Partial<QueuedUpload>) => {
    setItems((current) => current.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }, []);

  const drop = useCallback((id: string) => {
    setItems((current) => {
      const item = current.find((i) => i.id === id);
      if (item) URL.revokeObjectURL(item.previewUrl);
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
          uploadFile({
            file: item.file,
            kind: item.kind,
            signal: controller.signal,
            onProgress: (sent, total) => update(item.id, { sent, total }),
          }).then(
            (upload) => {
              drop(item.id);
              onUploadedRef.current(upload);
              void invalidateUploads();
            },
            (error: unknown) => {
              if (isAbortError(error)) return; // cancel or remove already set the state
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
        file,
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

  return { items, add, cancel, retry, remove };
}
