/**
 * Web push over HTTP, end to end on the server: a member subscribes a device made of the test's own
 * keys, with its endpoint at a receiver in the test process standing in for the push service; when
 * their render finishes the outbox sends a notification the device decrypts (RFC 8291) to the
 * render's title, text and link, signed with the server's VAPID key. A push service's 410 removes
 * the subscription, and a device is its member's alone.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CreateRenderResult, PushDevice, PushDevices } from "@/lib/contract";
import type { PushMessage } from "@/lib/domain/push-message";
import { startReceiver } from "@/test/http-receiver";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";
import { pushDevice, vapidClaims } from "@/test/web-push-device";
import { startSender, stopSender } from "@/test/outbox-sender";

const PUBLIC_URL = "https://dashboard.test";
let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let grace = { cookie: "" };
let ada = { cookie: "" };

beforeAll(async () => {
  // The push service: a subscription whose path says "gone" is one it no longer knows.
  receiver = await startReceiver((request) => (request.path.includes("gone") ? 410 : 201));
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-push", PUBLIC_URL } });
  const { cookies } = await signedInMembers(stack, [TEST_TEAM.grace, TEST_TEAM.ada]);
  grace = { cookie: cookies.Grace ?? "" };
  ada = { cookie: cookies.Ada ?? "" };
  await startSender();
});
afterAll(async () => {
  await stopSender();
  await stack.close();
  await receiver.close();
});

const subscribe = (
  who: { cookie: string },
  path: string,
  device: ReturnType<typeof pushDevice>,
  label: string,
) =>
  stack.callJson<PushDevice>("POST", "/api/account/push", {
    headers: who,
    json: { endpoint: `${receiver.url}${path}`, keys: device.keys, label },
  });

const devicesOf = async (who: { cookie: string }) =>
  (await stack.callJson<PushDevices>("GET", "/api/account/push", { headers: who })).body;

test("a finished render reaches the maker's device as a notification it decrypts, signed with the server's key", async () => {
  const phone = pushDevice();
  const subscribed = await subscribe(grace, "/push/grace-phone", phone, "Grace's phone");
  expect(subscribed.status).toBe(201);
  const { publicKey, items } = await devicesOf(grace);
  expect(items).toEqual([subscribed.body]);

  const prompt = "a lighthouse at dusk, pushed when done";
  const created = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    headers: grace,
    json: { kind: "image", prompt },
  });
  expect(created.status).toBe(202);
  const renderId = created.body.renders[0]!.id;

  const delivered = await waitFor(
    async () => receiver.received.find((r) => r.path === "/push/grace-phone"),
    30_000,
  );
  expect(delivered.headers["content-encoding"]).toBe("aes128gcm");
  expect(Number(delivered.headers.ttl)).toBeGreaterThan(0);
  const shown = JSON.parse(phone.decrypt(delivered.body)) as PushMessage;
  expect(shown.title).toBe(`Your render finished: ${prompt}`);
  expect(shown.body).toContain("Your render is ready.");
  expect(shown.url).toBe(`/renders/${renderId}`);

  const claims = vapidClaims(delivered.headers);
  expect(claims.key).toBe(publicKey);
  expect(claims.aud).toBe(receiver.url);
  expect(claims.sub).toBe(PUBLIC_URL);
  expect(claims.exp * 1000).toBeGreaterThan(Date.now());

  // The link opens Grace's render.
  const opened = await stack.callJson<{ id: string; status: string }>("GET", `/api/renders/${renderId}`, {
    headers: grace,
  });
  expect(opened.body).toMatchObject({ id: renderId, status: "ready" });
  expect(receiver.received.filter((r) => r.path === "/push/grace-phone")).toHaveLength(1);
});

test("a subscription the push service answers 410 for is removed; the others still get the test notification", async () => {
  const laptop = pushDevice();
  const old = await subscribe(grace, "/push/gone-tablet", pushDevice(), "Grace's old tablet");
  await subscribe(grace, "/push/grace-laptop", laptop, "Grace's laptop");
  expect((await devicesOf(grace)).items.map((d) => d.id)).toContain(old.body.id);

  const sent = await stack.callJson<{ queued: number }>("POST", "/api/account/push/test", { headers: grace });
  expect(sent.status).toBe(200);
  expect(sent.body.queued).toBe((await devicesOf(grace)).items.length);

  const test = await waitFor(
    async () => receiver.received.find((r) => r.path === "/push/grace-laptop"),
    15_000,
  );
  expect((JSON.parse(laptop.decrypt(test.body)) as PushMessage).url).toBe("/account/notifications");
  await waitFor(
    async () => ((await devicesOf(grace)).items.some((d) => d.id === old.body.id) ? undefined : true),
    15_000,
  );
  expect(receiver.received.filter((r) => r.path === "/push/gone-tablet")).toHaveLength(1);
});

test("a device is its member's: another cannot remove it, and an endpoint that is not https, or no address, is refused", async () => {
  const device = await subscribe(grace, "/push/grace-desk", pushDevice(), "Grace's desk");
  const byAda = await stack.call("DELETE", `/api/account/push/${device.body.id}`, { headers: ada });
  expect(byAda.status).toBe(404);
  const byGrace = await stack.callJson<PushDevices>("DELETE", `/api/account/push/${device.body.id}`, {
    headers: grace,
  });
  expect(byGrace.status).toBe(200);
  expect(byGrace.body.items.map((d) => d.id)).not.toContain(device.body.id);

  const plain = await stack.call("POST", "/api/account/push", {
    headers: grace,
    json: { endpoint: "http://push.invalid/x", keys: pushDevice().keys, label: "Plain" },
  });
  expect(plain.status).toBe(422);
  // Not an address at all: refused naming the field, not a server error.
  const garbled = await stack.callJson<{ error: { code: string; field?: string } }>(
    "POST",
    "/api/account/push",
    {
      headers: grace,
      json: { endpoint: "not an address", keys: pushDevice().keys, label: "Garbled" },
    },
  );
  expect(garbled.status).toBe(422);
  expect(garbled.body.error).toMatchObject({ code: "invalid_request", field: "endpoint" });
  expect((await stack.call("GET", "/api/account/push")).status).toBe(401);
});
