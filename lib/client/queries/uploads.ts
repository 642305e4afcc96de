/**
 * The team's earlier uploads (`GET /api/uploads`), newest first, cursor-paged: the reference library
 * a render can reuse without uploading the same file again.
 */
import { infiniteQueryOptions, useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import type { LedgerUpload, UploadList } from "@/lib/contract";
import { UPLOAD_PAGE_SIZE } from "@/lib/domain/statuses";
import type { UploadKind } from "@/lib/domain/uploads";
import { queryKeys } from "./keys";

function uploadLibraryQueryOptions(kind?: UploadKind) {
  return infiniteQueryOptions({
    queryKey: queryKeys.uploads.list(kind),
    queryFn: ({ pageParam, signal }): Promise<UploadList> =>
      apiFetch(
        `/api/uploads${toSearchParams({ kind, cursor: pageParam, limit: UPLOAD_PAGE_SIZE })}`,
        (c) => c.uploadListSchema,
        {
          signal,
        },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useUploadLibrary(kind?: UploadKind) {
  return useInfiniteQuery(uploadLibraryQueryOptions(kind));
}

export function uploadsOf(pages: { pages: UploadList[] } | undefined): LedgerUpload[] {
  return pages ? pages.pages.flatMap((page) => page.items) : [];
}

/** Marks the library stale after a new upload, so it lists the file next time it is opened. */
export function useInvalidateUploads(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: queryKeys.uploads.all }), [queryClient]);
}
