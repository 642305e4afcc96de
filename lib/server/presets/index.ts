import "server-only";
/**
 * Team presets as the routes use them: anyone may save and apply one; with sign-in on, renaming or
 * deleting one is for the member who made it or an admin.
 */
import { AppError, type Member, type Preset, type PresetInput } from "@/lib/contract";
import { getDb } from "@/lib/server/db";
import * as ledger from "@/lib/server/ledger/presets";

const nameTaken = (name: string) =>
  new AppError("name_taken", `A preset named "${name}" already exists in the team.`, { field: "name" });

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
  // Sign-in off: everyone acts as the team. A preset saved then has no maker, so only admins own it.
  if (member && member.role !== "admin" && preset.member?.id !== member.id) {
    throw new AppError("forbidden", "Only the member who made this preset, or an admin, may change it.");
  }
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
