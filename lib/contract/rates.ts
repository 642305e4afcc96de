/** The rate card: learned rates, the env card and the admin's overrides (docs/api.md, "Rates"). */
import { z } from "zod/mini";
import { RENDER_KINDS } from "@/lib/domain/catalogue";
import { singleLineText } from "@/lib/domain/text";

/** A price key's id, `model:resolution:setting` (lib/domain/rates.ts). */
export const priceKeyIdSchema = z
  .string({ error: "key must be a price key such as kling:1080p:audio" })
  .check(z.minLength(1), z.maxLength(100), singleLineText("key"));

/** One row of the rate card: a price key and every rate known for it. */
export const rateCardRowSchema = z.object({
  key: priceKeyIdSchema,
  kind: z.enum(RENDER_KINDS),
  model: z.string(),
  /** null: the service's default resolution. */
  resolution: z.nullable(z.string()),
  /** Video: "audio" or "silent"; image: the quality (gpt-image-2), or null. */
  setting: z.nullable(z.string()),
  /** "s" (credits per output second) or "image". */
  unit: z.enum(["s", "image"]),
  /** Credits per unit learned from the service's charges; null until one is seen. */
  learned: z.nullable(z.number()),
  /** How many charges taught it. */
  learnedFrom: z.number().check(z.int()),
  /** The env `RATE_CARD`'s rate; null when it has none for this key. */
  card: z.nullable(z.number()),
  /** The admin's rate; null when none is set. It wins over the card and the learned rate. */
  override: z.nullable(z.number()),
  /** Who set the override, when sign-in is on. */
  overrideBy: z.nullable(z.string()),
  /** The rate estimates use (override, else card, else learned); null when none is known. */
  effective: z.nullable(z.number()),
});
export type RateCardRow = z.infer<typeof rateCardRowSchema>;

/** `GET /api/rates`: every price key the catalogue offers, and any the ledger learned beyond them. */
export const rateCardSchema = z.object({ rows: z.array(rateCardRowSchema) });
export type RateCard = z.infer<typeof rateCardSchema>;

/** Highest override accepted: far above any price, low enough that no estimate overflows. */
export const RATE_OVERRIDE_MAX = 1_000_000;

/** `POST /api/rates`: set a key's override (credits per unit), or clear it with null. */
export const rateOverrideSchema = z.object({
  key: priceKeyIdSchema,
  creditsPerUnit: z.nullable(
    z
      .number({ error: "creditsPerUnit must be a number of credits, or null to clear it" })
      .check(
        z.minimum(0, { error: "creditsPerUnit must be 0 or more" }),
        z.maximum(RATE_OVERRIDE_MAX, { error: `creditsPerUnit must be at most ${RATE_OVERRIDE_MAX}` }),
      ),
  ),
});
export type RateOverrideInput = z.infer<typeof rateOverrideSchema>;
