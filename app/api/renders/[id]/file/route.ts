import { renderIdParamsSchema } from "@/lib/contract";
import { downloadRender } from "@/lib/server/downloads/file";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: renderIdParamsSchema }, async ({ request, params: { id } }) =>
  downloadRender(id, request.signal),
);
