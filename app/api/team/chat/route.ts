import { saveTeamChat, teamChat } from "@/lib/server/outbox/team-chat";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/team/chat"], async () => teamChat());

export const PUT = apiRoute(API_ROUTES["PUT /api/team/chat"], async ({ body }) => saveTeamChat(body));
