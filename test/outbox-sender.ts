/**
 * The outbox's sender in a test stack, as the server's start runs it (instrumentation-node.ts).
 * Imported when called: the service reads the settings the stack has just set.
 */
import type { OutboxSender } from "@/lib/server/outbox/sender";

const service = () => import("@/lib/server/outbox/service");

/** Starts the sender (or answers the one started), which sends what the routes queue. */
export const startSender = async (): Promise<OutboxSender> => (await service()).startOutboxSender();

/** Stops it; the next start makes a fresh one. */
export const stopSender = async (): Promise<void> => (await service()).stopOutboxSender();
