import "server-only";
/**
 * Stacked versions (the gallery's `stack=true`): one render per family, on the `renders_family`
 * index (migration 026). A family's card is its approved render where it has one, else its newest;
 * chosen among the renders of the archive state the list shows, so archiving a family's newest
 * version brings the one before it forward rather than hiding the family.
 */
import { sql, type RawBuilder } from "kysely";
import type { LedgerRender } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { reviewRank } from "./review-summary";

type Archived = "true" | "false" | undefined;

/** The renders of every family of the archive state a list shows, under the name `versions`. */
function versionsIn(db: Db, archived: Archived) {
  const versions = db.selectFrom("renders as versions");
  return archived === undefined
    ? versions
    : versions.where("versions.archived_at", archived === "true" ? "is not" : "is", null);
}

/** The condition that keeps, of the renders a list query selects, each family's card only. */
export function isFamilyCard(db: Db, archived: Archived): RawBuilder<boolean> {
  const card = versionsIn(db, archived)
    .select("versions.id")
    .where("versions.family_id", "=", sql<string>`renders.family_id`)
    .orderBy(sql`case when versions.review_rank = ${sql.lit(reviewRank("approved"))} then 0 else 1 end`)
    .orderBy("versions.request_seq", "desc")
    .orderBy("versions.variant_index", "asc")
    .limit(1);
  return sql<boolean>`renders.id = (${card})`;
}

/** The cards with the number of versions in each one's family (of the archive state the list shows). */
export async function withVersions(
  db: Db,
  cards: readonly LedgerRender[],
  archived: Archived,
): Promise<LedgerRender[]> {
  const families = [...new Set(cards.flatMap((card) => (card.familyId ? [card.familyId] : [])))];
  if (families.length === 0) return [...cards];
  const rows = await versionsIn(db, archived)
    .select(["versions.family_id", (eb) => eb.fn.countAll<number>().as("count")])
    .where("versions.family_id", "in", families)
    .groupBy("versions.family_id")
    .execute();
  const counts = new Map(rows.map((row) => [row.family_id, Number(row.count)]));
  return cards.map((card) => ({ ...card, versions: counts.get(card.familyId ?? "") ?? 1 }));
}
