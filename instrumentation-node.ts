/**
 * Server start on Node: first of all, notes each request's socket address for the route handlers
 * (lib/server/runtime/socket-address.ts; a request parsed before that has none); refuses to start
 * on a malformed setting (one line naming it, exit code 1), warns when the service is not
 * configured yet or sign-in is off, and starts the poll scheduler and
 * the run runner, the audit log's retention sweep, the outbox's sender and the alert webhook's sender, so renders,
 * batch runs, messages and alert deliveries left unfinished by a restart resume without waiting for someone to open
 * the dashboard.
 */
import { ConfigError, missingSettings, settings, type Settings } from "@/lib/server/runtime/config";
import { noteSocketAddresses } from "@/lib/server/runtime/socket-address";

export async function startServer(): Promise<void> {
  noteSocketAddresses();
  let config: Settings;
  try {
    config = settings();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // One line an operator can act on, not a stack trace; the server must not serve half-configured.
    console.error(error.message);
    process.exit(1);
  }
  if (!config.AUTH_SECRET) {
    console.warn(
      "[auth] Sign-in is off: anyone who can open this dashboard can spend the team's credits. Set AUTH_SECRET to turn it on.",
    );
  }
  const missing = missingSettings().map((setting) => setting.variable);
  if (missing.length > 0) {
    // A fresh install still starts, so its pages can say what to set.
    console.warn(`[config] Not configured: set ${missing.join(" and ")}, then restart.`);
    return;
  }
  shutDownOnSignal();
  const { getScheduler } = await import("@/lib/server/scheduler/process-scheduler");
  try {
    await getScheduler();
  } catch (error) {
    console.error(`[poll scheduler] not started: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { getRunRunner } = await import("@/lib/server/runs/service");
  try {
    await getRunRunner();
  } catch (error) {
    console.error(`[runs] not started: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { startAuditSweeper } = await import("@/lib/server/audit/service");
  try {
    await startAuditSweeper();
  } catch (error) {
    console.error(
      `[audit] retention sweep not started: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  const { startOutboxSender } = await import("@/lib/server/outbox/service");
  try {
    await startOutboxSender();
  } catch (error) {
    console.error(`[outbox] sender not started: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** On SIGTERM or SIGINT the server stops gracefully (lib/server/http/shutdown.ts), beside Next's own stop. */
function shutDownOnSignal(): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void import("@/lib/server/http/shutdown")
        .then(({ shutDown }) => shutDown())
        .catch((error: unknown) => console.error(`[server] shutdown: ${String(error)}`));
    });
  }
}
