import "server-only";
/** Readiness: the ledger answers and the scheduler runs. The service's reachability is reported, not required. */
import { sql } from "kysely";
import type { Health, Member, PublicHealth } from "@/lib/contract";
import { authEnabled } from "@/lib/server/access/session";
import { getAccount } from "@/lib/server/account/cached-account";
import { getClusterMember } from "@/lib/server/cluster/process-member";
import { getDb } from "@/lib/server/db/database";
import { getScheduler, type SchedulerStatus } from "@/lib/server/scheduler/process-scheduler";

const STOPPED: SchedulerStatus = {
  running: false,
  leader: false,
  active: 0,
  pausedUntil: null,
  pollsInLastMinute: 0,
  budgetPerMinute: 0,
};

async function ledgerAnswers(): Promise<boolean> {
  try {
    await sql`select 1`.execute(await getDb());
    return true;
  } catch {
    return false;
  }
}

async function schedulerStatus(database: boolean): Promise<SchedulerStatus> {
  if (!database) return STOPPED;
  try {
    return await (await getScheduler()).status();
  } catch {
    // Not started (e.g. the service is not configured yet): not ready, but still an answer.
    return STOPPED;
  }
}

async function memberId(): Promise<string | null> {
  try {
    return (await getClusterMember()).id;
  } catch {
    return null;
  }
}

/**
 * Health as the caller may see it, and whether it is ready. Load balancers probe without a session
 * and get the status alone; the details (counts, never content) go to admins, and to everyone while
 * sign-in is off, since every caller then acts as the team with an admin's reach.
 */
export async function healthFor(
  member: Member | null,
): Promise<{ ready: boolean; health: Health | PublicHealth }> {
  if (authEnabled() && member?.role !== "admin") {
    const readiness = await checkReadiness();
    return { ready: readiness.status === "ok", health: readiness };
  }
  const health = await checkHealth();
  return { ready: health.ok, health };
}

/** The status alone, for callers without an admin session: no call to the service is made. */
async function checkReadiness(): Promise<PublicHealth> {
  const database = await ledgerAnswers();
  const scheduler = await schedulerStatus(database);
  return { status: database && scheduler.running ? "ok" : "unavailable" };
}

async function checkHealth(): Promise<Health> {
  const database = await ledgerAnswers();
  const scheduler = await schedulerStatus(database);
  const started = performance.now();
  let reachable = true;
  try {
    await getAccount();
  } catch (error) {
    // A key or plan problem is still an answer from the service.
    const status = (error as { status?: number }).status ?? 0;
    reachable = status > 0 && status < 500;
  }
  const ok = database && scheduler.running;
  return {
    status: ok ? "ok" : "unavailable",
    ok,
    instance: await memberId(),
    database: { ok: database },
    scheduler,
    upstream: { reachable, latencyMs: reachable ? Math.round(performance.now() - started) : null },
  };
}
