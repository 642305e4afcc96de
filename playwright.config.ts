import { defineConfig, devices } from "@playwright/test";
import { E2E_PORTS } from "./e2e/ports";
import { E2E_SERVER_ENV } from "./e2e/server-env";

/**
 * End-to-end tests run a production build of the dashboard against the bundled simulator, both
 * started by Playwright. The simulator runs 50× faster than real time; the dashboard's scheduler
 * learns that speed from the completions it observes.
 */
const SIMULATOR_PORT = E2E_PORTS.simulator;
const AUTH_SIMULATOR_PORT = E2E_PORTS.authSimulator;
const APP_PORT = E2E_PORTS.app;
/** A second server of the same build with sign-in on (AUTH_SECRET), its own database and members. */
const AUTH_APP_PORT = E2E_PORTS.authApp;
/** A fourth server of the same build, like the first (sign-in off), with its own simulator and database. */
const SECOND_APP_PORT = E2E_PORTS.secondApp;
const SECOND_SIMULATOR_PORT = E2E_PORTS.secondSimulator;
/** A third server of the same build with no Render Service key: a fresh install's setup page. */
const SETUP_APP_PORT = E2E_PORTS.setupApp;
/** A secret the setup server holds: its page must never show it (e2e/setup-page.spec.ts). */
const SETUP_APP_AUTH_SECRET = "e2e-setup-secret-never-shown-0123456789";
const simulatorUrl = `http://127.0.0.1:${SIMULATOR_PORT}`;
const authSimulatorUrl = `http://127.0.0.1:${AUTH_SIMULATOR_PORT}`;
const simulatorCommand = (port: number) => `npx tsx simulator/main.ts --port ${port} --time-scale 0.02`;

/** Members of the sign-in app, added with the CLI an admin uses (e2e/auth.spec.ts signs in as them). */
const AUTH_MEMBERS = [
  { email: "admin@example.com", name: "Admin", role: "admin" },
  { email: "grace@example.com", name: "Grace", role: "member" },
  { email: "linus@example.com", name: "Linus", role: "member" },
];
const addMembers = AUTH_MEMBERS.map(
  (m) =>
    `(echo 'correct horse battery' | npm run -s user:add -- --email ${m.email} --name ${m.name} --role ${m.role} --password-stdin)`,
).join(" && ");

/**
 * The browser: Chromium's headless shell (Debian's `chromium-headless-shell`, which `.ci/run`
 * installs), Playwright's own choice for headless runs, without the full browser's windowing and
 * GPU process. On the same specs it spent about half the processor time of `/usr/bin/chromium` in
 * headless mode, on two cores the whole of `npm test` shares. Specs count on its ways (it blocks
 * notifications for every site: e2e/people.spec.ts); `CHROMIUM_PATH` names another build. The
 * benchmarks that time a page (`bench/cull.ts`, `bench/lighthouse.ts`) keep the full browser, which
 * people use.
 */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * The specs of the sign-in app: the "sign-in" project's. That app has its own database and its own
 * simulator, so a desktop spec's simulator faults, reset or polls never reach it.
 */
const SIGN_IN_SPECS = [
  "alerts.spec.ts",
  "api-tokens.spec.ts",
  "audit.spec.ts",
  "approvals.spec.ts",
  "auth.spec.ts",
  "client-address.spec.ts",
  "live-updates.spec.ts",
  "people.spec.ts",
  "review-together.spec.ts",
  "shares.spec.ts",
  "usage.spec.ts",
];

/**
 * Specs of a dashboard with sign-in off that never ask its simulator directly (no faults, no counts,
 * no balance): the "desktop-2" project's, on the second app, so the second lane takes its share of
 * the desktop specs once its own are done. The first lane ran about 720 s of specs against 410 s in
 * the second; these move about 170 s across.
 */
const SECOND_APP_SPECS = [
  "a11y.spec.ts",
  "compare.spec.ts",
  "cull.spec.ts",
  "find.spec.ts",
  "render-form.spec.ts",
];

/**
 * Specs that start every server they use (their own simulator, apps and database) or use the setup
 * server alone: the "servers" project's. Nothing they do reaches the two apps' ledgers, simulators
 * or budgets, so they run beside the desktop project, once the sign-in project is done.
 */
const OWN_SERVER_SPECS = [
  "container.spec.ts",
  "crash-restart.spec.ts",
  "production.spec.ts",
  "replicas.spec.ts",
  "runs-restart.spec.ts",
  "setup-page.spec.ts",
  "sso.spec.ts",
];

/** A project in a desktop browser, one spec at a time, against the app on `appPort`. */
const desktopProject = (
  name: string,
  specs: { testMatch: string[] } | { testIgnore: string[] },
  appPort = APP_PORT,
) => ({
  name,
  ...specs,
  workers: 1,
  use: {
    ...devices["Desktop Chrome"],
    viewport: { width: 1440, height: 900 },
    baseURL: `http://127.0.0.1:${appPort}`,
  },
});

/** A simulator for one app, up once its admin endpoint answers. */
const simulatorServer = (port: number) => ({
  command: simulatorCommand(port),
  url: `http://127.0.0.1:${port}/__sim/stats`,
  reuseExistingServer: false,
  stdout: "ignore" as const,
});

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  // Two lanes, each project one spec at a time (`workers: 1`), since a project's specs share their
  // app's simulator faults and poll budget: the desktop app's specs in one; in the other the sign-in
  // app's, then the specs with servers of their own, then the second desktop app's. Playwright hands
  // a free worker the first spec whose project is under its limit, in the order of the projects
  // below, so the first lane takes a second-app spec too once its own are done.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 20_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    // A failed test keeps its trace: every action with the page's DOM before and after it. Without
    // the screencast filmstrip, which had the headless shell draw and encode frames all along, for
    // every test, on two cores the whole suite shares (the failure's own screenshot is kept below).
    trace: { mode: "retain-on-failure", screenshots: false },
    // The app's service worker answers build files itself, out of page.route's reach (the specs that
    // hold or fail a chunk): a spec that checks the worker allows it (e2e/security.spec.ts).
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    // Pages are seen as by someone who asks for less motion: with no GPU, drawing the pulses and
    // skeletons of pages under test frame by frame was about half of the browser's processor time,
    // on two cores the suite shares. e2e/gallery.spec.ts shows the motion, and that this stops it.
    reducedMotion: "reduce",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
  projects: [
    desktopProject("desktop", { testIgnore: [...SIGN_IN_SPECS, ...OWN_SERVER_SPECS, ...SECOND_APP_SPECS] }),
    desktopProject("sign-in", { testMatch: SIGN_IN_SPECS }, AUTH_APP_PORT),
    desktopProject("servers", { testMatch: OWN_SERVER_SPECS }),
    desktopProject("desktop-2", { testMatch: SECOND_APP_SPECS }, SECOND_APP_PORT),
  ],
  webServer: [
    simulatorServer(SIMULATOR_PORT),
    simulatorServer(AUTH_SIMULATOR_PORT),
    simulatorServer(SECOND_SIMULATOR_PORT),
    {
      command: `rm -rf data/e2e && BUILD_SKIP_TYPECHECK=1 npm run -s build:standalone && npx next start --port ${APP_PORT} --hostname 127.0.0.1`,
      url: `http://127.0.0.1:${APP_PORT}/api/health`,
      timeout: 300_000,
      reuseExistingServer: false,
      stdout: "ignore",
      env: {
        RENDER_API_BASE_URL: simulatorUrl,
        ...E2E_SERVER_ENV,
        RENDER_API_KEY: "rs_live_demo_team_1",
        DATABASE_URL: "file:./data/e2e/dashboard.db",
      },
    },
    {
      // Web servers start in order, each once the one before answers: this reuses the build above.
      command: `rm -rf data/e2e-auth && ${addMembers} && npx next start --port ${AUTH_APP_PORT} --hostname 127.0.0.1`,
      url: `http://127.0.0.1:${AUTH_APP_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      env: {
        RENDER_API_BASE_URL: authSimulatorUrl,
        ...E2E_SERVER_ENV,
        RENDER_API_KEY: "rs_live_demo_team_1",
        DATABASE_URL: "file:./data/e2e-auth/dashboard.db",
        AUTH_SECRET: "e2e-only-secret-at-least-32-characters-long",
        // Nothing listens there but while alerts.spec.ts does: other specs' messages wait and retry.
        ALERT_WEBHOOK_URL: `http://127.0.0.1:${E2E_PORTS.teamChat}/chat`,
      },
    },
    {
      command: `rm -rf data/e2e-second && npx next start --port ${SECOND_APP_PORT} --hostname 127.0.0.1`,
      url: `http://127.0.0.1:${SECOND_APP_PORT}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      env: {
        RENDER_API_BASE_URL: `http://127.0.0.1:${SECOND_SIMULATOR_PORT}`,
        ...E2E_SERVER_ENV,
        RENDER_API_KEY: "rs_live_demo_team_1",
        DATABASE_URL: "file:./data/e2e-second/dashboard.db",
      },
    },
    {
      // Same build again; the service's address is set, its key is not (empty overrides the
      // environment Playwright passes on, and .env.local never overrides a set variable).
      command: `rm -rf data/e2e-setup && npx next start --port ${SETUP_APP_PORT} --hostname 127.0.0.1`,
      // The API answers 503 until the server is configured; a page answers 200.
      url: `http://127.0.0.1:${SETUP_APP_PORT}/sign-in`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: "ignore",
      env: {
        RENDER_API_BASE_URL: simulatorUrl,
        ...E2E_SERVER_ENV,
        RENDER_API_KEY: "",
        DATABASE_URL: "file:./data/e2e-setup/dashboard.db",
        AUTH_SECRET: SETUP_APP_AUTH_SECRET,
      },
    },
  ],
});
