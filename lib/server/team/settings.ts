import "server-only";
/** The team's spending rules as the Team page reads and changes them (admins only, by the route map). */
import type { TeamSettings, TeamSettingsPatch } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { getTeamSettings, updateTeamSettings } from "@/lib/server/ledger/team-settings";

export const teamSettings = async (): Promise<TeamSettings> => getTeamSettings(await getDb());

export const changeTeamSettings = async (patch: TeamSettingsPatch): Promise<TeamSettings> =>
  updateTeamSettings(await getDb(), patch);
