import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { createRun, listRuns } from "@/lib/server/runs/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/runs"], async () => json({ items: await listRuns() }));

export const POST = apiRoute(API_ROUTES["POST /api/runs"], async ({ body, member }) =>
  json(await createRun(body, member), 201),
);
