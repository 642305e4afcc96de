import "server-only";
/**
 * Culling: the caller's ratings, picks and rejects, and the team's tags. Neither touches the
 * service; both are the ledger's alone. An id the ledger does not hold refuses the whole request.
 */
import type {
  MarksRequest,
  MarksResult,
  Member,
  TagSuggestions,
  TagsRequest,
  TagsResult,
} from "@/lib/contract";
import { normaliseTag } from "@/lib/domain/cull";
import { getDb } from "@/lib/server/db/database";
import { favouritesOwner } from "@/lib/server/ledger/favourites";
import { setMarks } from "@/lib/server/ledger/marks";
import { requireRenders } from "@/lib/server/ledger/renders";
import { changeTags, tagSuggestions } from "@/lib/server/ledger/tags";

/** How many suggestions a tag input is offered. */
const SUGGESTIONS = 20;

export async function markRenders(
  { ids, rating, flag }: MarksRequest,
  member: Member | null,
): Promise<MarksResult> {
  const db = await getDb();
  const wanted = [...new Set(ids)];
  await requireRenders(db, wanted);
  return { items: await setMarks(db, favouritesOwner(member), wanted, { rating, flag }) };
}

export async function tagRenders({ ids, add = [], remove = [] }: TagsRequest): Promise<TagsResult> {
  const db = await getDb();
  const wanted = [...new Set(ids)];
  await requireRenders(db, wanted);
  const tags = await changeTags(
    db,
    wanted,
    [...new Set(add.map(normaliseTag))],
    [...new Set(remove.map(normaliseTag))],
  );
  return { items: wanted.map((id) => ({ id, tags: tags.get(id) ?? [] })) };
}

export async function suggestTags(prefix: string | undefined): Promise<TagSuggestions> {
  return { items: await tagSuggestions(await getDb(), normaliseTag(prefix ?? ""), SUGGESTIONS) };
}
