import { createInvite, pendingInvites } from "@/lib/server/team/invites";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/invites"], async ({ actor }) => pendingInvites(actor));

export const POST = apiRoute(API_ROUTES["POST /api/invites"], async ({ body, actor }) =>
  createInvite(body, actor),
);
