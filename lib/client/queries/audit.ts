/**
 * The audit log as admins read it (`GET /api/audit`), newest first, a page at a time, and the address
 * of its CSV export with the same filters (`GET /api/audit/export`).
 */
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiFetch, toSearchParams } from "@/lib/client/api-client";
import type { AuditEntry, AuditFilter, AuditPage } from "@/lib/contract";
import { queryKeys } from "./keys";

/** Entries per page of the Audit log. */
const AUDIT_PAGE_SIZE = 50;

function auditQueryOptions(filter: AuditFilter) {
  return infiniteQueryOptions({
    queryKey: queryKeys.audit(filter),
    queryFn: ({ pageParam, signal }): Promise<AuditPage> =>
      apiFetch(
        `/api/audit${toSearchParams({ ...filter, cursor: pageParam, limit: AUDIT_PAGE_SIZE })}`,
        (c) => c.auditPageSchema,
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useAuditLog(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}

export const auditEntriesOf = (data: { pages: AuditPage[] } | undefined): AuditEntry[] =>
  data ? data.pages.flatMap((page) => page.items) : [];

/** The export of every entry the filter matches, for a download link. */
export const auditExportHref = (filter: AuditFilter): string => `/api/audit/export${toSearchParams(filter)}`;
