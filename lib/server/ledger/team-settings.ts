import "server-only";
/**
 * The team's settings, one row of `team_settings` per setting that differs from its default (the
 * value as JSON). The spending rules' defaults: no caps, budget or approvals; the confirmation and
 * low-balance thresholds from the environment (`CONFIRM_ABOVE_CREDITS`, `LOW_BALANCE_CREDITS`). The
 * limits on what members make (lib/domain/limits.ts) are rows `limit.<id>`, absent at their default.
 */
import { z } from "zod/mini";
import {
  limitsSchema,
  teamSettingsSchema,
  type LimitsPatch,
  type TeamSettings,
  type TeamSettingsPatch,
} from "@/lib/contract";
import { LIMIT_DEFAULTS, LIMIT_IDS, type LimitId, type Limits } from "@/lib/domain/limits";
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
  await writeSettings(
    db,
    Object.entries(patch).map(([name, value]) => [KEYS[name as keyof TeamSettings], value]),
  );
  return getTeamSettings(db);
}

const limitKey = (id: LimitId) => `limit.${id}`;

/** Every limit: its stored value, or its default where none is stored or the stored one is not valid. */
export async function getLimits(db: Db): Promise<Limits> {
  const rows = await db
    .selectFrom("team_settings")
    .select(["key", "value"])
    .where("key", "like", "limit.%")
    .execute();
  const stored = new Map(rows.map((row) => [row.key, row.value]));
  const limits = { ...LIMIT_DEFAULTS };
  for (const id of LIMIT_IDS) {
    const value = stored.get(limitKey(id));
    if (value === undefined) continue;
    // A row no schema accepts (written by hand, or by a later version) leaves that limit at its default.
    const parsed = z.safeParse(limitsSchema.shape[id], JSON.parse(value));
    if (parsed.success) limits[id] = parsed.data;
  }
  return limits;
}

/** Stores the given limits; null removes one's row, so it follows its default. */
export async function updateLimits(db: Db, patch: LimitsPatch): Promise<Limits> {
  await writeSettings(
    db,
    LIMIT_IDS.map((id) => [limitKey(id), patch[id]]),
    true,
  );
  return getLimits(db);
}

/**
 * Writes settings in one transaction that notes a team change: a value is stored as JSON, `null` is
 * stored or (`nullRemoves`) removes the row, `undefined` leaves it as it is.
 */
async function writeSettings(db: Db, entries: [key: string, value: unknown][], nullRemoves = false) {
  await withChanges(db, async (tx, note) => {
    note("team");
    for (const [key, value] of entries) {
      if (value === undefined) continue;
      if (value === null && nullRemoves) {
        await tx.deleteFrom("team_settings").where("key", "=", key).execute();
        continue;
      }
      const json = JSON.stringify(value);
      await tx
        .insertInto("team_settings")
        .values({ key, value: json })
        .onConflict((c) => c.column("key").doUpdateSet({ value: json }))
        .execute();
    }
  });
}
