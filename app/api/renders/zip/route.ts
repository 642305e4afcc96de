import { downloadZip } from "@/lib/server/downloads/zip-download";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/renders/zip"], async ({ request, query, member }) =>
  downloadZip(query, member, request.signal),
);

/** The selection bar submits a form (field `ids`), so the browser's download manager saves the zip. */
export const POST = apiRoute(API_ROUTES["POST /api/renders/zip"], async ({ request, body, member }) =>
  downloadZip(body, member, request.signal),
);
