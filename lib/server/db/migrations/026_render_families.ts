/**
 * Render families: each render's family id (the id of the family's first render), so the gallery can
 * stack a family's versions into one card on an index. A request made from parents takes its family
 * from them (ledger/render-family.ts, familyOfParents); the rows already there are filled from
 * `render_parents` by the same rule.
 */
import { sql, type Kysely } from "kysely";
import { addColumns, createIndexes } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  // On the request: null for a request without parents (each of its renders starts a family).
  await addColumns(db, "render_requests", "family_id text");
  await addColumns(db, "renders", "family_id text");
  // The stacked list picks each family's card and counts its versions through this index.
  await createIndexes(db, { renders_family: "renders (family_id, request_seq)" });
  await sql`update renders set family_id = id`.execute(db);
  await backfill(db);
}

/**
 * Requests in the order they were made (a parent is always older than its child), each taking the
 * family of its settings parent, or else of its oldest reference parent.
 */
async function backfill(db: Kysely<unknown>): Promise<void> {
  const links = await sql<{
    request_id: string;
    parent_id: string;
    relation: string;
    parent_seq: number;
    parent_variant: number;
    child_seq: number;
  }>`
    select p.request_id, p.parent_id, p.relation, parent.request_seq as parent_seq,
           parent.variant_index as parent_variant, req.seq as child_seq
    from render_parents p
    join renders parent on parent.id = p.parent_id
    join render_requests req on req.id = p.request_id
    order by req.seq, case when p.relation = 'settings' then 0 else 1 end, parent.request_seq, parent.variant_index
  `.execute(db);
  const familyOf = new Map<string, string>();
  const done = new Set<string>();
  for (const link of links.rows) {
    if (done.has(link.request_id)) continue;
    done.add(link.request_id);
    const family = familyOf.get(link.parent_id) ?? link.parent_id;
    const renders = await sql<{
      id: string;
    }>`select id from renders where request_id = ${link.request_id}`.execute(db);
    for (const { id } of renders.rows) familyOf.set(id, family);
    await sql`update render_requests set family_id = ${family} where id = ${link.request_id}`.execute(db);
    await sql`update renders set family_id = ${family} where request_id = ${link.request_id}`.execute(db);
  }
}
