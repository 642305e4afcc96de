import "server-only";
/**
 * The process's outbox sender (a leader duty, started with the server): its transports are the
 * channels this deployment has configured; a message for another channel is retried until it is
 * configured or a day has passed.
 */
import type { OutboxChannel } from "@/lib/domain/outbox";
import { getClusterMember, startDuty, stopDuty } from "@/lib/server/cluster/process-member";
import { getDb } from "@/lib/server/db/database";
import { settings } from "@/lib/server/runtime/config";
import { chatTransport } from "./chat";
import { OutboxSender, type Transport } from "./sender";

const SENDER = "outbox-sender";

export function startOutboxSender(): Promise<OutboxSender> {
  return startDuty(SENDER, async () => {
    const member = await getClusterMember();
    const transports: Partial<Record<OutboxChannel, Transport>> = {};
    const chat = settings().ALERT_WEBHOOK_URL;
    if (chat) transports.chat = chatTransport(chat);
    return new OutboxSender({ db: await getDb(), transports, asLeader: (write) => member.asLeader(write) });
  });
}

/** Stops it (tests); the next start makes a fresh one. */
export function stopOutboxSender(): Promise<void> {
  return stopDuty(SENDER);
}
