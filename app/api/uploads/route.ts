import { getDb } from "@/lib/server/db/database";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { listUploads } from "@/lib/server/ledger/uploads";
import { serverConfig } from "@/lib/server/runtime/config";
import { streamUpload } from "@/lib/server/uploads/stream-upload";

export const dynamic = "force-dynamic";

/** Multipart, streamed to the service as it arrives: the body is read by the upload service, not here. */
export const POST = apiRoute(API_ROUTES["POST /api/uploads"], async ({ request, member }) =>
  json(await streamUpload(request, serverConfig().UPLOAD_MAX_BYTES, member), 201),
);

export const GET = apiRoute(API_ROUTES["GET /api/uploads"], async ({ query }) =>
  json(await listUploads(await getDb(), query)),
);
