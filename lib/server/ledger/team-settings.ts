import "server-only";
/**
 * The team's spending rules, one row of `team_settings` per setting that differs from its default
 * (the value as JSON). Defaults: no caps, budget or approvals; the confirmation and low-balance
 * thresholds from the environment (`CONFIRM_ABOVE_CREDITS`, `LOW_BALANCE_CREDITS`).
 */
import { teamSettingsSchema, type TeamSettings, type TeamSettingsPatch } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { serverConfig } from "@/lib/server/runtime/config";
import { withChanges } from "./changes";

/** Each setting's row key. The default cap's predates the others, hence its spelling. */
const KEYS: Record<keyof TeamSettings, string> = {
  defaultMonthlyCapCredits: "default_monthly_cap_credits",
  monthlyBudgetCredits: "monthly_budget_credits",
  confirmAboveCredits: "confirm_above_credits",
  lowBalanceCredits: "low_balance_credits",
  approvalAboveCredits: "approval_above_credits",
  approvalForUnknownCost: "approval_for_unknown_cost",
};

function defaults(): TeamSettings {
  const config = serverConfig();
  return {
    defaultMonthlyCapCredits: null,
    monthlyBudgetCredits: null,
    confirmAboveCredits: config.CONFIRM_ABOVE_CREDITS,
    lowBalanceCredits: config.LOW_BALANCE_CREDITS,
    approvalAboveCredits: null,
    approvalForUnknownCost: true,
  };
}

export async function getTeamSettings(db: Db): Promise<TeamSettings> {
  const rows = await db.selectFrom("team_settings").select(["key", "value"]).execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const settings: Record<string, unknown> = { ...defaults() };
  for (const [name, key] of Object.entries(KEYS)) {
    const value = stored.get(key);
    if (value !== undefined) settings[name] = JSON.parse(value);
  }
  // A row no schema accepts (written by hand, or by a later version) falls back to the defaults.
  const parsed = teamSettingsSchema.safeParse(settings);
  return parsed.success ? parsed.data : defaults();
}

/** Stores the given settings (a value equal to its default is stored too: defaults may change). */
export async function updateTeamSettings(db: Db, patch: TeamSettingsPatch): Promise<TeamSettings> {
  await withChanges(db, async (tx, note) => {
    note("team");
    for (const [name, value] of Object.entries(patch)) {
      if (value === undefined) continue;
      const key = KEYS[name as keyof TeamSettings];
      await tx
        .insertInto("team_settings")
        .values({ key, value: JSON.stringify(value) })
        .onConflict((c) => c.column("key").doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
  });
  return getTeamSettings(db);
}
