import "server-only";
/**
 * One live event stream as a server-sent events response: what the page missed, then live events,
 * a ping every 15 s so proxies keep it open and the page knows it is alive, and a re-check of the
 * session at each of them.
 * It ends when the browser goes away, when the session ends (checked at once when the hub reads a
 * `session` change, whichever process wrote it), when the hub stops (server shutdown),
 * or when the browser stops reading (it then reconnects and resumes from its last event id).
 */
import type { LiveEvent } from "@/lib/contract";
import type { EventHub, WireEvent } from "./hub";

export interface StreamOptions {
  hub: EventHub;
  /** The last change the browser saw (`Last-Event-ID`), or null for a fresh page. */
  lastSeen: number | null;
  /** The request's abort signal: the browser closed the page or the connection dropped. */
  signal: AbortSignal;
  /**
   * Whose stream it is (favouritesOwner, and ADMINS for an admin): events for an audience reach only
   * its streams (a member's own favourites, the notices they may read).
   */
  audiences: readonly string[];
  /** Whether the session that opened the stream still holds. */
  stillSignedIn: () => Promise<boolean>;
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after the stream drops (the SSE `retry` field). */
const RETRY_MS = 2_000;
/** Bytes a stream may have waiting (beyond a replay) for a browser that stopped reading before it is dropped. */
const MAX_UNREAD_BYTES = 1 << 20;

const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: a compressing layer would hold small events in its buffer and the page would see nothing.
  "Cache-Control": "no-store, no-transform",
  "X-Accel-Buffering": "no",
};

function formatEvent(id: number | null, event: LiveEvent): string {
  return `${id === null ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;
}

const PING = formatEvent(null, { type: "ping" });

export function eventStreamResponse(options: StreamOptions): Response {
  const { hub, lastSeen, audiences, signal, stillSignedIn, heartbeatMs = HEARTBEAT_MS } = options;
  const encoder = new TextEncoder();
  let end: () => void = () => {};

  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        let ended = false;
        let leave: (() => void) | undefined;
        /** Unread bytes allowed: a returning page's replay is sent at once, on top of the usual margin. */
        let allowance = MAX_UNREAD_BYTES;
        let replaying = true;
        /** Ends the stream: closed (all sent is still delivered) or, for a reader that stopped, dropped. */
        const finish = (how: "close" | "drop", cause?: unknown) => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          leave?.();
          signal.removeEventListener("abort", end);
          try {
            if (how === "close") controller.close();
            else controller.error(cause);
          } catch {
            // Already closed by the other side.
          }
        };
        end = () => finish("close");
        const write = (text: string) => {
          if (ended) return;
          const bytes = encoder.encode(text);
          if (replaying) allowance += bytes.byteLength;
          else if ((controller.desiredSize ?? 0) < -allowance) {
            // Its queue is dropped with the connection; the browser reconnects and resumes from its last id.
            return finish("drop", new Error("the reader stopped reading"));
          }
          controller.enqueue(bytes);
        };
        const send = (events: readonly WireEvent[]) => {
          for (const { id, event } of events) write(formatEvent(id, event));
        };

        /** Ends the stream, saying why, once the session no longer holds; pings after a periodic check. */
        const check = (ping: boolean) =>
          void stillSignedIn().then(
            (ok) => {
              if (ok) return ping ? write(PING) : undefined;
              write(formatEvent(null, { type: "signed-out" }));
              end();
            },
            () => (ping ? write(PING) : undefined),
          );
        const heartbeat = setInterval(() => check(true), heartbeatMs);
        if (signal.aborted) return end();
        signal.addEventListener("abort", end, { once: true });
        write(`retry: ${RETRY_MS}\n\n`);
        try {
          leave = await hub.subscribe(lastSeen, { send, close: end, recheck: () => check(false) }, audiences);
        } catch (error) {
          return finish("drop", error);
        }
        replaying = false;
        if (ended) leave();
      },
      cancel() {
        end();
      },
    },
    // Count bytes, so MAX_UNREAD_BYTES means bytes.
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  );
  return new Response(body, { headers: EVENT_STREAM_HEADERS });
}
