/**
 * The open pages of the live fan-out benchmark: event streams (`GET /api/events`, as each page opens
 * it) read continuously in this process, each keeping a tally of what arrived and when, and the
 * judgement of those tallies against the ledger: which final records a stream missed, which events
 * it was sent twice, and how long each final record took to reach it.
 *
 * Five hundred streams share this process, so each is read as lightly as Node allows (node:http's
 * data events, no web streams, no timer per message): what it costs to read the 500th copy of an
 * event would otherwise count as the server's delay.
 */
import http from "node:http";
import type { LedgerRender, LiveEvent } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { SseParser } from "@/test/sse-reader";

/** How long a stream may take to say `hello` once asked for. */
const OPEN_TIMEOUT_MS = 30_000;

/** What the judgement reads of a render's ledger record. */
export type RenderStamp = Pick<LedgerRender, "id" | "status" | "updatedAt">;

/** What one render's records did on one stream. */
interface RenderArrivals {
  /** When the first final record (ready, failed…) arrived, and that record's updatedAt. */
  finalAt: number | null;
  finalUpdatedAt: number;
  /** The newest updatedAt any of its records carried. */
  newestUpdatedAt: number;
}

export class OpenStream {
  private readonly parser = new SseParser();
  private readonly renders = new Map<string, RenderArrivals>();
  private readonly ids = new Set<string>();
  /** Events whose id (the change log's sequence number) this stream had been sent before. */
  duplicates = 0;
  /** Called once, when the stream's `hello` arrives. */
  private onHello: (() => void) | null = null;
  private request: http.ClientRequest | null = null;

  constructor(
    /** The replica serving it (0-based). */
    readonly replica: number,
  ) {}

  /** Opens the stream with a session's cookie; resolves once its `hello` arrived (it is live then). */
  static open(url: string, replica: number, cookie: string): Promise<OpenStream> {
    const stream = new OpenStream(replica);
    return new Promise<OpenStream>((resolve, reject) => {
      const fail = (error: Error) => {
        stream.close();
        reject(error);
      };
      const timer = setTimeout(() => fail(new Error("no hello within 30 s")), OPEN_TIMEOUT_MS);
      stream.onHello = () => {
        clearTimeout(timer);
        resolve(stream);
      };
      stream.request = http.get(`${url}/api/events`, { headers: { cookie } }, (response) => {
        if (response.statusCode !== 200) {
          response.resume();
          return fail(new Error(`GET /api/events on replica ${replica + 1} answered ${response.statusCode}`));
        }
        response.setEncoding("utf8");
        // Stamped as the bytes come in, before anything of this stream is parsed.
        response.on("data", (text: string) => stream.receive(text, Date.now()));
      });
      stream.request.on("error", fail);
    });
  }

  /** Takes the stream's text as it arrived at `at` (ms since the epoch). */
  receive(text: string, at: number): void {
    for (const message of this.parser.feed(text)) {
      // Pings carry no id: nothing to count or parse.
      if (message.id === null) continue;
      const event = JSON.parse(message.data) as LiveEvent;
      // hello and resync carry the newest id handed out, not an event of their own.
      if (event.type === "hello") this.onHello?.();
      else if (event.type !== "resync") this.count(message.id);
      if (event.type === "render") this.note(event.render, at);
    }
  }

  /** Whether this stream has the ledger's current record of `render`, final. */
  has(render: RenderStamp): boolean {
    const seen = this.renders.get(render.id);
    return seen?.finalAt != null && seen.newestUpdatedAt >= Date.parse(render.updatedAt);
  }

  /** Its final record's arrival − the record's updatedAt (stamped by the ledger as it is written), in ms. */
  latencyMs(renderId: string): number | null {
    const seen = this.renders.get(renderId);
    return seen?.finalAt == null ? null : seen.finalAt - seen.finalUpdatedAt;
  }

  private count(id: string): void {
    if (this.ids.has(id)) this.duplicates++;
    else this.ids.add(id);
  }

  private note(render: RenderStamp, at: number): void {
    const updatedAt = Date.parse(render.updatedAt);
    const seen = this.renders.get(render.id) ?? { finalAt: null, finalUpdatedAt: 0, newestUpdatedAt: 0 };
    seen.newestUpdatedAt = Math.max(seen.newestUpdatedAt, updatedAt);
    if (seen.finalAt === null && isFinalLedgerStatus(render.status)) {
      seen.finalAt = at;
      seen.finalUpdatedAt = updatedAt;
    }
    this.renders.set(render.id, seen);
  }

  close(): void {
    this.request?.destroy();
  }
}

/**
 * Every stream's view of the finished renders, as the benchmark reports it. `firstLatencies` holds
 * each render's earliest arrival on any stream: the time to reach a hub, apart from handing it to
 * every stream.
 */
export function tally(streams: readonly OpenStream[], finished: readonly RenderStamp[]) {
  const latencies: number[] = [];
  const firstLatencies: number[] = [];
  const byReplica = new Map<number, number[]>();
  let missed = 0;
  for (const render of finished) {
    let first = Infinity;
    for (const stream of streams) {
      if (!stream.has(render)) missed++;
      const ms = stream.latencyMs(render.id);
      if (ms === null) continue;
      latencies.push(ms);
      first = Math.min(first, ms);
      const ofReplica = byReplica.get(stream.replica) ?? [];
      ofReplica.push(ms);
      byReplica.set(stream.replica, ofReplica);
    }
    if (Number.isFinite(first)) firstLatencies.push(first);
  }
  const duplicates = streams.reduce((sum, s) => sum + s.duplicates, 0);
  return { latencies, firstLatencies, byReplica, missed, duplicates };
}

/** Whether every stream has every finished render's current record. */
export const allArrived = (streams: readonly OpenStream[], finished: readonly RenderStamp[]) =>
  streams.every((stream) => finished.every((render) => stream.has(render)));
