/**
 * One client cannot lock the team out: the sign-in server of playwright.config.ts runs with no
 * trusted proxy (`TRUSTED_PROXY_HOPS=0`, the default), so the throttle counts each connection's
 * address, which only a real server process can see (docs/architecture.md, Security). Requests leave
 * from other loopback addresses (Linux answers all of 127.0.0.0/8); 127.0.0.1, which the other specs
 * sign in from, is never the one held back.
 */
import http from "node:http";
import { expect, test } from "@playwright/test";
import { E2E_PASSWORD } from "./pages/sign-in.page";
import { E2E_PORTS } from "./ports";

const APP = { host: "127.0.0.1", port: E2E_PORTS.authApp };

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: unknown;
}

/** An HTTP request to the sign-in server from `localAddress`, with a JSON body if given. */
function send(
  localAddress: string,
  method: string,
  path: string,
  { json, headers = {} }: { json?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = json === undefined ? undefined : JSON.stringify(json);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        ...APP,
        localAddress,
        method,
        path,
        headers: { ...(body !== undefined && { "content-type": "application/json" }), ...headers },
      },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => (text += chunk.toString()));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text) }),
        );
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Made-up emails, new each run: their per-email counts (5) never decide. */
const RUN = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test("25 wrong passwords from 127.0.0.2 get 429 from the 21st; the right one from 127.0.0.3 signs in at once", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    const answer = await send("127.0.0.2", "POST", "/api/auth/sign-in", {
      json: { email: `nobody-${RUN}-${i}@example.com`, password: "not the password" },
      // Another forged address each time: without a trusted proxy it is not read.
      headers: { "x-forwarded-for": `203.0.113.${i}` },
    });
    statuses.push(answer.status);
    if (i === 20) {
      expect(answer.body).toMatchObject({
        error: { code: "rate_limited", message: "Too many failed sign-ins. Wait before trying again." },
      });
      expect(Number(answer.headers["retry-after"])).toBeGreaterThan(800);
    }
  }
  expect(statuses).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);

  const elsewhere = await send("127.0.0.3", "POST", "/api/auth/sign-in", {
    json: { email: "admin@example.com", password: E2E_PASSWORD },
  });
  expect(elsewhere.status).toBe(200);
  expect(elsewhere.body).toMatchObject({ member: { email: "admin@example.com" } });
  // The address that failed stays held back, even with the right password.
  const again = await send("127.0.0.2", "POST", "/api/auth/sign-in", {
    json: { email: "admin@example.com", password: E2E_PASSWORD },
  });
  expect(again.status).toBe(429);
});

test("25 wrong API tokens from 127.0.0.4 get 429 from the 21st; a right token from 127.0.0.5 works at once", async () => {
  const signIn = await send("127.0.0.5", "POST", "/api/auth/sign-in", {
    json: { email: "grace@example.com", password: E2E_PASSWORD },
  });
  expect(signIn.status).toBe(200);
  const cookie = String(signIn.headers["set-cookie"]?.[0] ?? "").split(";")[0] ?? "";
  const made = await send("127.0.0.5", "POST", "/api/tokens", {
    json: { name: `address check ${RUN}`, scope: "read" },
    headers: { cookie, origin: `http://${APP.host}:${APP.port}` },
  });
  expect(made.status).toBe(201);
  const { secret } = made.body as { secret: string };

  const statuses: number[] = [];
  for (let i = 0; i < 25; i++) {
    // Shaped as a token, so each is looked up and counted as a guess.
    const guess = `rdt_${Buffer.from(`${RUN} guess ${i}`.padEnd(32, ".")).toString("base64url")}`;
    const answer = await send("127.0.0.4", "GET", "/api/renders", {
      headers: { authorization: `Bearer ${guess}`, "x-forwarded-for": `203.0.113.${i}` },
    });
    statuses.push(answer.status);
    if (i === 20) {
      expect(answer.body).toMatchObject({
        error: {
          code: "rate_limited",
          message: "Too many wrong API tokens or sign-ins. Wait before trying again.",
        },
      });
    }
  }
  expect(statuses).toEqual([...Array(20).fill(401), ...Array(5).fill(429)]);

  const bearer = { authorization: `Bearer ${secret}` };
  expect((await send("127.0.0.5", "GET", "/api/renders", { headers: bearer })).status).toBe(200);
  expect((await send("127.0.0.4", "GET", "/api/renders", { headers: bearer })).status).toBe(429);
});
