import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute, json } from "@/lib/server/http/route";
import { deletePreset, renamePreset } from "@/lib/server/presets/service";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute(
  API_ROUTES["PATCH /api/presets/{id}"],
  async ({ params: { id }, body: { name }, member }) => json(await renamePreset(id, name, member)),
);

export const DELETE = apiRoute(API_ROUTES["DELETE /api/presets/{id}"], async ({ params: { id }, member }) => {
  await deletePreset(id, member);
  return json({ deleted: true });
});
