import { openApiDocument } from "@/lib/server/openapi/document";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, reply } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/**
 * Public: it describes the routes, never data. The same for the server's life, so a client revalidates
 * with its ETag and gets 304.
 */
export const GET = apiRoute(API_ROUTES["GET /api/openapi.json"], async ({ request }) => {
  const { document, etag } = openApiDocument();
  const headers = { ETag: etag, "Cache-Control": "public, max-age=300" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return reply(document, { headers });
});
