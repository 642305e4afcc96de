import "server-only";
/** Readiness: the ledger answers and the scheduler runs. The service's reachability is reported, not required. */
import { sql } from "kysely";
import type { Health } from "@/lib/contract";
import { getAccount } from "@/lib/server/account";
import { getDb } from "@/lib/server/db";
import { getScheduler } from "@/lib/server/scheduler";

export async function checkHealth(): Promise<Health> {
  let database = false;
  try {
    await sql`select 1`.execute(await getDb());
    database = true;
  } catch {
    database = false;
  }
  const scheduler = database
    ? await (await getScheduler()).status()
    : { running: false, active: 0, pausedUntil: null, pollsInLastMinute: 0, budgetPerMinute: 0 };
  const started = performance.now();
  let reachable = true;
  try {
    await getAccount();
  } catch (error) {
    // A key or plan problem is still an answer from the service.
    const status = (error as { status?: number }).status ?? 0;
    reachable = status > 0 && status < 500;
  }
  return {
    ok: database && scheduler.running,
    database: { ok: database },
    scheduler,
    upstream: { reachable, latencyMs: reachable ? Math.round(performance.now() - started) : null },
  };
}
