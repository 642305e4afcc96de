/**
 * A small round-robin HTTP proxy on loopback, standing in for the load balancer in front of several
 * dashboard replicas. Each request goes to the next backend in turn; bodies stream both ways
 * (server-sent events included) and headers pass through, less the hop-by-hop ones.
 *
 * A backend that refuses or drops the connection before it was established has been sent nothing,
 * so the request goes to the next one, as a load balancer's passive health check does. Once
 * connected the request is that backend's: a failure then answers 502, and the client decides
 * whether to retry (a create resent under its Idempotency-Key), never the proxy.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";

/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection, not the message. */
const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

function endToEnd(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

export interface RoundRobinProxy {
  url: string;
  /** Requests sent on to another backend because one refused the connection. */
  readonly failovers: number;
  close(): Promise<void>;
}

export async function startRoundRobinProxy(
  backends: readonly string[],
  port: number,
): Promise<RoundRobinProxy> {
  const targets = backends.map((backend) => new URL(backend));
  let next = 0;
  let failovers = 0;
  const open = new Set<Socket>();
  /** Responses whose connection closed: not to be answered, nor their request sent on. */
  const gone = new WeakSet<http.ServerResponse>();

  /** Sends the request to the `tried`-th backend after its turn's, `first`. */
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, first: number, tried: number) => {
    const target = targets[(first + tried) % targets.length];
    if (!target || tried >= targets.length) {
      res.writeHead(502, { "content-type": "text/plain" }).end("no backend answered");
      return;
    }
    let connected = false;
    // A fresh connection per request: whether it was ever established is then what "sent nothing" means.
    const upstream = http.request({
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: endToEnd(req.headers),
      agent: false,
    });
    upstream.once("socket", (socket) =>
      socket.once("connect", () => {
        connected = true;
        req.pipe(upstream);
      }),
    );
    upstream.on("response", (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      answer.pipe(res);
      answer.on("error", () => res.destroy());
    });
    upstream.on("error", () => {
      // The client went away first (and its close destroyed this request): nobody to answer.
      if (gone.has(res)) return;
      if (!connected) {
        failovers++;
        forward(req, res, first, tried + 1);
      } else if (!res.headersSent) res.writeHead(502, { "content-type": "text/plain" }).end("backend failed");
      else res.destroy();
    });
    // A client that goes away (a closed event stream) ends the upstream request too.
    res.on("close", () => upstream.destroy());
  };

  const server = http.createServer((req, res) => {
    res.once("close", () => gone.add(res));
    forward(req, res, next++, 0);
  });
  server.on("connection", (socket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", resolve);
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    get failovers() {
      return failovers;
    },
    async close() {
      // Open event streams would hold close() forever.
      for (const socket of open) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
