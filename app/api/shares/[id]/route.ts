import { shareIdParamsSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { revokeShare } from "@/lib/server/shares";

export const dynamic = "force-dynamic";

export const DELETE = apiRoute({ params: shareIdParamsSchema }, async ({ params: { id }, member }) => {
  await revokeShare(id, member);
  return json({ revoked: true });
});
