import "server-only";
/** Team presets: named render settings shared by the team (docs/api.md, "Presets and prompt history"). */
import type { MadeBy, Preset, PresetInput } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import type { PresetRow } from "@/lib/server/db/schema";
import { newLedgerId } from "./ids";
import { nameKey, unlessNameTaken } from "./names";

function toPreset(row: PresetRow): Preset {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind === "video" ? "video" : "image",
    model: row.model,
    settings: JSON.parse(row.settings) as Record<string, unknown>,
    prompt: row.prompt,
    member: row.member_id ? { id: row.member_id, name: row.member_name ?? "" } : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The team's presets, by name. */
export async function listPresets(db: Db): Promise<Preset[]> {
  const rows = await db.selectFrom("presets").selectAll().orderBy("name_key").orderBy("id").execute();
  return rows.map(toPreset);
}

export async function findPreset(db: Db, id: string): Promise<Preset | undefined> {
  const row = await db.selectFrom("presets").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toPreset(row);
}

export async function insertPreset(
  db: Db,
  input: PresetInput,
  madeBy: MadeBy,
): Promise<Preset | "name_taken"> {
  const now = new Date().toISOString();
  const row: PresetRow = {
    id: newLedgerId("pst"),
    name: input.name,
    name_key: nameKey(input.name),
    kind: input.kind,
    model: input.model,
    settings: JSON.stringify(input.settings),
    prompt: input.prompt,
    member_id: madeBy?.id ?? null,
    member_name: madeBy?.name ?? null,
    created_at: now,
    updated_at: now,
  };
  return unlessNameTaken(db, "presets", input.name, row.id, async () => {
    await db.insertInto("presets").values(row).execute();
    return toPreset(row);
  });
}

/** The preset under its new name; undefined when there is no such preset. */
export async function renamePreset(
  db: Db,
  id: string,
  name: string,
): Promise<Preset | undefined | "name_taken"> {
  return unlessNameTaken(db, "presets", name, id, async () => {
    const row = await db
      .updateTable("presets")
      .set({ name, name_key: nameKey(name), updated_at: new Date().toISOString() })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    return row && toPreset(row);
  });
}

/** Whether a preset was deleted. */
export async function deletePreset(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("presets").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
