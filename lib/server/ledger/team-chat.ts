import "server-only";
/** The event kinds the team's chat carries (migration 023; lib/domain/team-chat.ts). */
import { isChatKind, type ChatKind } from "@/lib/domain/team-chat";
import type { Db } from "@/lib/server/db/database";

export async function teamChatKinds(db: Db): Promise<ChatKind[]> {
  const rows = await db.selectFrom("team_chat_kinds").select("kind").execute();
  return rows.map((row) => row.kind).filter(isChatKind);
}

/** Replaces the kinds, in one transaction. */
export async function setTeamChatKinds(db: Db, kinds: readonly ChatKind[]): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom("team_chat_kinds").execute();
    if (kinds.length > 0) {
      await tx
        .insertInto("team_chat_kinds")
        .values([...new Set(kinds)].map((kind) => ({ kind })))
        .execute();
    }
  });
}
