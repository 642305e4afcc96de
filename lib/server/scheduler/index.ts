import "server-only";
/**
 * The process's one poll scheduler (a process singleton: two would spend the budget twice), and the
 * one way the rest of the server hands it a render to follow.
 */
import { invalidateAccount } from "@/lib/server/account";
import { serverConfig } from "@/lib/server/runtime/config";
import { getDb } from "@/lib/server/db";
import { startedSingleton, stopStartedSingleton } from "@/lib/server/runtime/process-singleton";
import { renderService } from "@/lib/server/runtime/render-service";
import { PollScheduler } from "./scheduler";

export type { PollScheduler, SchedulerStatus } from "./scheduler";

const SCHEDULER = "poll-scheduler";

export function getScheduler(): Promise<PollScheduler> {
  return startedSingleton(SCHEDULER, async () => {
    const scheduler = new PollScheduler({
      db: await getDb(),
      client: renderService(),
      budgetPerMinute: serverConfig().RENDER_POLL_BUDGET_PER_MIN,
      onRefund: invalidateAccount,
    });
    await scheduler.start();
    return scheduler;
  });
}

/** Stops the process's scheduler (shutdown); the next getScheduler() starts a fresh one from the ledger. */
export function stopScheduler(): Promise<void> {
  return stopStartedSingleton<PollScheduler>(SCHEDULER, (scheduler) => scheduler.stop());
}
