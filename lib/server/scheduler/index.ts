import "server-only";
/**
 * The process's one poll scheduler, kept on globalThis so Next's instrumentation bundle, its route
 * bundles and dev hot reloads all reach the same instance (two would spend the budget twice).
 */
import { invalidateAccount } from "@/lib/server/account";
import { serverConfig } from "@/lib/server/runtime/config";
import { getDb } from "@/lib/server/db";
import { renderService } from "@/lib/server/runtime/render-service";
import { PollScheduler } from "./scheduler";

const holder = globalThis as typeof globalThis & { __pollScheduler?: Promise<PollScheduler> };

export function getScheduler(): Promise<PollScheduler> {
  if (!holder.__pollScheduler) {
    holder.__pollScheduler = (async () => {
      const scheduler = new PollScheduler({
        db: await getDb(),
        client: renderService(),
        budgetPerMinute: serverConfig().RENDER_POLL_BUDGET_PER_MIN,
        onRefund: invalidateAccount,
      });
      await scheduler.start();
      return scheduler;
    })();
    holder.__pollScheduler.catch(() => {
      holder.__pollScheduler = undefined;
    });
  }
  return holder.__pollScheduler;
}

/** Stops the process's scheduler (shutdown); the next getScheduler() starts a fresh one from the ledger. */
export async function stopScheduler(): Promise<void> {
  const scheduler = holder.__pollScheduler;
  holder.__pollScheduler = undefined;
  if (scheduler) (await scheduler.catch(() => undefined))?.stop();
}
