import { apiRoute, json } from "@/lib/server/http/route";
import { checkHealth } from "@/lib/server/health";

export const dynamic = "force-dynamic";

// Public: load balancers probe it without a session; it reveals counts, never content.
export const GET = apiRoute({ access: "public" }, async () => {
  const health = await checkHealth();
  return json(health, health.ok ? 200 : 503);
});
