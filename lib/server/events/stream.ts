import "server-only";
/**
 * One live event stream as a server-sent events response: what the page missed, then live events,
 * a comment line every 15 s so proxies keep it open, and a re-check of the session at each of them.
 * It ends when the browser goes away, when the session ends, when the hub stops (server shutdown),
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
  /** Whether the session that opened the stream still holds. */
  stillSignedIn: () => Promise<boolean>;
  heartbeatMs?: number;
}

export const HEARTBEAT_MS = 15_000;
/** How soon a browser reconnects after the stream drops (the SSE `retry` field). */
export const RETRY_MS = 2_000;
/** Bytes a stream may have waiting for a browser that stopped reading before it is ended. */
const MAX_UNREAD_BYTES = 1 << 20;

export const EVENT_STREAM_HEADERS = {
  "Content-Type": "text/event-stream; charset=utf-8",
  // no-transform: a compressing layer would hold small events in its buffer and the page would see nothing.
  "Cache-Control": "no-cache, no-transform",
  "X-Accel-Buffering": "no",
};

export function formatEvent(id: number | null, event: LiveEvent): string {
  return `${id === null ? "" : `id: ${id}\n`}data: ${JSON.stringify(event)}\n\n`;
}

export function eventStreamResponse(options: StreamOptions): Response {
  const { hub, lastSeen, signal, stillSignedIn, heartbeatMs = HEARTBEAT_MS } = options;
  const encoder = new TextEncoder();
  let end: () => void = () => {};

  const body = new ReadableStream<Uint8Array>(
    {
      async start(controller) {
        let ended = false;
        let leave: (() => void) | undefined;
        end = () => {
          if (ended) return;
          ended = true;
          clearInterval(heartbeat);
          leave?.();
          signal.removeEventListener("abort", end);
          try {
            controller.close();
          } catch {
            // Already closed by the other side.
          }
        };
        const write = (text: string) => {
          if (ended) return;
          if ((controller.desiredSize ?? 0) < -MAX_UNREAD_BYTES) return end();
          controller.enqueue(encoder.encode(text));
        };
        const send = (events: readonly WireEvent[]) => {
          for (const { id, event } of events) write(formatEvent(id, event));
        };

        const heartbeat = setInterval(() => {
          void stillSignedIn().then(
            (ok) => {
              if (ok) return write(": keep-alive\n\n");
              write(formatEvent(null, { type: "signed-out" }));
              end();
            },
            () => write(": keep-alive\n\n"),
          );
        }, heartbeatMs);
        if (signal.aborted) return end();
        signal.addEventListener("abort", end, { once: true });
        write(`retry: ${RETRY_MS}\n\n`);
        try {
          leave = await hub.subscribe(lastSeen, { send, close: end });
        } catch (error) {
          ended = true;
          clearInterval(heartbeat);
          controller.error(error);
          return;
        }
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
