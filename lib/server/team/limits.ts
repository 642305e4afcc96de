import "server-only";
/**
 * The team's limits on what members make (lib/domain/limits.ts): the check each service that makes
 * something calls before it writes anything, and the values as admins read and change them
 * (`GET`/`POST /api/team/limits`). Counted in the ledger, so every process of a deployment counts the
 * same rows; two creates at the same moment may both pass a check and together go one past it.
 */
import { AppError, type LimitsPatch, type Member, type TeamLimits } from "@/lib/contract";
import {
  LIMITS,
  LIMIT_DEFAULTS,
  countLimitMessage,
  limitsOf,
  rateLimitMessage,
  windowMs,
  type LimitReader,
  type LimitedKind,
} from "@/lib/domain/limits";
import { changeOf } from "@/lib/domain/audit";
import { getDb } from "@/lib/server/db/database";
import { recordAudit, type Actor } from "@/lib/server/ledger/audit";
import { countLive, madeSince } from "@/lib/server/ledger/limits";
import { getLimits, updateLimits } from "@/lib/server/ledger/team-settings";

/**
 * Refuses to make one more of `kind` for `member` (null: sign-in is off, and the team is the one
 * caller) when one of its limits is reached: a count with 422 `limit_reached`, a rate with 429
 * `rate_limited` and when to try again. Each message names the limit and what to do.
 */
export async function assertMayMake(kind: LimitedKind, member: Member | null): Promise<void> {
  const db = await getDb();
  const values = await getLimits(db);
  const now = new Date();
  const reader: LimitReader = member === null ? "team" : member.role === "admin" ? "admin" : "member";
  for (const id of limitsOf(kind)) {
    const limit = LIMITS[id];
    const value = values[id];
    if (limit.measure === "count") {
      const count = await countLive(db, limit.kind, limit.of === "team" ? undefined : member?.id, now);
      if (count >= value) throw new AppError("limit_reached", countLimitMessage(limit, value, count, reader));
      continue;
    }
    // Only the newest `value` are needed: the rate is reached when there are that many.
    const since = new Date(now.getTime() - windowMs(limit));
    const made = await madeSince(db, limit.kind, member?.id, since, value);
    // The oldest of the newest `value`: once it leaves the window, one more may be made.
    const oldest = made[value - 1];
    if (oldest === undefined) continue;
    const retryAfterSeconds = Math.max(
      1,
      Math.ceil((Date.parse(oldest) + windowMs(limit) - now.getTime()) / 1000),
    );
    throw new AppError(
      "rate_limited",
      rateLimitMessage(limit, value, made.length, reader, retryAfterSeconds),
      {
        retryAfterSeconds,
      },
    );
  }
}

export const teamLimits = async (): Promise<TeamLimits> => ({
  limits: await getLimits(await getDb()),
  defaults: LIMIT_DEFAULTS,
});

/** Changes some limits; what changed is an entry of the audit log (the team's settings changed). */
export async function changeTeamLimits(patch: LimitsPatch, by: Actor): Promise<TeamLimits> {
  const db = await getDb();
  const before = await getLimits(db);
  const limits = await updateLimits(db, patch);
  const change = changeOf(before, limits);
  if (change) {
    await recordAudit(db, { kind: "team_settings.changed", by, target: { type: "team limits" }, change });
  }
  return { limits, defaults: LIMIT_DEFAULTS };
}
