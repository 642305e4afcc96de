import { usageQuerySchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { usageFor } from "@/lib/server/usage";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ query: usageQuerySchema }, async ({ query, member }) =>
  json(await usageFor(query, member)),
);
