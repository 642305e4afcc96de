import { renderIdParamsSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { openRender } from "@/lib/server/renders/watch";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ params: renderIdParamsSchema }, async ({ params: { id }, member }) =>
  json(await openRender(id, member)),
);
