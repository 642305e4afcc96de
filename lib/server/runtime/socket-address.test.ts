/**
 * The socket's address as route handlers read it: a real Node HTTP server of this process, reached
 * from other loopback addresses (Linux answers all of 127.0.0.0/8), hands its handler a `Request`
 * built from the parsed request's headers, as Next does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { noteSocketAddresses, socketAddress, socketAddressHeader } from "./socket-address";

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === "string") headers.set(name, value);
    }
    response.end(JSON.stringify(socketAddress(new Request("http://dashboard.test/", { headers }))));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** What the handler read, for a request sent from `localAddress`. */
function addressSeen(localAddress: string, headers: Record<string, string> = {}): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, localAddress, headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve(JSON.parse(body)));
    });
    request.on("error", reject);
    request.end();
  });
}

test("before the subscription no address is known, and a header the client sends is no address", async () => {
  expect(await addressSeen("127.0.0.2")).toBeNull();
  expect(await addressSeen("127.0.0.2", { "x-forwarded-for": "203.0.113.9" })).toBeNull();
});

test("after it, each request carries its own connection's address, whatever it sends", async () => {
  noteSocketAddresses();
  noteSocketAddresses(); // once per process, however often called
  expect(await addressSeen("127.0.0.2")).toBe("127.0.0.2");
  expect(await addressSeen("127.0.0.3")).toBe("127.0.0.3");
  expect(
    await addressSeen("127.0.0.4", {
      [socketAddressHeader()]: "203.0.113.9",
      "x-forwarded-for": "203.0.113.9",
    }),
  ).toBe("127.0.0.4");
});

test("the header's name is the process's own, and an IPv4 client of a dual-stack socket reads as IPv4", () => {
  expect(socketAddressHeader()).toMatch(/^x-rd-socket-[0-9a-f]{32}$/);
  const read = (value: string) =>
    socketAddress(new Request("http://dashboard.test/", { headers: { [socketAddressHeader()]: value } }));
  expect(read("::ffff:127.0.0.2")).toBe("127.0.0.2");
  expect(read("2001:db8::1")).toBe("2001:db8::1");
  expect(socketAddress(new Request("http://dashboard.test/"))).toBeNull();
});
