import { healthFor } from "@/lib/server/health/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, reply } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** Public: load balancers probe it; 503 while the ledger or the scheduler is not ready. */
export const GET = apiRoute(API_ROUTES["GET /api/health"], async ({ member }) => {
  const { ready, health } = await healthFor(member);
  return reply(health, { status: ready ? 200 : 503 });
});
