/**
 * The loopback ports of the e2e servers. `E2E_PORT_OFFSET` shifts them all, so two checkouts of the
 * project can run their suites side by side on one machine; unset, they are the fixed defaults.
 */
const OFFSET = Number(process.env.E2E_PORT_OFFSET ?? 0);

export const E2E_PORTS = {
  simulator: 4110 + OFFSET,
  app: 3110 + OFFSET,
  /** The same build with sign-in on, against a simulator of its own (its specs run beside the others'). */
  authApp: 3111 + OFFSET,
  authSimulator: 4111 + OFFSET,
  /**
   * The same build with sign-in off again, against a simulator of its own: the "desktop-2" project's
   * specs run on it in the second lane, beside the desktop project's on the first app.
   */
  secondApp: 3114 + OFFSET,
  secondSimulator: 4114 + OFFSET,
  /** The same build with no Render Service key. */
  setupApp: 3112 + OFFSET,
  /** The sign-in server's team chat (ALERT_WEBHOOK_URL): a receiver alerts.spec.ts listens with. */
  teamChat: 3113 + OFFSET,
  /** production.spec.ts: its shared server, then start-up servers that refuse or lack settings. */
  production: 3140 + OFFSET,
  productionRefused: 3141 + OFFSET,
  productionUnconfigured: 3142 + OFFSET,
  /** runs-restart.spec.ts: its own simulator and the server it kills and starts again. */
  runsRestartSimulator: 4150 + OFFSET,
  runsRestartApp: 3150 + OFFSET,
  /** crash-restart.spec.ts: its own simulator and the server it kills with SIGKILL. */
  crashSimulator: 4130 + OFFSET,
  crashApp: 3130 + OFFSET,
  /** container.spec.ts: the standalone server laid out and started as the Dockerfile does. */
  container: 3160 + OFFSET,
  /** replicas.spec.ts: its own simulator, the round-robin proxy and the three replicas behind it. */
  replicasSimulator: 4170 + OFFSET,
  replicasProxy: 3170 + OFFSET,
  replicas: [3171 + OFFSET, 3172 + OFFSET, 3173 + OFFSET],
  /** sso.spec.ts: a server signing in by single sign-on only, against a provider in the test process. */
  ssoApp: 3180 + OFFSET,
} as const;
