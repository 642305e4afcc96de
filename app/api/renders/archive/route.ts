import { archive } from "@/lib/server/renders/organize";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(API_ROUTES["POST /api/renders/archive"], async ({ body, actor }) =>
  archive(body, actor),
);
