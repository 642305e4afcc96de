import "server-only";
/**
 * The live event hub, one per process. It follows the ledger's change log (woken after each write,
 * and on a slow timer for writes from elsewhere), turns each change into what a page needs (a
 * render's whole record, an upload, a nudge to re-read spend), and hands it to every open stream.
 *
 * A stream that comes back with the id of the last event it saw gets what it missed from the log;
 * one that was away longer than the log keeps is told to resync. Events of one subject are merged
 * (only the latest record matters), so a replay is never longer than the number of things changed.
 */
import type { LedgerRender, LedgerUpload, LiveEvent, RenderMarks } from "@/lib/contract";
import type { Db } from "@/lib/server/db/database";
import { onChange } from "@/lib/server/db/change-signal";
import { changeLogBounds, changesAfter, pruneChanges, type Change } from "@/lib/server/ledger/changes";
import { favouriteIds, favouriteSubject, parseFavouriteSubject } from "@/lib/server/ledger/favourites";
import { marksOf } from "@/lib/server/ledger/marks";
import { parseNoticeSubject } from "@/lib/server/ledger/notices";
import { rendersByIds } from "@/lib/server/ledger/renders";
import { uploadsByIds } from "@/lib/server/ledger/uploads";

/** An event as sent: its change-log sequence number (the SSE id) and its data. */
export interface WireEvent {
  id: number;
  event: LiveEvent;
  /**
   * Only the streams of these audiences get it (a favourite's owner; a notice's member and the
   * admins, ADMINS); absent: everyone.
   */
  audience?: readonly string[];
}

/** One open stream, as the hub sees it. */
export interface Subscriber {
  send(events: readonly WireEvent[]): void;
  /** The hub is stopping (server shutdown): end the stream. */
  close(): void;
  /** Someone's sessions ended or their access changed: check at once whether the stream's still holds. */
  recheck?(): void;
}

/** How long the change log keeps changes for returning streams (a laptop lid closed for a meeting). */
const REPLAY_BUFFER_MS = 15 * 60_000;
/** Changes read from the log at a time. */
const BATCH = 500;
/** A returning stream that missed more than this many changes re-reads instead (cheaper for both). */
const MAX_REPLAY = 2_000;
/** Safety net for writes this process was not told about (another process, a missed signal). */
const TAIL_EVERY_MS = 5_000;
const PRUNE_EVERY_MS = 60_000;

export class EventHub {
  private readonly subscribers = new Set<Subscriber>();
  private head = 0;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private lastPruneAt = 0;
  private stopSignal: (() => void) | undefined;
  private tail: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: (message: string) => void = (m) => console.error(`[events] ${m}`),
    /**
     * Called before a spend change is handed out, whichever process wrote it: pages re-read the
     * balance on that event, and must not be answered from this process's cache of the old one.
     */
    private readonly onSpend: () => void = () => undefined,
  ) {}

  async start(): Promise<void> {
    this.head = (await changeLogBounds(this.db)).latest;
    this.stopSignal = onChange(() => this.read());
    this.tail = setInterval(() => this.read(), TAIL_EVERY_MS);
    this.tail.unref();
  }

  /** Stops following the log and ends every open stream. */
  stop(): void {
    this.stopSignal?.();
    clearInterval(this.tail);
    for (const subscriber of [...this.subscribers]) subscriber.close();
    this.subscribers.clear();
  }

  get streams(): number {
    return this.subscribers.size;
  }

  /** The newest change this hub has handed out. */
  get latest(): number {
    return this.head;
  }

  /**
   * Joins a stream that saw everything up to `lastSeen` (null: a page that saw nothing yet). It is
   * sent what it missed (or "resync" when the log no longer holds it), then `hello`, then live
   * events; those that arrive while the missed ones are looked up are held back to keep the order.
   * Returns the function that leaves.
   */
  async subscribe(
    lastSeen: number | null,
    subscriber: Subscriber,
    audiences: readonly string[] = [""],
  ): Promise<() => void> {
    const held: (readonly WireEvent[])[] = [];
    let live = false;
    const theirs = (events: readonly WireEvent[]) =>
      events.filter((e) => e.audience === undefined || e.audience.some((a) => audiences.includes(a)));
    const entry: Subscriber = {
      send: (events) => (live ? subscriber.send(theirs(events)) : held.push(theirs(events))),
      close: () => subscriber.close(),
      recheck: () => subscriber.recheck?.(),
    };
    this.subscribers.add(entry);
    const leave = () => void this.subscribers.delete(entry);
    const head = this.head;
    try {
      const missed = await this.missedSince(lastSeen, head);
      subscriber.send(missed === "resync" ? [{ id: head, event: { type: "resync" } }] : theirs(missed));
      subscriber.send([{ id: head, event: { type: "hello", at: new Date().toISOString() } }]);
    } catch (error) {
      leave();
      throw error;
    }
    live = true;
    for (const events of held.splice(0)) subscriber.send(events);
    return leave;
  }

  private async missedSince(lastSeen: number | null, head: number): Promise<readonly WireEvent[] | "resync"> {
    if (lastSeen === null || lastSeen === head) return [];
    const { oldest } = await changeLogBounds(this.db);
    // Ahead of the log (another database, a reset) or behind what it keeps: nothing to replay from.
    if (lastSeen > head || lastSeen < oldest - 1 || head - lastSeen > MAX_REPLAY) return "resync";
    const changes: Change[] = [];
    for (let after = lastSeen; after < head;) {
      const batch = (await changesAfter(this.db, after, BATCH)).filter((c) => c.seq <= head);
      if (batch.length === 0) break;
      changes.push(...batch);
      after = batch.at(-1)?.seq ?? head;
    }
    // Pruned while being read (a return right at the buffer's edge): what was read may have gaps.
    if ((await changeLogBounds(this.db)).oldest > lastSeen + 1) return "resync";
    return this.eventsOf(changes);
  }

  /** Reads new changes and sends them; a call while reading makes one more pass afterwards. */
  private read(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = (async () => {
      do {
        this.readAgain = false;
        await this.drain();
      } while (this.readAgain);
    })()
      .catch((error: unknown) => this.log(`could not read the change log: ${String(error)}`))
      .finally(() => {
        this.reading = null;
      });
  }

  private async drain(): Promise<void> {
    for (;;) {
      const changes = await changesAfter(this.db, this.head, BATCH);
      const last = changes.at(-1);
      if (!last) break;
      const events = await this.eventsOf(changes);
      this.head = last.seq;
      if (changes.some((change) => change.topic === "spend")) this.onSpend();
      for (const subscriber of this.subscribers) this.deliver(subscriber, events);
      // Ended sessions close their streams now, not at the next ping (15 s away).
      if (changes.some((change) => change.topic === "session")) {
        for (const subscriber of this.subscribers) subscriber.recheck?.();
      }
      if (changes.length < BATCH) break;
    }
    const now = Date.now();
    if (now - this.lastPruneAt >= PRUNE_EVERY_MS) {
      this.lastPruneAt = now;
      await pruneChanges(this.db, now - REPLAY_BUFFER_MS);
    }
  }

  /** A stream that cannot take events (its connection broke mid-write) is ended, not the others. */
  private deliver(subscriber: Subscriber, events: readonly WireEvent[]): void {
    try {
      subscriber.send(events);
    } catch (error) {
      this.log(`a stream could not take events and was closed: ${String(error)}`);
      this.subscribers.delete(subscriber);
      subscriber.close();
    }
  }

  /** One event per changed subject, carrying its current record, in the order of their last change. */
  private async eventsOf(changes: readonly Change[]): Promise<WireEvent[]> {
    const latest = new Map<string, Change>();
    for (const change of changes) latest.set(`${change.topic}:${change.subject}`, change);
    const subjects = (topic: Change["topic"]) =>
      [...latest.values()].filter((c) => c.topic === topic).map((c) => c.subject);
    const [renders, uploads, starred, marks] = await Promise.all([
      rendersByIds(this.db, subjects("render")),
      uploadsByIds(this.db, subjects("upload")),
      this.starred(subjects("favourite")),
      this.marks(subjects("mark")),
    ]);
    const renderById = new Map(renders.map((r) => [r.id, r]));
    const uploadById = new Map(uploads.map((u) => [u.id, u]));
    const events: WireEvent[] = [];
    for (const { seq, topic, subject } of [...latest.values()].sort((a, b) => a.seq - b.seq)) {
      if (topic === "favourite") {
        const { owner, renderId } = parseFavouriteSubject(subject);
        const favourite = starred.has(subject);
        events.push({ id: seq, event: { type: "favourite", id: renderId, favourite }, audience: [owner] });
        continue;
      }
      if (topic === "mark") {
        const { owner, renderId } = parseFavouriteSubject(subject);
        const { rating = null, flag = null } = marks.get(subject) ?? {};
        events.push({ id: seq, event: { type: "mark", id: renderId, rating, flag }, audience: [owner] });
        continue;
      }
      if (topic === "notice") {
        const { audiences, id } = parseNoticeSubject(subject);
        events.push({ id: seq, event: { type: "notice", id }, audience: audiences });
        continue;
      }
      const event = toEvent(topic, subject, renderById, uploadById);
      if (event) events.push({ id: seq, event });
    }
    return events;
  }

  /** Which of these favourite subjects are starred now (a merged change carries the latest state). */
  private async starred(subjects: readonly string[]): Promise<Set<string>> {
    const starred = new Set<string>();
    for (const [owner, ids] of byOwner(subjects)) {
      for (const id of await favouriteIds(this.db, owner, ids)) starred.add(favouriteSubject(owner, id));
    }
    return starred;
  }

  /** The marks of these subjects now, by subject (a merged change carries the latest state). */
  private async marks(subjects: readonly string[]) {
    const marks = new Map<string, Omit<RenderMarks, "id">>();
    for (const [owner, ids] of byOwner(subjects)) {
      for (const [id, held] of await marksOf(this.db, owner, ids))
        marks.set(favouriteSubject(owner, id), held);
    }
    return marks;
  }
}

/** Render ids by owner, from subjects of per-member changes (favourites, marks). */
function byOwner(subjects: readonly string[]): Map<string, string[]> {
  const owners = new Map<string, string[]>();
  for (const subject of subjects) {
    const { owner, renderId } = parseFavouriteSubject(subject);
    owners.set(owner, [...(owners.get(owner) ?? []), renderId]);
  }
  return owners;
}

function toEvent(
  topic: Exclude<Change["topic"], "favourite" | "mark" | "notice">,
  subject: string,
  renders: ReadonlyMap<string, LedgerRender>,
  uploads: ReadonlyMap<string, LedgerUpload>,
): LiveEvent | null {
  switch (topic) {
    case "render": {
      const render = renders.get(subject);
      return render ? { type: "render", render } : { type: "render-removed", id: subject };
    }
    case "upload": {
      // An upload whose URL was already in the library adds nothing.
      const upload = uploads.get(subject);
      return upload ? { type: "upload", upload } : null;
    }
    case "spend":
      return { type: "spend" };
    case "rate":
      return { type: "rate", key: subject };
    case "team":
      return { type: "team" };
    case "board":
      return { type: "board", id: subject };
    case "run":
      return { type: "run", id: subject };
    case "session":
      return null;
  }
}
