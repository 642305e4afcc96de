import "server-only";
/**
 * The team's chat (ALERT_WEBHOOK_URL): the event kinds an admin sends there, a test message, and the
 * messages of those kinds, queued in the outbox with the team as their recipient.
 */
import { randomUUID } from "node:crypto";
import { AppError, type Member, type TeamChat, type TeamChatInput } from "@/lib/contract";
import type { ChatKind } from "@/lib/domain/team-chat";
import { getDb, type Db } from "@/lib/server/db/database";
import { queueOutbox, type NewOutboxMessage } from "@/lib/server/ledger/outbox";
import { setTeamChatKinds, teamChatKinds } from "@/lib/server/ledger/team-chat";
import { settings } from "@/lib/server/runtime/config";

const TEAM = "team";

export async function teamChat(): Promise<TeamChat> {
  return { kinds: await teamChatKinds(await getDb()), available: Boolean(settings().ALERT_WEBHOOK_URL) };
}

export async function saveTeamChat(input: TeamChatInput): Promise<TeamChat> {
  await setTeamChatKinds(await getDb(), input.kinds);
  return teamChat();
}

/**
 * The message of one event for the chat, or none when the team does not send that kind there: its
 * body is `text` (what the chat shows) and any `fields` a kind documents for receivers that read them
 * (a spend alert's crossing key and notice, docs/spend.md).
 */
export async function chatMessage(
  db: Db,
  kind: ChatKind,
  event: string,
  text: string,
  fields: Record<string, unknown> = {},
): Promise<NewOutboxMessage[]> {
  if (!settings().ALERT_WEBHOOK_URL || !(await teamChatKinds(db)).includes(kind)) return [];
  return [{ event, channel: "chat", recipient: TEAM, kind, body: { text, ...fields } }];
}

/** Queues a test message; the caller wakes the sender. */
export async function queueTestChat(member: Member | null): Promise<void> {
  if (!settings().ALERT_WEBHOOK_URL) {
    throw new AppError("not_configured", "The team's chat is not set up: set ALERT_WEBHOOK_URL.");
  }
  const who = member ? `${member.name} sent` : "Sent";
  await queueOutbox(await getDb(), [
    {
      event: `chat-test:${randomUUID()}`,
      channel: "chat",
      recipient: TEAM,
      kind: "test",
      body: { text: `${who} a test message from the Render Dashboard: the team's chat is connected.` },
    },
  ]);
}
