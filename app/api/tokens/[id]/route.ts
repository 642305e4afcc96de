import { apiTokenIdParamsSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { revokeApiTokenAs } from "@/lib/server/team/api-tokens";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ params: apiTokenIdParamsSchema }, async ({ params: { id }, member }) => {
  await revokeApiTokenAs(id, member);
  return json({ revoked: true });
});
