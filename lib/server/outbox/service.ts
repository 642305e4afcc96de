import "server-only";
/**
 * The process's outbox sender (a leader duty, started with the server): its transports are the
 * channels this deployment has configured; a message for another channel is retried until it is
 * configured or a day has passed.
 */
import type { Member } from "@/lib/contract";
import type { OutboxChannel } from "@/lib/domain/outbox";
import { getClusterMember, startDuty, stopDuty } from "@/lib/server/cluster/process-member";
import { getDb } from "@/lib/server/db/database";
import { settings } from "@/lib/server/runtime/config";
import { chatTransport } from "./chat";
import { emailTransport } from "./email";
import { gatherMessages } from "./gather";
import { queueRenderOutcome } from "./render-outcome";
import { queueTestChat } from "./team-chat";
import { OutboxSender, type Transport } from "./sender";

const SENDER = "outbox-sender";

export function startOutboxSender(): Promise<OutboxSender> {
  return startDuty(SENDER, async () => {
    const member = await getClusterMember();
    const transports: Partial<Record<OutboxChannel, Transport>> = {};
    const { ALERT_WEBHOOK_URL, SMTP_URL, MAIL_FROM } = settings();
    if (ALERT_WEBHOOK_URL) transports.chat = chatTransport(ALERT_WEBHOOK_URL);
    if (SMTP_URL && MAIL_FROM) transports.email = emailTransport(SMTP_URL, MAIL_FROM);
    const db = await getDb();
    return new OutboxSender({
      db,
      transports,
      asLeader: (write) => member.asLeader(write),
      gather: (nowMs) => gatherMessages(db, nowMs),
    });
  });
}

/** Stops it (tests); the next start makes a fresh one. */
export function stopOutboxSender(): Promise<void> {
  return stopDuty(SENDER);
}

/**
 * A render of the ledger became final: queues what its maker chose to hear of it and wakes the
 * sender. Never fails the render's own work: errors are logged.
 */
export function noteRenderOutcome(renderId: string): void {
  void (async () => {
    if ((await queueRenderOutcome(await getDb(), renderId)) > 0) (await startOutboxSender()).wake();
  })().catch((error: unknown) => console.error(`[outbox] render ${renderId} not queued: ${String(error)}`));
}

/** Sends a test message to the team's chat (an admin's button on the Team page). */
export async function sendTestChat(member: Member | null): Promise<{ queued: boolean }> {
  await queueTestChat(member);
  (await startOutboxSender()).wake();
  return { queued: true };
}
