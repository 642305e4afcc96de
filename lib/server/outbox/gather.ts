import "server-only";
/**
 * What the leader turns into messages before each pass of the sender: the inbox's new items
 * (inbox-messages.ts) and the day's digests (digest.ts).
 */
import type { Db } from "@/lib/server/db/database";
import { sendDigests } from "./digest";
import { sendOutInbox } from "./inbox-messages";

export async function gatherMessages(db: Db, nowMs: number): Promise<void> {
  await sendOutInbox(db);
  await sendDigests(db, nowMs);
}
