import { apiRoute, json } from "@/lib/server/http/route";
import { estimateCost, parseEstimateQuery } from "@/lib/server/renders/estimate";

export const dynamic = "force-dynamic";

export const GET = apiRoute(async ({ request }) => {
  const query = Object.fromEntries(new URL(request.url).searchParams);
  return json(await estimateCost(parseEstimateQuery(query)));
});
