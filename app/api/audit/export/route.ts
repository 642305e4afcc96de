import { auditCsv } from "@/lib/server/audit/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/audit/export"], async ({ query }) => auditCsv(query));
