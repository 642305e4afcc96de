import "server-only";
/**
 * Cost before submit, and the rate card behind it. The spec publishes no prices, so a render's price
 * key (lib/domain/rates.ts) is priced by, in order: the admin's override, the env `RATE_CARD`, the
 * rate learned from the service's charges; an image render with none of them is included in the plan
 * (spec §1.5), and a video render with none is unknown until the first of its kind is charged.
 */
import { AppError, madeBy, type CostEstimate, type RateCard, type RateCardRow } from "@/lib/contract";
import {
  allPriceKeys,
  creditsAtCardRate,
  creditsAtRate,
  perUnit,
  priceKeyId,
  pricedRequest,
  unitName,
  type PriceKey,
} from "@/lib/domain/rates";
import { changeOf } from "@/lib/domain/audit";
import type { RenderRequest } from "@/lib/domain/render-request";
import { renderCount } from "@/lib/domain/format";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import {
  allLearnedRates,
  allRateOverrides,
  learnedRate,
  rateOverride,
  setRateOverride,
} from "@/lib/server/ledger/rates";
import { serverConfig } from "@/lib/server/runtime/config";

const PLAN: CostEstimate = { credits: 0, source: "plan", basis: "included in your plan", renders: null };
const UNKNOWN: CostEstimate = {
  credits: null,
  source: "none",
  basis: "unknown until the first render of this kind",
  renders: null,
};

/**
 * The env card's rate for a key: under its full id (`kling:1080p:audio`), else under
 * `model:resolution`, which prices every setting of that model and resolution alike.
 */
function envCardRate(key: PriceKey): number | undefined {
  const card = serverConfig().RATE_CARD;
  if (!card) return undefined;
  return card[priceKeyId(key)] ?? card[`${key.model}:${key.resolution ?? "default"}`];
}

export async function estimateCost(request: RenderRequest): Promise<CostEstimate> {
  const db = await getDb();
  const { id, key, units } = pricedRequest(request);
  const cardRate = (await rateOverride(db, id))?.creditsPerUnit ?? envCardRate(key);
  if (cardRate !== undefined) {
    const credits = creditsAtCardRate(cardRate, units);
    const basis = `from the rate card, ${cardRate} credits per ${unitName(key.kind)}`;
    return { credits, source: "rate-card", basis, renders: null };
  }
  const learned = await learnedRate(db, id);
  if (!learned) return key.kind === "image" ? PLAN : UNKNOWN;
  if (learned.credits === 0) return PLAN;
  const basis = `learned from ${renderCount(learned.renders)}`;
  return { credits: creditsAtRate(learned, units), source: "history", basis, renders: learned.renders };
}

/** Rates for people to read: a few decimals are plenty, and 17.5 should not show as 17.500000001. */
const readable = (rate: number) => Math.round(rate * 1000) / 1000;

/**
 * The rate card: every price key the catalogue offers, then any the ledger learned that it no longer
 * offers (a retired model's history stays visible), each with what is known of its rate.
 */
export async function rateCard(): Promise<RateCard> {
  const db = await getDb();
  const [learned, overrides] = await Promise.all([allLearnedRates(db), allRateOverrides(db)]);
  const learnedByKey = new Map(learned.map((rate) => [rate.key, rate]));
  const overrideByKey = new Map(overrides.map((o) => [o.key, o]));
  const keys = allPriceKeys();
  const offered = new Set(keys.map(priceKeyId));
  for (const rate of learned) if (!offered.has(rate.key)) keys.push(rate.priceKey);
  const rows = keys.map((key): RateCardRow => {
    const id = priceKeyId(key);
    const rate = learnedByKey.get(id);
    const override = overrideByKey.get(id);
    const card = envCardRate(key) ?? null;
    const learnedRate = rate ? readable(perUnit(rate)) : null;
    return {
      key: id,
      ...key,
      unit: unitName(key.kind),
      learned: learnedRate,
      learnedFrom: rate?.renders ?? 0,
      card,
      override: override?.creditsPerUnit ?? null,
      overrideBy: override?.setBy ?? null,
      effective: override?.creditsPerUnit ?? card ?? learnedRate,
    };
  });
  return { rows };
}

/**
 * Sets (or clears, null) a key's override; a key the card does not list is not found. A change is an
 * entry of the audit log: the key's override before and after.
 */
export async function overrideRate(key: string, creditsPerUnit: number | null, by: Actor): Promise<RateCard> {
  const db = await getDb();
  const known = allPriceKeys().some((k) => priceKeyId(k) === key) || (await learnedRate(db, key));
  if (!known) throw new AppError("not_found", `No price key ${key} on the rate card.`, { field: "key" });
  const before = (await rateOverride(db, key))?.creditsPerUnit ?? null;
  await setRateOverride(db, key, creditsPerUnit, madeBy(by.member));
  const change = changeOf({ creditsPerUnit: before }, { creditsPerUnit });
  if (change)
    await recordAudit(db, { kind: "rate_card.changed", by, target: { type: "price key", id: key }, change });
  return rateCard();
}
