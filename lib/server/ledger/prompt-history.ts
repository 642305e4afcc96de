import "server-only";
/** A member's prompt history: the distinct prompts of their create requests, newest first. */
import type { RecentPrompts } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { promptMatches } from "./prompt-search";

/**
 * The last `limit` distinct prompts of `memberId`'s requests (every request when null: sign-in off)
 * that hold each of `words`, newest use first, matched as the gallery's search matches (any case,
 * accents ignored).
 */
export async function recentPrompts(
  db: Db,
  memberId: string | null,
  words: readonly string[],
  limit: number,
): Promise<RecentPrompts["items"]> {
  let query = db
    .selectFrom("render_requests")
    .select((eb) => ["prompt", eb.fn.max("seq").as("last_seq"), eb.fn.max("created_at").as("last_at")]);
  if (memberId !== null) query = query.where("member_id", "=", memberId);
  const text = promptMatches(db, words, { seq: "render_requests.seq", prompt: "render_requests.prompt" });
  if (text) query = query.where(text);
  const rows = await query.groupBy("prompt").orderBy("last_seq", "desc").limit(limit).execute();
  return rows.map((row) => ({ prompt: row.prompt, lastUsedAt: String(row.last_at) }));
}
