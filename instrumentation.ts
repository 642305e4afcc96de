/**
 * Server start: warns when sign-in is off, and starts the poll scheduler so renders left unfinished
 * by a restart resume without waiting for someone to open the dashboard.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (!process.env.AUTH_SECRET) {
    console.warn(
      "[auth] Sign-in is off: anyone who can open this dashboard can spend the team's credits. Set AUTH_SECRET to turn it on.",
    );
  }
  const { getScheduler } = await import("@/lib/server/scheduler");
  try {
    await getScheduler();
  } catch (error) {
    console.error(`[poll scheduler] not started: ${error instanceof Error ? error.message : String(error)}`);
  }
}
