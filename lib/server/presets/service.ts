import "server-only";
/**
 * Team presets as the routes use them: anyone may save and apply one; with sign-in on, renaming or
 * deleting one is for the member who made it or an admin.
 */
import {
  madeBy,
  AppError,
  PROMPT_HISTORY_SIZE,
  type Member,
  type Preset,
  type PresetInput,
  type RecentPrompts,
} from "@/lib/contract";
import { searchTerms } from "@/lib/domain/prompt-search";
import { getDb } from "@/lib/server/db/database";
import * as ledger from "@/lib/server/ledger/presets";
import { recentPrompts } from "@/lib/server/ledger/prompt-history";
import { nameTaken as teamNameTaken, requireMakerOrAdmin } from "@/lib/server/access/makers";
import { assertMayMake } from "@/lib/server/team/limits";

const nameTaken = (name: string) => teamNameTaken("preset", name);

export async function listPresets(): Promise<Preset[]> {
  return ledger.listPresets(await getDb());
}

/** The caller's own recent prompts matching `q`; with sign-in off, the whole dashboard's. */
export async function recentPromptsFor(q: string | undefined, member: Member | null): Promise<RecentPrompts> {
  const items = await recentPrompts(await getDb(), member?.id ?? null, searchTerms(q), PROMPT_HISTORY_SIZE);
  return { items };
}

export async function createPreset(input: PresetInput, member: Member | null): Promise<Preset> {
  await assertMayMake("presets", member);
  const preset = await ledger.insertPreset(await getDb(), input, madeBy(member));
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
