/**
 * The rate card: learned rates (filled from the ledger's earlier charges) and an admin's overrides;
 * the estimate made at create, on the request and its first render.
 */
import type { Kysely } from "kysely";
import { learnRate, pricedRequest, type LearnedRate, type PriceKey } from "@/lib/domain/rates";
import { renderRequestSchema } from "@/lib/domain/render-request";
import type { Database } from "@/lib/server/db/schema";
import { createTables } from "./tables";

export async function up(db: Kysely<unknown>): Promise<void> {
  await createTables(db, {
    // One row per price key (lib/domain/rates.ts): the charge standing for its rate, and how many
    // charges were seen. Updated with each charge, so estimates and the rate card read one row.
    learned_rates: `
      key         text     primary key
      kind        text     not null
      model       text     not null
      resolution  text
      setting     text
      credits     integer  not null
      units       integer  not null
      renders     integer  not null
      updated_at  text     not null
    `,
    // An admin's rate for a price key, in credits per unit; it wins over the env card and learning.
    rate_overrides: `
      key               text  primary key
      credits_per_unit  real  not null
      member_id         text
      member_name       text
      updated_at        text  not null
    `,
  });
  // The estimate made at create, beside the charge: on the request, and on its first render as
  // that render carries the request's charge.
  for (const table of ["render_requests", "renders"]) {
    await db.schema.alterTable(table).addColumn("estimate_credits", "integer").execute();
    await db.schema.alterTable(table).addColumn("estimate_source", "text").execute();
  }
  await learnFromEarlierCharges(db as Kysely<Database>);
}

/** Earlier charges teach the learned rates, oldest first, as they would have one by one. */
async function learnFromEarlierCharges(db: Kysely<Database>): Promise<void> {
  const charged = await db
    .selectFrom("render_requests")
    .select(["params", "credits_charged", "updated_at"])
    .where("state", "=", "created")
    .orderBy("seq")
    .execute();
  const rates = new Map<string, { key: PriceKey; rate: LearnedRate; updatedAt: string }>();
  for (const row of charged) {
    const request = renderRequestSchema.safeParse(JSON.parse(row.params));
    if (!request.success) continue;
    const { id, key, units } = pricedRequest(request.data);
    const charge = { credits: row.credits_charged, units };
    rates.set(id, { key, rate: learnRate(rates.get(id)?.rate ?? null, charge), updatedAt: row.updated_at });
  }
  for (const [id, { key, rate, updatedAt }] of rates)
    await db
      .insertInto("learned_rates")
      .values({ key: id, ...key, ...rate, updated_at: updatedAt })
      .execute();
}
