/**
 * A local HTTP receiver for what the dashboard sends out (the team's chat, web push): records each
 * request and answers with the status `answer` picks, or holds it unanswered ("hold").
 */
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export type Answer = (request: Received, index: number) => number | "hold";

/** Listens on `port` (0: any free one). */
export async function startReceiver(answer: Answer = () => 201, port = 0) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { path: request.url ?? "", headers: request.headers, body: Buffer.concat(chunks) };
      const status = answer(entry, received.length);
      received.push(entry);
      if (status !== "hold") response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
