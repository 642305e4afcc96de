import { uploadReference, uploadsPage } from "@/lib/server/uploads/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

/** Multipart, streamed to the service as it arrives: the body is read by the upload service, not here. */
export const POST = apiRoute(API_ROUTES["POST /api/uploads"], async ({ request, member }) =>
  uploadReference(request, member),
);

export const GET = apiRoute(API_ROUTES["GET /api/uploads"], async ({ query }) => uploadsPage(query));
