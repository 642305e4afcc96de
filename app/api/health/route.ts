import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { checkHealth, checkReadiness } from "@/lib/server/health/service";
import { authEnabled } from "@/lib/server/access/session";

export const dynamic = "force-dynamic";

/**
 * Public: load balancers probe it without a session and get the status alone. The details (counts,
 * never content) go to admins, and to everyone while sign-in is off, since every caller then acts as
 * the team with an admin's reach.
 */
export const GET = apiRoute(API_ROUTES["GET /api/health"], async ({ member }) => {
  if (authEnabled() && member?.role !== "admin") {
    const readiness = await checkReadiness();
    return json(readiness, readiness.status === "ok" ? 200 : 503);
  }
  const health = await checkHealth();
  return json(health, health.ok ? 200 : 503);
});
