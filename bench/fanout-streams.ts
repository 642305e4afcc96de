/**
 * The open pages of the live fan-out benchmark: event streams (`GET /api/events`, as each page opens
 * it) read continuously in this process, each keeping a tally of what arrived and when, and the
 * judgement of those tallies against the ledger: which final records a stream missed, which events
 * it was sent twice, and how long each final record took to reach it.
 */
import type { LedgerRender, LiveEvent } from "@/lib/contract";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { SseReader } from "@/test/sse-reader";

/** A stream stays open through the run; pings arrive every 15 s, so this only ends a dead one. */
const SILENCE_MS = 120_000;

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
  private readonly renders = new Map<string, RenderArrivals>();
  private readonly ids = new Set<string>();
  /** Events whose id (the change log's sequence number) this stream had been sent before. */
  duplicates = 0;
  private readonly reading: Promise<void>;

  private constructor(
    /** The replica serving it (0-based). */
    readonly replica: number,
    private readonly reader: SseReader,
  ) {
    this.reading = this.read();
  }

  /** Opens the stream with a session's cookie; resolves once its `hello` arrived (it is live then). */
  static async open(url: string, replica: number, cookie: string): Promise<OpenStream> {
    const response = await fetch(`${url}/api/events`, { headers: { cookie } });
    if (response.status !== 200 || !response.body)
      throw new Error(`GET /api/events on replica ${replica + 1} answered ${response.status}`);
    return OpenStream.follow(replica, response.body);
  }

  /** Follows an event stream's body from its `hello` on. */
  static async follow(replica: number, body: ReadableStream<Uint8Array>): Promise<OpenStream> {
    const reader = new SseReader(body);
    await reader.until<LiveEvent>((event) => event.type === "hello");
    return new OpenStream(replica, reader);
  }

  /** Resolves once the stream has ended and all it sent is counted. */
  ended(): Promise<void> {
    return this.reading;
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

  private async read(): Promise<void> {
    for (;;) {
      const message = await this.reader.next(SILENCE_MS).catch(() => null);
      const at = Date.now();
      if (!message) return;
      if (message.id !== null) {
        const event = JSON.parse(message.data) as LiveEvent;
        // hello and resync carry the newest id handed out, not an event of their own.
        if (event.type !== "hello" && event.type !== "resync") this.count(message.id);
        if (event.type === "render") this.note(event.render, at);
      }
    }
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

  async close(): Promise<void> {
    await this.reader.close();
    await this.reading;
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
