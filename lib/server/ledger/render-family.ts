import "server-only";
/**
 * A render's family (migration 020): the parents of each create request, and the renders those
 * parents' ids lead to both ways. Parents are kept by request, so they are written with the request,
 * before the service has named its renders; a batch's variants share them.
 */
import type { LedgerRender } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { toLedgerRender } from "./renders";

export type ParentRelation = "settings" | "reference";

export interface Parent {
  id: string;
  relation: ParentRelation;
}

/**
 * Records a request's parents (a parent named twice keeps its first relation), and puts the request
 * and its placeholder in the family of its parents (familyOfParents), which its renders then take.
 */
export async function recordParents(db: Db, requestId: string, parents: readonly Parent[]): Promise<void> {
  if (parents.length === 0) return;
  await db
    .insertInto("render_parents")
    .values(parents.map((p) => ({ request_id: requestId, parent_id: p.id, relation: p.relation })))
    .onConflict((c) => c.columns(["request_id", "parent_id"]).doNothing())
    .execute();
  const family = await familyOfParents(db, parents);
  if (family === null) return;
  await db.updateTable("render_requests").set({ family_id: family }).where("id", "=", requestId).execute();
  await db.updateTable("renders").set({ family_id: family }).where("request_id", "=", requestId).execute();
}

/**
 * A render made from several parents joins one family (families are never merged): its settings
 * parent's, or else its oldest reference's. Migration 026 filled the older rows by the same rule.
 */
async function familyOfParents(db: Db, parents: readonly Parent[]): Promise<string | null> {
  const settings = parents.find((p) => p.relation === "settings");
  const row = await db
    .selectFrom("renders")
    .select(["id", "family_id"])
    .where("id", "in", settings ? [settings.id] : parents.map((p) => p.id))
    .orderBy("request_seq")
    .orderBy("variant_index")
    .executeTakeFirst();
  return row ? (row.family_id ?? row.id) : null;
}

/** The render each of these upload URLs is a copy of, for those that are copies of an output. */
export async function rendersCopiedTo(db: Db, urls: readonly string[]): Promise<Map<string, string>> {
  if (urls.length === 0) return new Map();
  const rows = await db
    .selectFrom("output_copies")
    .innerJoin("uploads", "uploads.id", "output_copies.upload_id")
    .select(["uploads.url", "output_copies.render_id"])
    .where("uploads.url", "in", [...new Set(urls)])
    .execute();
  return new Map(rows.map((r) => [r.url, r.render_id]));
}

/** Each render's parents and children by id, both sorted oldest first. */
export async function familyLinks(
  db: Db,
  renders: readonly Pick<LedgerRender, "id" | "requestId">[],
): Promise<Map<string, { parentIds: string[]; childIds: string[] }>> {
  const links = new Map(renders.map((r) => [r.id, { parentIds: [] as string[], childIds: [] as string[] }]));
  if (renders.length === 0) return links;
  const requestIds = [...new Set(renders.map((r) => r.requestId))];
  const [parents, children] = await Promise.all([
    db
      .selectFrom("render_parents")
      .innerJoin("renders", "renders.id", "render_parents.parent_id")
      .select(["render_parents.request_id", "render_parents.parent_id"])
      .where("render_parents.request_id", "in", requestIds)
      .orderBy("renders.request_seq")
      .orderBy("renders.variant_index")
      .execute(),
    db
      .selectFrom("render_parents")
      .innerJoin("renders", "renders.request_id", "render_parents.request_id")
      .select(["render_parents.parent_id", "renders.id"])
      .where(
        "render_parents.parent_id",
        "in",
        renders.map((r) => r.id),
      )
      .orderBy("renders.request_seq")
      .orderBy("renders.variant_index")
      .execute(),
  ]);
  for (const render of renders) {
    const link = links.get(render.id);
    if (!link) continue;
    link.parentIds = parents.filter((p) => p.request_id === render.requestId).map((p) => p.parent_id);
  }
  for (const child of children) links.get(child.parent_id)?.childIds.push(child.id);
  return links;
}

/** The renders with their `parentIds` and `childIds`. */
export async function withFamily(db: Db, renders: LedgerRender[]): Promise<LedgerRender[]> {
  const links = await familyLinks(db, renders);
  return renders.map((r) => ({ ...r, ...links.get(r.id) }));
}

/** At most this many renders in a family answer: a long iteration is still shown whole in practice. */
export const FAMILY_MAX_RENDERS = 200;

/**
 * The render's whole family: every ancestor (parents, their parents…) and every descendant, with
 * their links, the render itself included; at most FAMILY_MAX_RENDERS, nearest first.
 */
export async function familyTree(db: Db, root: LedgerRender): Promise<LedgerRender[]> {
  const found = new Map<string, LedgerRender>([[root.id, root]]);
  const [rootLinked] = await withFamily(db, [root]);
  if (rootLinked) found.set(root.id, rootLinked);
  for (const direction of ["parentIds", "childIds"] as const) {
    let frontier = [rootLinked ?? root];
    while (frontier.length > 0 && found.size < FAMILY_MAX_RENDERS) {
      const next = [...new Set(frontier.flatMap((r) => r[direction] ?? []))].filter((id) => !found.has(id));
      if (next.length === 0) break;
      const rows = await db.selectFrom("renders").selectAll().where("id", "in", next).execute();
      const linked = await withFamily(db, rows.slice(0, FAMILY_MAX_RENDERS - found.size).map(toLedgerRender));
      for (const render of linked) found.set(render.id, render);
      frontier = linked;
    }
  }
  return [...found.values()];
}
