import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { listApprovals } from "@/lib/server/approvals/service";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/approvals"], async () => json(await listApprovals()));
