/**
 * The replica test's round-robin proxy (e2e/round-robin-proxy.ts), against real HTTP backends on
 * loopback: turns, headers and bodies passed through, streaming, a refused backend skipped, and a
 * backend that fails after taking the request never retried elsewhere.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startRoundRobinProxy, type RoundRobinProxy } from "@/e2e/round-robin-proxy";

interface Backend {
  url: string;
  /** Requests it received, as `METHOD path body`. */
  seen: string[];
  close(): Promise<void>;
}

const closing: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((close) => close()));
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A backend that reads each request whole, then hands it to `answer`. */
async function backend(
  name: string,
  answer: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => void = (req, res, body) =>
    res.writeHead(200, { "x-backend": name, "content-type": "text/plain" }).end(`${name}: ${body}`),
): Promise<Backend> {
  const seen: string[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      seen.push(`${req.method} ${req.url} ${body}`);
      answer(req, res, body);
    });
  });
  const url = await listen(server);
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  closing.push(close);
  return { url, seen, close };
}

/** A loopback address nothing listens on: a port that was free a moment ago. */
async function refusingUrl(): Promise<string> {
  const server = http.createServer();
  const url = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return url;
}

async function proxyTo(backends: string[]): Promise<RoundRobinProxy> {
  const proxy = await startRoundRobinProxy(backends, 0);
  closing.unshift(() => proxy.close());
  return proxy;
}

describe("round-robin proxy", () => {
  it("takes backends in turn, passing the method, path, headers and body both ways", async () => {
    const echo = (name: string) =>
      backend(name, (req, res, body) =>
        res
          .writeHead(201, { "x-backend": name, "x-asked": String(req.headers["x-ask"]) })
          .end(`${name} got ${body}`),
      );
    const [a, b] = await Promise.all([echo("a"), echo("b")]);
    const proxy = await proxyTo([a.url, b.url]);
    const answers = [];
    for (const n of [1, 2, 3, 4]) {
      const response = await fetch(`${proxy.url}/api/things?n=${n}`, {
        method: "POST",
        headers: { "x-ask": `question ${n}` },
        body: `payload ${n}`,
      });
      answers.push({
        status: response.status,
        backend: response.headers.get("x-backend"),
        asked: response.headers.get("x-asked"),
        text: await response.text(),
      });
    }
    expect(answers.map((a) => a.backend)).toEqual(["a", "b", "a", "b"]);
    expect(answers.every((a) => a.status === 201)).toBe(true);
    expect(answers.map((a) => a.asked)).toEqual([1, 2, 3, 4].map((n) => `question ${n}`));
    expect(answers.map((a) => a.text)).toEqual(
      ["a", "b", "a", "b"].map((x, i) => `${x} got payload ${i + 1}`),
    );
    expect(a.seen).toEqual(["POST /api/things?n=1 payload 1", "POST /api/things?n=3 payload 3"]);
    expect(proxy.failovers).toBe(0);
  });

  it("sends a request a backend refused to the next one, body and all", async () => {
    const live = await backend("live");
    const proxy = await proxyTo([await refusingUrl(), live.url]);
    const response = await fetch(`${proxy.url}/create`, { method: "POST", body: "the only copy" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("live: the only copy");
    expect(live.seen).toEqual(["POST /create the only copy"]);
    expect(proxy.failovers).toBe(1);
  });

  it("tries the backends after a refused one in order, and answers 502 once all refused", async () => {
    const live = await backend("live");
    const proxy = await proxyTo([await refusingUrl(), await refusingUrl(), live.url]);
    const statuses = [];
    for (const n of [1, 2, 3]) statuses.push((await fetch(`${proxy.url}/n/${n}`)).status);
    expect(statuses).toEqual([200, 200, 200]);
    expect(live.seen).toEqual(["GET /n/1 ", "GET /n/2 ", "GET /n/3 "]);
    // Turns start at each backend in order: the first request meets both refusals, the second one.
    expect(proxy.failovers).toBe(3);
    await live.close();
    expect((await fetch(`${proxy.url}/n/4`)).status).toBe(502);
  });

  it("answers 502 when a backend fails after taking the request, and sends it nowhere else", async () => {
    const dropping = await backend("dropping", (req) => req.socket.destroy());
    const other = await backend("other");
    const proxy = await proxyTo([dropping.url, other.url]);
    const response = await fetch(`${proxy.url}/create`, { method: "POST", body: "maybe started" });
    expect(response.status).toBe(502);
    expect(dropping.seen).toEqual(["POST /create maybe started"]);
    expect(other.seen).toEqual([]);
    expect(proxy.failovers).toBe(0);
  });

  it("streams a response as the backend writes it", async () => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const events = await backend("events", (_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n");
      void finished.then(() => res.end("data: last\n\n"));
    });
    const proxy = await proxyTo([events.url]);
    const response = await fetch(`${proxy.url}/api/events`);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await reader.read();
    // The backend has not ended: the first event came through on its own.
    expect(new TextDecoder().decode(first.value)).toBe("data: first\n\n");
    finish();
    let rest = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe("data: last\n\n");
  });
});
