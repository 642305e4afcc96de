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
import { createFinishedRenders } from "./client";
import type { BenchResult, Row } from "./report";
import { freshDatabase, PORTS, startApp, startSimulator, TEAM_KEY, TMP } from "./servers";
import { ratio, round } from "./stats";

const CONNECTIONS = 10;
const DURATION_S = 8;
const WARMUP_S = 2;

interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Share of answers with a 2xx status: the service answers most direct polls 429. */
  okShare: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string> = {}): Promise<LoadFigures> {
  // A short unmeasured run first: route compilation, connection pools and caches warm up.
  await autocannon({ url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const answered = result["2xx"] + result.non2xx;
  return {
    requestsPerSecond: round(result.requests.average, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    okShare: round(answered > 0 ? result["2xx"] / answered : 0, 3),
    errors: result.errors,
  };
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

export async function runProxy(): Promise<BenchResult> {
  const simulator = await startSimulator("proxy-simulator", PORTS.simulator, 0.01);
  const app = await startApp("proxy-app", {
    port: PORTS.app,
    simulatorUrl: simulator.url,
    databaseFile: freshDatabase(path.join(TMP, "proxy", "ledger.db")),
  });
  try {
    // A finished render: reading it costs the dashboard no upstream poll, as after any completion.
    const [render] = await createFinishedRenders(app.url, [{ kind: "image", prompt: "proxy benchmark" }]);
    if (!render) throw new Error("no render to read");
    const auth = { Authorization: `Bearer ${TEAM_KEY}` };

    const renderById = comparison(
      "GET render by id",
      await load(`${app.url}/api/renders/${render.id}`),
      await load(`${simulator.url}/api/v1/renders/${render.id}`, auth),
    );
    const account = comparison(
      "GET account",
      await load(`${app.url}/api/account`),
      await load(`${simulator.url}/api/v1/account`, auth),
    );
    // The same server's floor: a prebuilt static file goes through Next's request pipeline and nothing else.
    const floor = await load(`${app.url}/icon.svg`);
    const { rows: renderRows, ...renderFigures } = renderById;
    const { rows: accountRows, ...accountFigures } = account;
    return {
      figures: {
        connections: CONNECTIONS,
        durationSeconds: DURATION_S,
        renderById: renderFigures,
        account: accountFigures,
        nextStaticFloor: floor,
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
          figure: "static file on the same server: p50 / p99 (ms)",
          dashboard: `${floor.p50Ms} / ${floor.p99Ms}`,
          baseline: null,
          ratio: null,
        },
      ],
      notes: [
        `autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per measurement after ${WARMUP_S} s of warm-up; the baseline is the same request straight to the simulator.`,
        "`GET /api/renders/{id}` is answered from the ledger (no upstream call). Straight to the simulator the same read is a poll, and all but " +
          "60 a minute are refused with 429, so its figures are mostly those of refusals: the baseline's 2xx share says how many were real answers.",
        "`GET /api/account` is served from the dashboard's cache (`ACCOUNT_CACHE_SECONDS`, default 10 s), fetched upstream at most once per expiry.",
        "The static file (`/icon.svg`, prebuilt) is Next's own floor on this machine: what any request through `next start` costs before a handler runs.",
      ],
    };
  } finally {
    await Promise.all([app.stop(), simulator.stop()]);
  }
}
