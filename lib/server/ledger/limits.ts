import "server-only";
/**
 * What the team's limits count (lib/domain/limits.ts), read from the tables that hold what members
 * make, so every process of a deployment counts the same rows: how many of a kind exist now (a
 * count limit: the live ones), and when the ones made within a window were made (a rate limit).
 */
import type { SelectQueryBuilder } from "kysely";
import type { CountedKind, RatedKind } from "@/lib/domain/limits";
import type { Db } from "@/lib/server/db/database";
import type { Database } from "@/lib/server/db/schema";

/** The tables of things members make: each has `member_id` (null with sign-in off) and `created_at`. */
type MadeTable =
  "comments" | "boards" | "presets" | "shares" | "api_tokens" | "runs" | "uploads" | "render_requests";
type Rows = SelectQueryBuilder<Database, MadeTable, object>;

/** Not expired at `now` (ISO text, compared as text as every ledger time is). */
const unexpired = (db: Db, table: "shares" | "api_tokens", now: string) =>
  db.selectFrom(table).where((eb) => eb.or([eb("expires_at", "is", null), eb("expires_at", ">", now)]));

/** What exists now of each kind with a count limit. */
const LIVE: Record<CountedKind, (db: Db, now: string) => Rows> = {
  boards: (db) => db.selectFrom("boards"),
  presets: (db) => db.selectFrom("presets"),
  // A revoked link's row is deleted.
  shares: (db, now) => unexpired(db, "shares", now),
  tokens: (db, now) => unexpired(db, "api_tokens", now).where("revoked_at", "is", null),
  runs: (db) => db.selectFrom("runs").where("state", "=", "running"),
  approvals: (db) => db.selectFrom("render_requests").where("state", "=", "awaiting_approval"),
};

/**
 * What counts against each kind's rate: the rows made, as long as they are kept. A revoked token
 * keeps its row, so it still counts; a deleted board, preset or share link does not (it left nothing).
 */
const MADE: Record<RatedKind, (db: Db) => Rows> = {
  boards: (db) => db.selectFrom("boards"),
  presets: (db) => db.selectFrom("presets"),
  shares: (db) => db.selectFrom("shares"),
  tokens: (db) => db.selectFrom("api_tokens"),
  runs: (db) => db.selectFrom("runs"),
  uploads: (db) => db.selectFrom("uploads"),
  // Members' comments (a guest's count against their link's limits, lib/server/review).
  comments: (db) => db.selectFrom("comments").where("author_kind", "!=", "guest"),
  // Create requests, but for a batch run's rows: the run paces those itself.
  renders: (db) =>
    db
      .selectFrom("render_requests")
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom("run_rows")
              .select("run_rows.row_index")
              .whereRef("run_rows.request_id", "=", "render_requests.id"),
          ),
        ),
      ),
};

/** One member's rows (their id), or everyone's (undefined). */
const whose = (rows: Rows, memberId: string | undefined) =>
  memberId === undefined ? rows : rows.where("member_id", "=", memberId);

/** How many of a kind exist at `now`: the member's, or the team's. */
export async function countLive(
  db: Db,
  kind: CountedKind,
  memberId: string | undefined,
  now: Date,
): Promise<number> {
  const row = await whose(LIVE[kind](db, now.toISOString()), memberId)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/** When each of a kind made after `since` was made, newest first and at most `atMost` of them: the member's, or the team's. */
export async function madeSince(
  db: Db,
  kind: RatedKind,
  memberId: string | undefined,
  since: Date,
  atMost: number,
): Promise<string[]> {
  const rows = await whose(MADE[kind](db), memberId)
    .select("created_at")
    .where("created_at", ">", since.toISOString())
    .orderBy("created_at", "desc")
    .limit(atMost)
    .execute();
  return rows.map((row) => row.created_at);
}
