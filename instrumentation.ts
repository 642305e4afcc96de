/**
 * Starts the poll scheduler when the server starts, so renders left unfinished by a restart resume
 * without waiting for someone to open the dashboard.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getScheduler } = await import("./lib/server/scheduler");
  try {
    await getScheduler();
  } catch (error) {
    console.error(`[poll scheduler] not started: ${error instanceof Error ? error.message : String(error)}`);
  }
}
