import { notices } from "@/lib/server/notices/spend-notices";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/notices"], async ({ member }) => notices(member));
