import "server-only";
/** The batch run pages' data, read from the ledger for a member allowed to see them. */
import { cache } from "react";
import { RUN_ID_PATTERN, type RenderList, type Run, type RunDetail } from "@/lib/contract";
import { RENDER_PAGE_SIZE } from "@/lib/domain/statuses";
import { getDb } from "@/lib/server/db/database";
import { findRun, listRuns } from "@/lib/server/ledger/runs";
import { listRendersFor } from "@/lib/server/renders/organize";
import { requirePageMember } from "./session";

/** The team's latest runs for `/runs`; without a session (sign-in on) this redirects to sign-in first. */
export async function listRunsForPage(): Promise<Run[]> {
  await requirePageMember("/runs");
  return listRuns(await getDb());
}

/** `/runs/new` needs only a session. */
export async function requireRunsPageMember(): Promise<void> {
  await requirePageMember("/runs/new");
}

/**
 * A run with its rows and the first page of its renders, as the run page's queries read them;
 * undefined for a run the ledger does not hold. Read once per request for the metadata and the page.
 */
export const findRunForPage = cache(
  async (id: string): Promise<{ run: RunDetail; renders: RenderList } | undefined> => {
    const member = await requirePageMember(`/runs/${encodeURIComponent(id)}`);
    if (!RUN_ID_PATTERN.test(id)) return undefined;
    const run = await findRun(await getDb(), id);
    if (!run) return undefined;
    return { run, renders: await listRendersFor({ run: id, limit: RENDER_PAGE_SIZE }, member) };
  },
);
