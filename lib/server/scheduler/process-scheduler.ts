import "server-only";
/**
 * The process's one poll scheduler (a process singleton: two would spend the budget twice), and the
 * one way the rest of the server hands it a render to follow. It polls while this process leads the
 * deployment (lib/server/cluster), and records creates and watches in every process.
 */
import { invalidateAccount } from "@/lib/server/account/cached-account";
import { getClusterMember, startDuty, stopDuty } from "@/lib/server/cluster/process-member";
import { serverConfig } from "@/lib/server/runtime/config";
import { getDb } from "@/lib/server/db/database";
import { noteRenderOutcome } from "@/lib/server/outbox/service";
import { renderService } from "@/lib/server/runtime/render-service";
import { PollScheduler } from "./scheduler";

export type { PollScheduler, SchedulerStatus } from "./scheduler";

const SCHEDULER = "poll-scheduler";
/** Past the client's timeout, for the time a request takes to reach the service and be counted. */
const UNANSWERED_POLL_MARGIN_MS = 5_000;

export function getScheduler(): Promise<PollScheduler> {
  return startDuty(SCHEDULER, async () => {
    const scheduler = new PollScheduler({
      db: await getDb(),
      member: await getClusterMember(),
      client: renderService(),
      budgetPerMinute: serverConfig().RENDER_POLL_BUDGET_PER_MIN,
      unansweredPollCountsForMs: serverConfig().RENDER_API_TIMEOUT_MS + UNANSWERED_POLL_MARGIN_MS,
      onRefund: invalidateAccount,
      onFinished: noteRenderOutcome,
    });
    await scheduler.start();
    return scheduler;
  });
}

/** Stops the process's scheduler (shutdown); the next getScheduler() starts a fresh one from the ledger. */
export function stopScheduler(): Promise<void> {
  return stopDuty(SCHEDULER);
}
