/**
 * Server start (Next calls `register` once per runtime). All of it is Node-only, so it lives in
 * instrumentation-node.ts behind the runtime check, which the Edge build then leaves out.
 */
export async function register() {
  // NEXT_RUNTIME is Next's own build-time switch, not a setting of the dashboard.
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { startServer } = await import("./instrumentation-node");
    await startServer();
  }
}
