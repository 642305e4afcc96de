import "server-only";
/**
 * The team's spending rules as the Team page reads and changes them (admins only, by the route map);
 * a change is an entry of the audit log, with the rules it changed before and after.
 */
import type { TeamSettings, TeamSettingsPatch } from "@/lib/contract";
import { changeOf } from "@/lib/domain/audit";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { getTeamSettings, updateTeamSettings } from "@/lib/server/ledger/team-settings";

export const teamSettings = async (): Promise<TeamSettings> => getTeamSettings(await getDb());

export async function changeTeamSettings(patch: TeamSettingsPatch, by: Actor): Promise<TeamSettings> {
  const db = await getDb();
  const before = await getTeamSettings(db);
  const after = await updateTeamSettings(db, patch);
  const change = changeOf(before, after);
  if (change) await recordAudit(db, { kind: "team_settings.changed", by, target: { type: "team" }, change });
  return after;
}
