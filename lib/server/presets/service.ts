import "server-only";
/**
 * Team presets as the routes use them: anyone may save and apply one; with sign-in on, renaming or
 * deleting one is for the member who made it or an admin.
 */
import { AppError, type Member, type Preset, type PresetInput } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import * as ledger from "@/lib/server/ledger/presets";
import { nameTaken as teamNameTaken, requireMakerOrAdmin } from "@/lib/server/access/makers";

const nameTaken = (name: string) => teamNameTaken("preset", name);

export async function createPreset(input: PresetInput, member: Member | null): Promise<Preset> {
  const preset = await ledger.insertPreset(
    await getDb(),
    input,
    member && { id: member.id, name: member.name },
  );
  if (preset === "name_taken") throw nameTaken(input.name);
  return preset;
}

/** The preset, once the caller may change it: 404 when there is none, 403 when it is someone else's. */
async function changeablePreset(id: string, member: Member | null): Promise<Preset> {
  const preset = await ledger.findPreset(await getDb(), id);
  if (!preset) throw new AppError("not_found", "No preset with this id.");
  requireMakerOrAdmin("preset", preset.member, member);
  return preset;
}

export async function renamePreset(id: string, name: string, member: Member | null): Promise<Preset> {
  await changeablePreset(id, member);
  const renamed = await ledger.renamePreset(await getDb(), id, name);
  if (renamed === "name_taken") throw nameTaken(name);
  if (!renamed) throw new AppError("not_found", "No preset with this id.");
  return renamed;
}

export async function deletePreset(id: string, member: Member | null): Promise<void> {
  await changeablePreset(id, member);
  await ledger.deletePreset(await getDb(), id);
}
