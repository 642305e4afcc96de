import { deletePreset, renamePreset } from "@/lib/server/presets/service";
import { API_ROUTES } from "@/lib/contract/api-routes";
import { apiRoute } from "@/lib/server/http/route";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute(
  API_ROUTES["PATCH /api/presets/{id}"],
  async ({ params: { id }, body: { name }, member }) => renamePreset(id, name, member),
);

export const DELETE = apiRoute(API_ROUTES["DELETE /api/presets/{id}"], async ({ params: { id }, member }) => {
  await deletePreset(id, member);
  return { deleted: true } as const;
});
