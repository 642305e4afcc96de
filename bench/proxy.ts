/**
 * Proxy overhead: throughput and latency of `GET /api/renders/{id}` and `GET /api/account` through
 * the dashboard against the same calls made straight to the simulator, in the same run, with the
 * same load generator (autocannon, in this process) and the same concurrency.
 *
 * What each route does differs on purpose, as in production: the dashboard answers a render from
 * its ledger and never forwards a browser's read upstream (the service allows 60 polls a minute per
 * account), and it serves the account record from a short cache, single-flight.
 */
import path from "node:path";
import autocannon from "autocannon";
import type { LedgerRender } from "@/lib/contract";
import { createFinishedRenders, signedInMember } from "./client";
import type { BenchResult, Row } from "./report";
import { cpuSeconds, freshDatabase, PORTS, startApp, startSimulator, TEAM_KEY, TMP } from "./servers";
import { median, ratio, round } from "./stats";

const CONNECTIONS = 10;
const BENCH_AUTH_SECRET = "a-bench-secret-that-is-long-enough-0123";
/** Rounds of each measurement, taken in turn so a burst of load elsewhere lands on every target alike. */
const ROUNDS = 3;
const ROUND_S = 3;
const WARMUP_S = 1;

interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Share of answers with a 2xx status: the service answers most direct polls 429. */
  okShare: number;
  errors: number;
  /**
   * CPU time the serving process spent per request, in ms: what a request costs, which a busy
   * machine changes far less than requests a second (those fall with every core others take).
   */
  cpuMsPerRequest: number;
}

interface Target {
  url: string;
  headers?: Record<string, string>;
  /** The process serving the target, whose CPU time is read around the load. */
  pid: number;
}

async function load({ url, headers = {}, pid }: Target, seconds: number): Promise<LoadFigures> {
  const cpuBefore = cpuSeconds(pid);
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  const cpuMs = (cpuSeconds(pid) - cpuBefore) * 1000;
  const answered = result["2xx"] + result.non2xx;
  return {
    requestsPerSecond: result.requests.average,
    cpuMsPerRequest: result.requests.total > 0 ? cpuMs / result.requests.total : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    okShare: answered > 0 ? result["2xx"] / answered : 0,
    errors: result.errors,
  };
}

/** Median of each figure over the rounds. */
function medianFigures(rounds: readonly LoadFigures[]): LoadFigures {
  const of = (pick: (f: LoadFigures) => number, digits: number) => round(median(rounds.map(pick)), digits);
  return {
    requestsPerSecond: of((f) => f.requestsPerSecond, 0),
    p50Ms: of((f) => f.p50Ms, 1),
    p99Ms: of((f) => f.p99Ms, 1),
    okShare: of((f) => f.okShare, 3),
    cpuMsPerRequest: of((f) => f.cpuMsPerRequest, 2),
    errors: rounds.reduce((sum, f) => sum + f.errors, 0),
  };
}

/** Warms every target up (route loading, connection pools, caches), then measures them round-robin. */
async function measureInTurn<K extends string>(targets: Record<K, Target>): Promise<Record<K, LoadFigures>> {
  const names = Object.keys(targets) as K[];
  for (const name of names) await load(targets[name], WARMUP_S);
  const rounds = new Map<K, LoadFigures[]>(names.map((name) => [name, []]));
  for (let i = 0; i < ROUNDS; i++) {
    for (const name of names) rounds.get(name)?.push(await load(targets[name], ROUND_S));
  }
  return Object.fromEntries(names.map((name) => [name, medianFigures(rounds.get(name) ?? [])])) as Record<
    K,
    LoadFigures
  >;
}

function comparison(name: string, dashboard: LoadFigures, direct: LoadFigures) {
  return {
    dashboard,
    direct,
    requestsPerSecondRatio: ratio(dashboard.requestsPerSecond, direct.requestsPerSecond),
    p50Ratio: ratio(dashboard.p50Ms, direct.p50Ms),
    p99Ratio: ratio(dashboard.p99Ms, direct.p99Ms),
    rows: [
      {
        figure: `${name}: requests/s`,
        dashboard: dashboard.requestsPerSecond,
        baseline: direct.requestsPerSecond,
        ratio: ratio(dashboard.requestsPerSecond, direct.requestsPerSecond),
      },
      {
        figure: `${name}: p50 latency (ms)`,
        dashboard: dashboard.p50Ms,
        baseline: direct.p50Ms,
        ratio: ratio(dashboard.p50Ms, direct.p50Ms),
      },
      {
        figure: `${name}: p99 latency (ms)`,
        dashboard: dashboard.p99Ms,
        baseline: direct.p99Ms,
        ratio: ratio(dashboard.p99Ms, direct.p99Ms),
      },
      {
        figure: `${name}: share of 2xx answers`,
        dashboard: dashboard.okShare,
        baseline: direct.okShare,
        ratio: null,
      },
    ] satisfies Row[],
  };
}

type Session = Record<string, string>;

/** Sends one JSON write as the dashboard's pages do, and refuses any answer but 200. */
async function write(appUrl: string, session: Session, method: string, route: string, body?: unknown) {
  const response = await fetch(`${appUrl}${route}`, {
    method,
    headers: { ...session, Origin: appUrl, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${method} ${route} answered ${response.status}`);
}

/**
 * A finished render with every part a read assembles, as a team's renders have them: a parent and a
 * child (its family), the team's tags, the caller's rating, pick and favourite. Finished, so reading
 * it costs the dashboard no upstream poll, as after any completion.
 */
export async function renderWithEveryPart(appUrl: string, session: Session): Promise<LedgerRender> {
  const finished = async (prompt: string, parentIds?: string[]) => {
    const [render] = await createFinishedRenders(
      appUrl,
      [{ kind: "image", prompt, ...(parentIds && { parentIds }) }],
      undefined,
      session,
    );
    if (!render) throw new Error("no render to read");
    return render;
  };
  const parent = await finished("proxy benchmark: the first version");
  const render = await finished("proxy benchmark", [parent.id]);
  await finished("proxy benchmark: the next version", [render.id]);
  const ids = [render.id];
  await write(appUrl, session, "POST", "/api/renders/tags", { ids, add: ["hero", "final", "blue"] });
  await write(appUrl, session, "POST", "/api/renders/marks", { ids, rating: 4, flag: "pick" });
  await write(appUrl, session, "PUT", `/api/renders/${render.id}/favourite`);
  const read = (await (
    await fetch(`${appUrl}/api/renders/${render.id}`, { headers: session })
  ).json()) as LedgerRender;
  const complete =
    read.tags?.length === 3 &&
    read.parentIds?.length === 1 &&
    read.childIds?.length === 1 &&
    read.favourite === true &&
    read.rating === 4 &&
    read.flag === "pick";
  if (!complete) throw new Error(`the benchmark's render lacks a part: ${JSON.stringify(read)}`);
  return read;
}

export async function runProxy(): Promise<BenchResult> {
  const simulator = await startSimulator("proxy-simulator", PORTS.simulator, 0.01);
  const databaseFile = freshDatabase(path.join(TMP, "proxy", "ledger.db"));
  // Sign-in on, as a team runs it: every dashboard request below carries a member's session.
  const app = await startApp("proxy-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile,
    env: { AUTH_SECRET: BENCH_AUTH_SECRET },
  });
  try {
    const session = { Cookie: (await signedInMember(app.url, `file:${databaseFile}`)).cookie };
    const render = await renderWithEveryPart(app.url, session);
    const auth = { Authorization: `Bearer ${TEAM_KEY}` };

    const [appPid, simulatorPid] = [app.serverPid, simulator.proc.child.pid ?? 0];
    const measured = await measureInTurn({
      renderDashboard: { url: `${app.url}/api/renders/${render.id}`, headers: session, pid: appPid },
      renderDirect: { url: `${simulator.url}/api/v1/renders/${render.id}`, headers: auth, pid: simulatorPid },
      accountDashboard: { url: `${app.url}/api/account`, headers: session, pid: appPid },
      accountDirect: { url: `${simulator.url}/api/v1/account`, headers: auth, pid: simulatorPid },
      // The same server's floor: a prebuilt static file goes through Next's request pipeline and nothing else.
      floor: { url: `${app.url}/icon.svg`, pid: appPid },
      // Floors of a route on the same server, to say where the render read's cost lies: a route Next
      // built once and answers from its cache (the web manifest), running none of the dashboard's code;
      // a route handler at a fixed path with next to nothing to do (the health check, without a
      // session); the render's own route refused before any read (no session: a 401 in the one error shape).
      prerenderedRoute: { url: `${app.url}/manifest.webmanifest`, pid: appPid },
      fixedRoute: { url: `${app.url}/api/health`, pid: appPid },
      refusedRenderRoute: { url: `${app.url}/api/renders/${render.id}`, pid: appPid },
    });
    const renderById = comparison("GET render by id", measured.renderDashboard, measured.renderDirect);
    const account = comparison("GET account", measured.accountDashboard, measured.accountDirect);
    const floor = measured.floor;
    const { rows: renderRows, ...renderFigures } = renderById;
    const { rows: accountRows, ...accountFigures } = account;
    const renderByIdRatio = ratio(measured.renderDashboard.requestsPerSecond, floor.requestsPerSecond);
    const cpuAgainstFloor = (name: string, figures: LoadFigures): Row => ({
      figure: `server CPU per request (ms): ${name} against the static file`,
      dashboard: figures.cpuMsPerRequest,
      baseline: floor.cpuMsPerRequest,
      ratio: ratio(figures.cpuMsPerRequest, floor.cpuMsPerRequest),
    });
    const againstFloor = (name: string, figures: LoadFigures): Row[] => [
      {
        figure: `${name} against the static file: requests/s`,
        dashboard: figures.requestsPerSecond,
        baseline: floor.requestsPerSecond,
        ratio: ratio(figures.requestsPerSecond, floor.requestsPerSecond),
      },
      cpuAgainstFloor(name, figures),
    ];
    return {
      figures: {
        renderByIdRatio,
        connections: CONNECTIONS,
        rounds: ROUNDS,
        roundSeconds: ROUND_S,
        renderById: renderFigures,
        account: accountFigures,
        nextStaticFloor: floor,
        prerenderedRouteFloor: measured.prerenderedRoute,
        fixedRouteFloor: measured.fixedRoute,
        refusedRenderRoute: measured.refusedRenderRoute,
      },
      rows: [
        ...renderRows,
        ...accountRows,
        {
          figure: "static file on the same server: requests/s",
          dashboard: floor.requestsPerSecond,
          baseline: null,
          ratio: null,
        },
        {
          figure: "GET render by id against the static file: requests/s (target ≥ 0.8)",
          dashboard: measured.renderDashboard.requestsPerSecond,
          baseline: floor.requestsPerSecond,
          ratio: renderByIdRatio,
        },
        {
          figure: "GET render by id against the prerendered route (Next's floor for any route): requests/s",
          dashboard: measured.renderDashboard.requestsPerSecond,
          baseline: measured.prerenderedRoute.requestsPerSecond,
          ratio: ratio(
            measured.renderDashboard.requestsPerSecond,
            measured.prerenderedRoute.requestsPerSecond,
          ),
        },
        {
          figure: "static file on the same server: p50 / p99 (ms)",
          dashboard: `${floor.p50Ms} / ${floor.p99Ms}`,
          baseline: null,
          ratio: null,
        },
        cpuAgainstFloor("GET render by id", measured.renderDashboard),
        cpuAgainstFloor("GET account", measured.accountDashboard),
        ...againstFloor(
          "GET /manifest.webmanifest (a route Next prerendered: none of the dashboard's code runs)",
          measured.prerenderedRoute,
        ),
        ...againstFloor(
          "GET /api/health without a session (a fixed path, next to no work)",
          measured.fixedRoute,
        ),
        ...againstFloor(
          "GET /api/renders/{id} without a session (the render's route, refused before any read)",
          measured.refusedRenderRoute,
        ),
      ],
      notes: [
        `autocannon, ${CONNECTIONS} connections; each target warmed up for ${WARMUP_S} s, then measured ${ROUNDS} times for ${ROUND_S} s, the targets in turn; figures are the medians over the rounds. ` +
          "The baseline is the same request straight to the simulator. Sign-in is on (`AUTH_SECRET`): every request to the dashboard carries a member's session cookie, checked as a browser's would be.",
        "The render read is finished and has every part a read assembles: three tags, the caller's rating, pick and favourite, a parent and a child.",
        "`GET /api/renders/{id}` is answered from the ledger (no upstream call). Straight to the simulator the same read is a poll, and all but " +
          "60 a minute are refused with 429, so its figures are mostly those of refusals: the baseline's 2xx share says how many were real answers.",
        "`GET /api/account` is served from the dashboard's cache (`ACCOUNT_CACHE_SECONDS`, default 10 s), fetched upstream at most once per expiry.",
        "The static file (`/icon.svg`, a file of `public/`) is Next's own floor on this machine: a file served by `next start` with no route at all. Runs before commit d857251 used Next's prerendered icon route at the same address (`app/icon.svg`, 872 requests/s at e6f69fe), which passes through Next's route handling; their ratios were against that.",
        "Server CPU per request is the serving process's CPU time (user and system, from /proc) over a round, divided by the requests answered in it: other work on the machine lowers requests a second far more than it moves this.",
      ],
    };
  } finally {
    await Promise.all([app.stop(), simulator.stop()]);
  }
}
