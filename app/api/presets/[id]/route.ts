import { presetIdParamsSchema, presetRenameSchema } from "@/lib/contract";
import { apiRoute, json } from "@/lib/server/http/route";
import { deletePreset, renamePreset } from "@/lib/server/presets";

export const dynamic = "force-dynamic";

export const PATCH = apiRoute(
  { params: presetIdParamsSchema, body: presetRenameSchema },
  async ({ params: { id }, body: { name }, member }) => json(await renamePreset(id, name, member)),
);

export const DELETE = apiRoute({ params: presetIdParamsSchema }, async ({ params: { id }, member }) => {
  await deletePreset(id, member);
  return json({ deleted: true });
});
