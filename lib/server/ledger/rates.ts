import "server-only";
/**
 * What the ledger knows of prices: the learned rate of each price key, updated in the transaction
 * that records a charge, and the admin's overrides. docs/architecture.md ("Estimates and the rate
 * card") says why a table updated per charge rather than a query over charged renders.
 */
import type { Kysely } from "kysely";
import type { MadeBy } from "@/lib/contract";
import { learnRate, pricedRequest, type LearnedRate, type PriceKey } from "@/lib/domain/rates";
import { renderRequestSchema } from "@/lib/domain/render-request";
import type { Db } from "@/lib/server/db/database";
import type { Database } from "@/lib/server/db/schema";
import { withChanges, type NoteChange } from "./changes";

export interface StoredLearnedRate extends LearnedRate {
  key: string;
}

/**
 * Teaches the request's price key its charge, and notes the key's change (its estimates' figure or
 * basis moved: open forms read theirs again). Called inside the `withChanges` transaction that
 * records the charge; a request whose stored params no longer parse teaches nothing.
 */
export async function learnFromCharge(
  tx: Kysely<Database>,
  request: { params: string; credits_charged: number },
  now: string,
  note: NoteChange,
): Promise<void> {
  const parsed = renderRequestSchema.safeParse(JSON.parse(request.params));
  if (!parsed.success) return;
  const { id, key, units } = pricedRequest(parsed.data);
  const previous = await tx
    .selectFrom("learned_rates")
    .select(["credits", "units", "renders"])
    .where("key", "=", id)
    .executeTakeFirst();
  const rate = learnRate(previous ?? null, { credits: request.credits_charged, units });
  await tx
    .insertInto("learned_rates")
    .values({ key: id, ...key, ...rate, updated_at: now })
    .onConflict((c) => c.column("key").doUpdateSet({ ...rate, updated_at: now }))
    .execute();
  note("rate", id);
}

export async function learnedRate(db: Db, key: string): Promise<StoredLearnedRate | undefined> {
  return db
    .selectFrom("learned_rates")
    .select(["key", "credits", "units", "renders"])
    .where("key", "=", key)
    .executeTakeFirst();
}

/** Every learned rate, with its key's parts. */
export async function allLearnedRates(db: Db): Promise<(StoredLearnedRate & { priceKey: PriceKey })[]> {
  const rows = await db.selectFrom("learned_rates").selectAll().execute();
  return rows.map((row) => ({
    key: row.key,
    credits: row.credits,
    units: row.units,
    renders: row.renders,
    priceKey: {
      kind: row.kind === "video" ? "video" : "image",
      model: row.model,
      resolution: row.resolution,
      setting: row.setting,
    },
  }));
}

export interface RateOverride {
  key: string;
  creditsPerUnit: number;
  setBy: string | null;
  updatedAt: string;
}

const overrideColumns = ["key", "credits_per_unit", "member_name", "updated_at"] as const;
const toOverride = (row: {
  key: string;
  credits_per_unit: number;
  member_name: string | null;
  updated_at: string;
}): RateOverride => ({
  key: row.key,
  creditsPerUnit: row.credits_per_unit,
  setBy: row.member_name,
  updatedAt: row.updated_at,
});

export async function rateOverride(db: Db, key: string): Promise<RateOverride | undefined> {
  const row = await db
    .selectFrom("rate_overrides")
    .select(overrideColumns)
    .where("key", "=", key)
    .executeTakeFirst();
  return row && toOverride(row);
}

export async function allRateOverrides(db: Db): Promise<RateOverride[]> {
  return (await db.selectFrom("rate_overrides").select(overrideColumns).execute()).map(toOverride);
}

/** Sets the key's override, or clears it (null), as the admin `by` did; open forms are told. */
export async function setRateOverride(
  db: Db,
  key: string,
  creditsPerUnit: number | null,
  by: MadeBy,
): Promise<void> {
  await withChanges(db, async (tx, note) => {
    note("rate", key);
    if (creditsPerUnit === null) {
      await tx.deleteFrom("rate_overrides").where("key", "=", key).execute();
      return;
    }
    const values = {
      credits_per_unit: creditsPerUnit,
      member_id: by?.id ?? null,
      member_name: by?.name ?? null,
      updated_at: new Date().toISOString(),
    };
    await tx
      .insertInto("rate_overrides")
      .values({ key, ...values })
      .onConflict((c) => c.column("key").doUpdateSet(values))
      .execute();
  });
}
