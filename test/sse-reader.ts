/**
 * Reads a server-sent events body as a browser's EventSource would (fields `id`, `event`, `data`,
 * comment lines ignored), for the integration tests and the benchmark: `SseParser` turns text as it
 * arrives into messages, `SseReader` pulls them from a fetch body one at a time.
 */
export interface SseMessage {
  id: string | null;
  event: string;
  data: string;
}

/** Server-sent events text, fed as it arrives (in any pieces), into whole messages. */
export class SseParser {
  private buffer = "";
  /** The id of the last message that had one, as EventSource keeps it for `Last-Event-ID`. */
  lastEventId: string | null = null;

  /** The messages that `text` completes, in order. */
  feed(text: string): SseMessage[] {
    const messages: SseMessage[] = [];
    this.buffer += text;
    for (let end = this.blockEnd(); end !== null; end = this.blockEnd()) {
      const block = this.buffer.slice(0, end.at);
      this.buffer = this.buffer.slice(end.at + end.length);
      const message = this.dispatch(block);
      if (message) messages.push(message);
    }
    return messages;
  }

  private blockEnd(): { at: number; length: number } | null {
    const match = /\r?\n\r?\n/.exec(this.buffer);
    return match ? { at: match.index, length: match[0].length } : null;
  }

  private dispatch(block: string): SseMessage | null {
    const message: SseMessage = { id: null, event: "message", data: "" };
    const data: string[] = [];
    for (const line of block.split(/\r?\n/)) {
      if (line === "" || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
      if (field === "data") data.push(value);
      else if (field === "event") message.event = value;
      else if (field === "id") message.id = value;
    }
    if (message.id !== null) this.lastEventId = message.id;
    return data.length > 0 ? { ...message, data: data.join("\n") } : null;
  }
}

export class SseReader {
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  private readonly parser = new SseParser();
  private readonly ready: SseMessage[] = [];
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  ended = false;

  /** The id of the last message that had one, as EventSource keeps it for `Last-Event-ID`. */
  get lastEventId(): string | null {
    return this.parser.lastEventId;
  }

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** The next message, or null when the stream ended; throws after `timeoutMs` without one. */
  async next(timeoutMs = 10_000): Promise<SseMessage | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.ready.length === 0) {
      if (this.ended) return null;
      this.pending ??= this.reader.read();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<"timeout">((resolve) => {
        timer = setTimeout(() => resolve("timeout"), Math.max(0, deadline - Date.now()));
      });
      const result = await Promise.race([this.pending, timeout]);
      clearTimeout(timer);
      if (result === "timeout") throw new Error(`no event within ${timeoutMs} ms`);
      this.pending = null;
      if (result.done) {
        this.ended = true;
        continue;
      }
      this.ready.push(...this.parser.feed(this.decoder.decode(result.value, { stream: true })));
    }
    return this.ready.shift() ?? null;
  }

  /** Messages up to and including the first whose JSON data satisfies `done`. */
  async until<T = unknown>(done: (data: T) => boolean, timeoutMs = 10_000): Promise<T[]> {
    const deadline = Date.now() + timeoutMs;
    const seen: T[] = [];
    for (;;) {
      const message = await this.next(Math.max(1, deadline - Date.now()));
      if (!message) throw new Error("the stream ended first");
      const data = JSON.parse(message.data) as T;
      seen.push(data);
      if (done(data)) return seen;
    }
  }

  async close(): Promise<void> {
    await this.reader.cancel().catch(() => undefined);
  }
}
