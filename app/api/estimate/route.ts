import { estimateQuerySchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { estimateCost } from "@/lib/server/renders/estimate";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: estimateQuerySchema }, async ({ query }) =>
  json(await estimateCost(query)),
);
