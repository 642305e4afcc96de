/** `GET /api/health`: for load balancers and for admins. */
import { z } from "zod";

export const healthSchema = z.object({
  ok: z.boolean(),
  database: z.object({ ok: z.boolean() }),
  scheduler: z.object({
    running: z.boolean(),
    active: z.number().int(),
    pausedUntil: z.string().nullable(),
    pollsInLastMinute: z.number().int(),
    budgetPerMinute: z.number().int(),
  }),
  upstream: z.object({ reachable: z.boolean(), latencyMs: z.number().nullable() }),
});
export type Health = z.infer<typeof healthSchema>;
