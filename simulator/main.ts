/**
 * `npm run simulator -- --port N [--time-scale F] [fault flags]`: runs the simulator until SIGINT or
 * SIGTERM. The one line it prints is what scripts (and Playwright's webServer) wait for.
 */
import { USAGE, UsageError, parseCli } from "./cli";
import { startSimulator } from "./server";

async function main(): Promise<void> {
  let options;
  try {
    options = parseCli(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`${error.message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (!options) {
    console.log(USAGE);
    return;
  }
  const simulator = await startSimulator(options);
  const state = options.stateDir === undefined ? "" : `, state kept in ${options.stateDir}`;
  console.log(
    `Render Service simulator listening on ${simulator.url} (time scale ${options.timeScale ?? 1}${state})`,
  );

  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void simulator.close().then(() => process.exit(0));
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error: unknown) => {
  console.error("Render Service simulator failed to start:", error instanceof Error ? error.message : error);
  process.exit(1);
});
