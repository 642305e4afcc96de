/** Usage and spend (docs/api.md, "Usage"): where the credits went, per UTC day, model and member. */
import { z } from "zod/mini";
import { USAGE_MAX_DAYS, daysBetween, isUsageDay } from "@/lib/domain/usage";

export { USAGE_MAX_DAYS };

const credits = z.number().check(z.int());
const count = z.number().check(z.int(), z.nonnegative());

const usageDay = (name: "from" | "to") =>
  z.optional(
    z
      .string()
      .check(
        z.refine(isUsageDay, { error: `${name} must be a day written YYYY-MM-DD (UTC), e.g. 2026-05-01` }),
      ),
  );

/** Both bounds given and each a day (the range's checks run even when a bound's own check failed). */
const bothDays = (q: { from?: string; to?: string }): q is { from: string; to: string } =>
  q.from !== undefined && q.to !== undefined && isUsageDay(q.from) && isUsageDay(q.to);

/**
 * Query of `GET /api/usage`: the UTC days `from`..`to`, both included, at most `USAGE_MAX_DAYS`
 * of them; one bound alone means the 30 days from or to it, neither the last 30 days.
 */
export const usageQuerySchema = z.object({ from: usageDay("from"), to: usageDay("to") }).check(
  z.refine((q) => !bothDays(q) || q.from <= q.to, { error: "to must not be before from", path: ["to"] }),
  z.refine((q) => !bothDays(q) || daysBetween(q.from, q.to).length <= USAGE_MAX_DAYS, {
    error: `a range holds at most ${USAGE_MAX_DAYS} days`,
    path: ["from"],
  }),
);
export type UsageQuery = z.infer<typeof usageQuerySchema>;

export const usageCellSchema = z.object({
  day: z.string(),
  model: z.string(),
  memberId: z.nullable(z.string()),
  memberName: z.nullable(z.string()),
  charged: credits,
  refunded: credits,
  renders: count,
  failures: count,
  failureRefunds: credits,
});

/** A member's month so far against the cap that applies to them (null: no cap). */
export const usageMemberMonthSchema = z.object({
  id: z.string(),
  name: z.string(),
  spentThisMonth: credits,
  capCredits: z.nullable(credits),
});

export const usageBoardSchema = z.object({
  id: z.string(),
  name: z.string(),
  charged: credits,
  refunded: credits,
  renders: count,
});

export const usageForecastSchema = z.object({
  burnPerDay: z.number(),
  balance: credits,
  runsOutOn: z.nullable(z.string()),
  monthlyGrant: credits,
  spentThisMonth: credits,
  monthEndProjection: credits,
});

export const usageSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** Days are UTC days. */
  timeZone: z.literal("UTC"),
  /** `team`: everyone's spend (admins, or sign-in off); `member`: the caller's own. */
  scope: z.enum(["team", "member"]),
  cells: z.array(usageCellSchema),
  /** Each member's month against their cap: everyone for the team, the caller alone otherwise. */
  members: z.array(usageMemberMonthSchema),
  /** Spend in the range of the renders on each board that holds any of them. */
  boards: z.array(usageBoardSchema),
  /**
   * The team balance's course at the last 7 days' rate; team scope only, and null when the
   * service's account record could not be read just now.
   */
  forecast: z.nullable(usageForecastSchema),
});
export type Usage = z.infer<typeof usageSchema>;
