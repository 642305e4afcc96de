import { zipSelectionSchema } from "@/lib/contract";
import { zipContents } from "@/lib/server/downloads/selection";
import { zipResponse } from "@/lib/server/downloads/zip";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: zipSelectionSchema }, async ({ request, query }) =>
  zipResponse(await zipContents(query), request.signal),
);

/** The selection bar submits a form (field `ids`), so the browser's download manager saves the zip. */
export const POST = apiRoute({ body: zipSelectionSchema, formBody: true }, async ({ request, body }) =>
  zipResponse(await zipContents(body), request.signal),
);
