import { runIdParamsSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { cancelRun } from "@/lib/server/runs";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ params: runIdParamsSchema }, async ({ params: { id } }) =>
  json(await cancelRun(id)),
);
