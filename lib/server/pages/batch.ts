import "server-only";
/** The batch page's variants, read from the ledger for a member allowed to see them. */
import { cache } from "react";
import type { RenderList } from "@/lib/contract";
import { RENDER_ID_PATTERN } from "@/lib/domain/ids";
import { RENDER_PAGE_SIZE } from "@/lib/domain/statuses";
import { listRendersFor } from "@/lib/server/renders/organize";
import { requirePageMember } from "./session";

/**
 * The batch's first page of variants (a batch holds at most four), as the page's list query reads
 * it; undefined for a batch the ledger does not know. Without a session (sign-in on) this redirects
 * to sign-in first. Read once per request for both the metadata and the page.
 */
export const findBatchForPage = cache(async (batchId: string): Promise<RenderList | undefined> => {
  const member = await requirePageMember(`/batches/${encodeURIComponent(batchId)}`);
  if (!RENDER_ID_PATTERN.test(batchId)) return undefined;
  const page = await listRendersFor({ batchId, limit: RENDER_PAGE_SIZE }, member);
  return page.items.length > 0 ? page : undefined;
});
