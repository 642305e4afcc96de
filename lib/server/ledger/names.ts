import "server-only";
/**
 * Names unique in the team whatever their case (presets, boards): each such table keeps the name's
 * `name_key` under a unique index, so two saves of one name at once cannot both win.
 */
import type { Db } from "@/lib/server/db/database";

/** The tables whose rows carry a team-unique name. */
export type NamedTable = "presets" | "boards";

/** What a name is compared by: trimmed, lower-cased. */
export const nameKey = (name: string) => name.trim().toLowerCase();

/**
 * Runs a write that may break the unique name; when it does (another row of `table` holds the name in
 * any case), answers "name_taken" rather than the database's error.
 */
export async function unlessNameTaken<T>(
  db: Db,
  table: NamedTable,
  name: string,
  ownId: string,
  write: () => Promise<T>,
): Promise<T | "name_taken"> {
  try {
    return await write();
  } catch (error) {
    const holder = await db
      .selectFrom(table)
      .select("id")
      .where("name_key", "=", nameKey(name))
      .executeTakeFirst();
    if (holder && holder.id !== ownId) return "name_taken";
    throw error;
  }
}
