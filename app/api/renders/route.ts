import { renderListQuerySchema } from "@/lib/contract";
import { getDb } from "@/lib/server/db";
import { apiRoute, json, readJsonBody, readQuery } from "@/lib/server/http/route";
import { listRenders } from "@/lib/server/ledger/renders";
import { createRender } from "@/lib/server/renders/create";

export const dynamic = "force-dynamic";

export const POST = apiRoute(async ({ request, member }) => {
  const created = await createRender(
    await readJsonBody(request),
    request.headers.get("idempotency-key"),
    member,
  );
  return json(created, 202);
});

export const GET = apiRoute(async ({ request }) => {
  const query = readQuery(request, renderListQuerySchema);
  return json(await listRenders(await getDb(), query));
});
