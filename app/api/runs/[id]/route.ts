import { runIdParamsSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { getRun } from "@/lib/server/runs";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: runIdParamsSchema }, async ({ params: { id } }) =>
  json(await getRun(id)),
);
