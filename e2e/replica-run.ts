/**
 * The replica run, shared by the replica test and the benchmark: five clients create sixty renders
 * through the proxy in two waves, the leader is killed with SIGKILL between them, and one create is
 * sent to two live replicas at once under one Idempotency-Key. Meanwhile a live event stream stays
 * open on a replica that does not lead, timing each finished render's arrival. It reports what it
 * saw; the caller judges it.
 */
import type { CreateRenderResult, LedgerRender, LiveEvent, RenderList } from "@/lib/contract";
import type { RenderRequest } from "@/lib/domain/render-request";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { SseReader } from "@/test/sse-reader";
import type { SimulatorStats } from "@/test/server-stack";
import type { Replica, ReplicaCluster } from "./replica-cluster";

export const CLIENTS = 5;
export const RENDERS_PER_WAVE = 30;
/** The leader is killed once it has polled this often: mid-run, with renders of wave 1 in flight. */
const POLLS_BEFORE_KILL = 15;
/** How often the surviving replicas' health is read for a new leader. */
const LEADER_PROBE_MS = 200;
/** A standby must take over well within this; the caller holds it to the 15 s. */
const FAILOVER_GIVE_UP_MS = 30_000;
const FINISH_TIMEOUT_MS = 180_000;

/** One create as a client saw it: its key, the dashboard's request id, and the service's render ids. */
export interface CreateAnswer {
  key: string;
  requestId: string;
  ids: string[];
  /** Sends after the first (a failed request resent under the same key). */
  retries: number;
}

export interface ReplicaRun {
  budgetPerMinute: number;
  answers: CreateAnswer[];
  /** The same key sent to two live replicas at once: both answers. */
  duplicate: [CreateAnswer, CreateAnswer];
  killed: number;
  /** Kill → another replica reports leadership; null if none did within FAILOVER_GIVE_UP_MS. */
  failoverMs: number | null;
  newLeader: number | null;
  /** Most replicas that reported leading at one reading (must never be two). */
  mostLeaders: number;
  fanOut: {
    /** Arrival − the record's updatedAt, of each render's final record on a non-leader's stream. */
    latenciesMs: number[];
    /** Finished renders whose final record no stream brought, but for those that finished while one moved. */
    missed: string[];
  };
  /** Requests the proxy sent on to another backend because one refused the connection. */
  proxyFailovers: number;
  ledger: LedgerRender[];
  stats: SimulatorStats;
  seconds: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The n-th render of the run: images, a few doomed to fail, and every fourth a short video. */
export function request(n: number): RenderRequest {
  const prompt = `replica run ${n}: ${n % 10 === 9 ? "a doomed still [fail]" : "a harbour at dawn"}`;
  return n % 4 === 3
    ? { kind: "video", prompt, model: "kling", durationSeconds: 5, resolution: "720p" }
    : { kind: "image", prompt };
}

/**
 * `POST /api/renders` under one Idempotency-Key until it is answered 202: a dropped connection, a
 * 5xx or a 409 for the key still being submitted (elsewhere) is resent under the same key, as the
 * dashboard's own form does; a 429 after the time it names. Anything else is a failure.
 */
async function create(url: string, key: string, body: RenderRequest): Promise<CreateAnswer> {
  let last = "";
  for (let attempt = 0; attempt < 30; attempt++) {
    const response = await fetch(`${url}/api/renders`, {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": key },
      body: JSON.stringify(body),
    }).catch(() => null);
    const text = response ? await response.text().catch(() => "") : "";
    if (response?.status === 202) {
      const answer = JSON.parse(text) as CreateRenderResult;
      return { key, requestId: answer.requestId, ids: answer.ids, retries: attempt };
    }
    last = response ? `${response.status}: ${text}` : "no answer";
    const again = response === null || response.status >= 500 || [409, 429].includes(response.status);
    if (!again) break;
    await sleep(response?.status === 429 ? Number(response.headers.get("retry-after") ?? 1) * 1000 : 500);
  }
  throw new Error(`create ${key} was not answered 202; last: ${last}`);
}

/** One wave: `CLIENTS` clients, each sending its share of the renders one after another. */
async function wave(url: string, first: number, count: number, runId: string): Promise<CreateAnswer[]> {
  const shares = await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      const answers: CreateAnswer[] = [];
      for (let n = first + client; n < first + count; n += CLIENTS)
        answers.push(await create(url, `${runId}-${n}`, request(n)));
      return answers;
    }),
  );
  return shares.flat();
}

/**
 * `GET /api/events` on one replica, read continuously: the first final record of each render, when
 * it arrived and how long after the record's update. What it sent once the replica may lead
 * (`leading(since)`) arrived, but is not fan-out from another replica and is not timed.
 */
class Watch {
  private readonly arrivals = new Map<string, { at: number; latencyMs: number; fanOut: boolean }>();
  private leadingSince = Infinity;
  private readonly reading: Promise<void>;

  private constructor(
    readonly replica: Replica,
    private readonly reader: SseReader,
  ) {
    this.reading = this.read();
  }

  static async open(replica: Replica): Promise<Watch> {
    const response = await fetch(`${replica.url}/api/events`);
    if (response.status !== 200 || !response.body)
      throw new Error(`GET /api/events on replica ${replica.index + 1} answered ${response.status}`);
    const reader = new SseReader(response.body);
    // Opened once the hello arrives: every change after it is sent on this stream.
    await reader.until<LiveEvent>((event) => event.type === "hello");
    return new Watch(replica, reader);
  }

  leading(since: number): void {
    this.leadingSince = since;
    for (const arrival of this.arrivals.values()) if (arrival.at >= since) arrival.fanOut = false;
  }

  /** Fan-out latency of each render's final record, by render id. */
  get latencies(): [string, number][] {
    return [...this.arrivals].flatMap(([id, { latencyMs, fanOut }]) => (fanOut ? [[id, latencyMs]] : []));
  }

  /** Renders whose final record arrived on this stream. */
  get arrived(): string[] {
    return [...this.arrivals.keys()];
  }

  private async read(): Promise<void> {
    for (;;) {
      const message = await this.reader.next(60_000).catch(() => null);
      const at = Date.now();
      if (!message) return;
      const event = JSON.parse(message.data) as LiveEvent;
      if (
        event.type === "render" &&
        isFinalLedgerStatus(event.render.status) &&
        !this.arrivals.has(event.render.id)
      ) {
        const latencyMs = at - Date.parse(event.render.updatedAt);
        this.arrivals.set(event.render.id, { at, latencyMs, fanOut: at < this.leadingSince });
      }
    }
  }

  async close(): Promise<void> {
    await this.reader.close();
    await this.reading;
  }
}

/** Every render in the ledger, read through the proxy page by page. */
async function ledger(url: string): Promise<LedgerRender[]> {
  const items: LedgerRender[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : "";
    const response = await fetch(`${url}/api/renders?limit=100${query}`);
    if (!response.ok) throw new Error(`GET /api/renders answered ${response.status}`);
    const page = (await response.json()) as RenderList;
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Polls `read` every `everyMs` until it gives a value, or gives null after `timeoutMs`. */
async function waitFor<T>(
  read: () => Promise<T | null>,
  everyMs: number,
  timeoutMs: number,
): Promise<T | null> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== null || Date.now() > deadline) return value;
    await sleep(everyMs);
  }
}

export async function runReplicaWorkload(cluster: ReplicaCluster): Promise<ReplicaRun> {
  const started = Date.now();
  const url = cluster.proxy.url;
  const runId = `replicas-${started.toString(36)}`;
  const [firstHealth] = await Promise.all(cluster.replicas.map((r) => cluster.health(r)));
  if (!firstHealth) throw new Error("replica 1 does not answer GET /api/health");
  let mostLeaders = 0;
  const leaders = async () => {
    const found = await cluster.leaders();
    mostLeaders = Math.max(mostLeaders, found.length);
    return found;
  };
  const leader = await waitFor(async () => (await leaders())[0] ?? null, LEADER_PROBE_MS, 15_000);
  if (!leader)
    throw new Error(
      `no replica reports scheduler.leader: true (replica 1's health: ${JSON.stringify(firstHealth)})`,
    );
  const standby = (except: Replica) => cluster.replicas.find((r) => r.alive && r !== except);
  const watches = [await Watch.open(standby(leader) as Replica)];
  /** From the kill until a stream was open on a replica that does not lead, if the watched one came to lead. */
  const blind: { from: number; to: number }[] = [];
  // Leadership is read all along, not only around the kill: two leaders at any reading is a failure.
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      await leaders();
      await sleep(1_000);
    }
  })();

  try {
    const answers = await wave(url, 0, RENDERS_PER_WAVE, runId);
    const polled = await waitFor(
      async () => ((await cluster.stats()).polls.total >= POLLS_BEFORE_KILL ? true : null),
      250,
      60_000,
    );
    if (!polled) throw new Error(`the leader did not poll ${POLLS_BEFORE_KILL} times within 60 s`);

    const killedAt = Date.now();
    await cluster.kill(leader);
    const failover = waitFor(
      async () => {
        const found = await leaders();
        return found[0] ? { replica: found[0], at: Date.now() } : null;
      },
      LEADER_PROBE_MS,
      FAILOVER_GIVE_UP_MS,
    ).then(async (taken) => {
      const watched = watches[0];
      if (taken && watched && taken.replica === watched.replica) {
        watched.leading(killedAt);
        const other = standby(taken.replica);
        if (other) {
          watches.push(await Watch.open(other));
          blind.push({ from: killedAt, to: Date.now() });
        }
      }
      return taken;
    });
    const [live1, live2] = cluster.replicas.filter((r) => r.alive);
    if (!live1 || !live2) throw new Error("two replicas must survive the kill");
    const duplicateKey = `${runId}-same-key`;
    const duplicateBody = request(2 * RENDERS_PER_WAVE);
    const [second, duplicate, taken] = await Promise.all([
      wave(url, RENDERS_PER_WAVE, RENDERS_PER_WAVE, runId),
      Promise.all([
        create(live1.url, duplicateKey, duplicateBody),
        create(live2.url, duplicateKey, duplicateBody),
      ]),
      failover,
    ]);
    answers.push(...second);

    const ids = new Set([...answers, ...duplicate].flatMap((a) => a.ids));
    const final = await waitFor(
      async () => {
        const rows = await ledger(url);
        const settled = rows.filter((r) => ids.has(r.id) && isFinalLedgerStatus(r.status));
        return settled.length === ids.size ? rows : null;
      },
      1_000,
      FINISH_TIMEOUT_MS,
    );
    const rows = final ?? (await ledger(url));
    // The last finals' events are on their way as the ledger shows them.
    await sleep(2_500);
    const latencies = watches.flatMap((w) => w.latencies.map(([, ms]) => ms));
    const arrived = new Set(watches.flatMap((w) => w.arrived));
    const inBlind = (at: number) => blind.some((b) => at >= b.from && at <= b.to);
    return {
      budgetPerMinute: firstHealth.scheduler.budgetPerMinute,
      answers,
      duplicate: duplicate as [CreateAnswer, CreateAnswer],
      killed: leader.index,
      failoverMs: taken ? taken.at - killedAt : null,
      newLeader: taken?.replica.index ?? null,
      mostLeaders,
      fanOut: {
        latenciesMs: latencies,
        missed: rows
          .filter(
            (r) => isFinalLedgerStatus(r.status) && !arrived.has(r.id) && !inBlind(Date.parse(r.updatedAt)),
          )
          .map((r) => r.id),
      },
      proxyFailovers: cluster.proxy.failovers,
      ledger: rows,
      stats: await cluster.stats(),
      seconds: (Date.now() - started) / 1000,
    };
  } finally {
    sampling = false;
    await Promise.all([sampler, ...watches.map((w) => w.close())]);
  }
}

/** What a run comes to, as the test checks it and the benchmark reports it. */
export function summarize(run: ReplicaRun) {
  const { stats, ledger } = run;
  const finished = stats.renders.filter((r) => r.terminalAt !== null).length;
  const requests = new Set([...run.answers, ...run.duplicate].map((a) => a.requestId)).size;
  const inLedger = new Set(ledger.map((r) => r.id));
  const charged = (rows: readonly { creditsCharged: number }[]) =>
    rows.reduce((sum, r) => sum + r.creditsCharged, 0);
  return {
    requests,
    finished,
    /** Renders the service made that the ledger does not have. */
    lost: stats.renders.filter((r) => !inLedger.has(r.id)).map((r) => r.id),
    /** Upstream creates beyond one per request the clients were answered. */
    doubleCharges: stats.creates.accepted - requests,
    /** Ledger rows neither ready nor failed (unknown, lost, rejected or still in progress). */
    unfinished: ledger
      .filter((r) => !["ready", "failed"].includes(r.status))
      .map((r) => `${r.id} ${r.status}`),
    ledgerCredits: charged(ledger),
    serviceCredits: charged(stats.renders),
    pollsPerFinishedRender: stats.polls.total / Math.max(1, finished),
    fanOutMaxMs: Math.max(0, ...run.fanOut.latenciesMs),
    failoverSeconds: run.failoverMs === null ? null : run.failoverMs / 1000,
  };
}
