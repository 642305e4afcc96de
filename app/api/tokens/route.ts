import { apiTokenCreateSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { createApiToken, listApiTokensFor } from "@/lib/server/team/api-tokens";

export const dynamic = "force-dynamic";

export const GET = apiRoute({}, async ({ member }) => json({ items: await listApiTokensFor(member) }));

export const POST = apiRoute({ body: apiTokenCreateSchema, sessionOnly: true }, async ({ body, member }) =>
  json(await createApiToken(body, member), 201),
);
