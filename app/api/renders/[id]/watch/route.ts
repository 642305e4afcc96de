import { renderIdParamsSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { watchRender } from "@/lib/server/renders/watch";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ params: renderIdParamsSchema }, async ({ params: { id } }) =>
  json(await watchRender(id)),
);
