/**
 * `GET /api/health`: for load balancers and for admins. Anyone gets the status alone (200 or 503 and
 * `{ status }`); the ledger, scheduler and service details go to admins, and to everyone while
 * sign-in is off (then every caller acts as the team).
 */
import { z } from "zod/mini";

export const HEALTH_STATUSES = ["ok", "unavailable"] as const;
export const healthStatusSchema = z.enum(HEALTH_STATUSES);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** What a caller without an admin session sees. */
export const publicHealthSchema = z.strictObject({ status: healthStatusSchema });
export type PublicHealth = z.infer<typeof publicHealthSchema>;

/** What admins see: the status and what it was made from. */
export const healthSchema = z.object({
  status: healthStatusSchema,
  ok: z.boolean(),
  database: z.object({ ok: z.boolean() }),
  /** This process's id in its deployment (several processes share one PostgreSQL ledger). */
  instance: z.nullable(z.string()),
  scheduler: z.object({
    /** Up in this process: polling, or standing by while another process leads. */
    running: z.boolean(),
    /** This process is the deployment's leader, the one that polls the service. */
    leader: z.boolean(),
    active: z.number().check(z.int()),
    pausedUntil: z.nullable(z.string()),
    pollsInLastMinute: z.number().check(z.int()),
    budgetPerMinute: z.number().check(z.int()),
  }),
  upstream: z.object({ reachable: z.boolean(), latencyMs: z.nullable(z.number()) }),
});
export type Health = z.infer<typeof healthSchema>;
