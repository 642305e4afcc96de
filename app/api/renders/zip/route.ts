import { zipContents } from "@/lib/server/downloads/selection";
import { zipResponse } from "@/lib/server/downloads/zip";
import { favouritesOwner } from "@/lib/server/ledger/favourites";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute(API_ROUTES["GET /api/renders/zip"], async ({ request, query, member }) =>
  zipResponse(await zipContents(query, favouritesOwner(member)), request.signal),
);

/** The selection bar submits a form (field `ids`), so the browser's download manager saves the zip. */
export const POST = apiRoute(API_ROUTES["POST /api/renders/zip"], async ({ request, body, member }) =>
  zipResponse(await zipContents(body, favouritesOwner(member)), request.signal),
);
