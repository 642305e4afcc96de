import { copyOutputAsReference } from "@/lib/server/references/output-copy";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const POST = apiRoute(
  API_ROUTES["POST /api/renders/{id}/reference"],
  async ({ request, params: { id }, member }) => copyOutputAsReference(id, member, request.signal),
);
