/** The team's limits on what members make (docs/api.md, "Limits"; the table is lib/domain/limits.ts). */
import { z } from "zod/mini";
import { LIMIT_IDS, LIMIT_MAX, type LimitId } from "@/lib/domain/limits";

const limitValue = (id: LimitId) =>
  z
    .int({ error: `${id} must be a whole number` })
    .check(
      z.gte(1, { error: `${id} must be 1 or more` }),
      z.lte(LIMIT_MAX, { error: `${id} must be at most 1,000,000` }),
    );

/** One schema per limit, by id. */
function byLimit<S extends z.core.$ZodType>(schema: (id: LimitId) => S): Record<LimitId, S> {
  return Object.fromEntries(LIMIT_IDS.map((id) => [id, schema(id)])) as Record<LimitId, S>;
}

/** Every limit's value. */
export const limitsSchema = z.object(byLimit(limitValue));

/** `GET /api/team/limits` (admins): each limit as it is now, and its default. */
export const teamLimitsSchema = z.object({ limits: limitsSchema, defaults: limitsSchema });
export type TeamLimits = z.infer<typeof teamLimitsSchema>;

/** `POST /api/team/limits` (admins): the limits to change; null puts one back to its default. */
export const limitsPatchSchema = z.object(byLimit((id) => z.optional(z.nullable(limitValue(id)))));
export type LimitsPatch = z.infer<typeof limitsPatchSchema>;
