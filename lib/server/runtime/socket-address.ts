import "server-only";
/**
 * The address each request's connection comes from, for route handlers, which Next 16 does not give
 * it (`request.ip` is gone, and Next fills `X-Forwarded-For` from the socket only when the client
 * sent none, so that header cannot tell a client's word from the socket's).
 *
 * Node publishes `http.server.request.start` on `node:diagnostics_channel` synchronously for every
 * request an `http.Server` of the process has parsed, with the request and its socket, before the
 * server emits `request`: before Next's handler sees it, whichever of `next start`, `next dev` or the
 * standalone `server.js` made the server. Subscribed once per process at start
 * (instrumentation-node.ts), the dashboard writes the socket's address into a header of its own,
 * which `socketAddress` reads back from the route handler's `Request`.
 *
 * The header's name is random per process (a process singleton, so every bundle of the process reads
 * the one that is written): a client cannot name it, so a request parsed before the subscription
 * (while the server starts) cannot bring an address of its own; it has none, and callers fall back
 * to one count shared by every such request. A parsed request's value is always overwritten, or
 * removed when the socket has no address, so a client-sent value never survives either.
 */
import { randomBytes } from "node:crypto";
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { processSingleton } from "./process-singleton";

/** Node's channel for a server's parsed request (public since Node 18.7 and 16.17). */
const REQUEST_START = "http.server.request.start";

/** The process's header name for the socket's address (lower case, as Node keys `headers`). */
export const socketAddressHeader = (): string =>
  processSingleton("socket-address-header", () => `x-rd-socket-${randomBytes(16).toString("hex")}`);

/** What Node publishes on the channel (it also carries `response` and `server`). */
interface RequestStart {
  request: IncomingMessage;
  socket: Socket;
}

function noteSocketAddress(message: unknown): void {
  const { request, socket } = message as RequestStart;
  const header = socketAddressHeader();
  const address = socket.remoteAddress;
  if (address) request.headers[header] = address;
  else delete request.headers[header];
}

/**
 * From now on, every request an HTTP server of this process parses carries its socket's address for
 * `socketAddress`. Once per process, however many bundles call it (Next's dev reloads included).
 */
export function noteSocketAddresses(): void {
  processSingleton("socket-address-subscription", () => {
    subscribe(REQUEST_START, noteSocketAddress);
    return true;
  });
}

/** `::ffff:192.0.2.1`, an IPv4 client of a dual-stack socket, is `192.0.2.1`. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The address the request's connection comes from (the peer of the socket: the client, or a proxy
 * in front), or null when it is not known: a request parsed before `noteSocketAddresses`, or a
 * `Request` that did not come through a server of this process.
 */
export function socketAddress(request: Request): string | null {
  const address = request.headers.get(socketAddressHeader());
  if (!address) return null;
  return IPV4_MAPPED.exec(address)?.[1] ?? address;
}
