import "server-only";
/**
 * Keeping the team's renders in order: a member's favourites and the team's archive. Neither touches
 * the service; both are the ledger's alone. Archiving and bringing back are entries of the audit log.
 */
import {
  AppError,
  type ArchiveRequest,
  type ArchiveResult,
  type FavouriteState,
  type LedgerRender,
  type Member,
  type RenderListQuery,
  type RenderList,
} from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { favouritesOwner, setFavourite, withFavourites } from "@/lib/server/ledger/favourites";
import { withFamily } from "@/lib/server/ledger/render-family";
import { withMarks } from "@/lib/server/ledger/marks";
import {
  getRenderRow,
  listRenders,
  rendersByIds,
  requireRenders,
  setArchived,
} from "@/lib/server/ledger/renders";

/** A page of the gallery as this caller sees it (their favourites). */
export async function listRendersFor(query: RenderListQuery, member: Member | null): Promise<RenderList> {
  const db = await getDb();
  const page = await listRenders(db, query, favouritesOwner(member));
  return { ...page, items: await withFamily(db, page.items) };
}

/** Renders with the caller's own favourite flag, rating and pick or reject. */
async function forCaller(renders: LedgerRender[], member: Member | null): Promise<LedgerRender[]> {
  const db = await getDb();
  const owner = favouritesOwner(member);
  return withMarks(db, owner, await withFavourites(db, owner, renders));
}

/** One render with the caller's own favourite flag, rating and pick or reject. */
export async function withCallerFlag(render: LedgerRender, member: Member | null): Promise<LedgerRender> {
  const [flagged = render] = await forCaller([render], member);
  return flagged;
}

/** Stars or unstars a render for the caller; 404 for an id the ledger does not hold. */
export async function favourite(id: string, member: Member | null, on: boolean): Promise<FavouriteState> {
  const db = await getDb();
  if (!(await getRenderRow(db, id)))
    throw new AppError("not_found", "No render with this id in the dashboard's history.");
  await setFavourite(db, favouritesOwner(member), id, on);
  return { id, favourite: on };
}

/**
 * Archives or brings back renders for the whole team, all or none: an id the ledger does not hold
 * refuses the request (404, naming it) and nothing changes.
 */
export async function archive({ ids, archived }: ArchiveRequest, by: Actor): Promise<ArchiveResult> {
  const db = await getDb();
  const wanted = [...new Set(ids)];
  await requireRenders(db, wanted);
  await setArchived(db, wanted, archived);
  await recordAudit(db, {
    kind: archived ? "renders.archived" : "renders.unarchived",
    by,
    // One entry for the whole selection, its ids in the target (up to the request's 500).
    target: {
      type: "renders",
      id: wanted.join(","),
      name: wanted.length === 1 ? "1 render" : `${wanted.length} renders`,
    },
  });
  return { items: await forCaller(await rendersByIds(db, wanted), by.member) };
}
