import { archiveRequestSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { archive } from "@/lib/server/renders/organize";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ body: archiveRequestSchema }, async ({ body, member }) =>
  json(await archive(body, member)),
);
