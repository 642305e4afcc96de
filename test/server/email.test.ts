/**
 * Email over a real SMTP server in the test process: a member who chose email at once for finished
 * renders gets one mail when theirs finishes, with a plain-text part, the message's key, a link that
 * opens the render, and an unsubscribe link that works without signing in and turns that kind off.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CreateRenderResult, NotificationChoices } from "@/lib/contract";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";
import { decodedMail as decoded, mailSettings, PUBLIC_URL, startSmtpReceiver } from "@/test/smtp-receiver";
import { startSender, stopSender } from "@/test/outbox-sender";

let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let grace = { cookie: "" };
let ada = { cookie: "" };
/** Each mail as the SMTP server received it, and who it was for. */
let mails: Awaited<ReturnType<typeof startSmtpReceiver>>["mails"] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  mails = smtp.mails;
  stack = await startStack({
    env: {
      AUTH_SECRET: "a-test-secret-that-is-long-enough-email",
      ...mailSettings(smtp.url),
    },
  });
  const { cookies } = await signedInMembers(stack, [TEST_TEAM.grace, TEST_TEAM.ada]);
  grace = { cookie: cookies.Grace ?? "" };
  ada = { cookie: cookies.Ada ?? "" };
  await startSender();
});
afterAll(async () => {
  await stopSender();
  await stack.close();
  await smtp.close();
});

const finishedChoice = async (cookie: { cookie: string }) => {
  const response = await stack.callJson<NotificationChoices>("GET", "/api/account/notifications", {
    headers: cookie,
  });
  return response.body.items.find((c) => c.kind === "render_finished");
};

test("a finished render is mailed to its maker once, with its link and an unsubscribe link that works signed out", async () => {
  const saved = await stack.call("PUT", "/api/account/notifications", {
    headers: grace,
    json: { items: [{ kind: "render_finished", push: true, email: "immediate" }] },
  });
  expect(saved.status).toBe(200);
  expect(((await saved.json()) as NotificationChoices).emailAvailable).toBe(true);

  const created = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    headers: grace,
    json: { kind: "image", prompt: "a lighthouse at dusk, mailed when done" },
  });
  expect(created.status).toBe(202);
  const renderId = created.body.renders[0]!.id;

  const mail = await waitFor(async () => mails.find((m) => decoded(m.raw).includes(renderId)), 30_000);
  expect(mail.to).toEqual([TEST_TEAM.grace.email]);
  const raw = decoded(mail.raw);
  expect(raw).toMatch(/^Subject: Your render finished: a lighthouse at dusk/m);
  expect(raw).toMatch(/^X-Message-Key: render:.+\|email\|/m);
  expect(raw).toMatch(/^List-Unsubscribe: +<http:\/\/dashboard\.test\/unsubscribe\?token=/m);
  expect(raw).toContain("Content-Type: text/plain");

  // The link is the render's page, and the render it names is Grace's.
  const link = /Open the render: (\S+)/.exec(raw)?.[1] ?? "";
  expect(link).toBe(`${PUBLIC_URL}/renders/${renderId}`);
  const opened = await stack.callJson<{ id: string; status: string }>(
    "GET",
    `/api/renders/${link.split("/").at(-1)}`,
    {
      headers: grace,
    },
  );
  expect(opened.body).toMatchObject({ id: renderId, status: "ready" });

  // Unsubscribing needs no session: the token is signed.
  const token = new URL(/Turn it off: (\S+)/.exec(raw)?.[1] ?? "").searchParams.get("token") ?? "";
  const forged = await stack.call("POST", "/api/notifications/unsubscribe", { json: { token: `${token}x` } });
  expect(forged.status).toBe(404);
  const unsubscribed = await stack.callJson("POST", "/api/notifications/unsubscribe", { json: { token } });
  expect(unsubscribed).toMatchObject({ status: 200, body: { kind: "render_finished" } });
  expect(await finishedChoice(grace)).toEqual({ kind: "render_finished", push: true, email: "off" });

  // Sent once, and nothing for a render finished after the kind was turned off.
  const again = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    headers: grace,
    json: { kind: "image", prompt: "a second lighthouse, not mailed" },
  });
  await waitFor(async () => {
    const r = await stack.callJson<{ status: string }>("GET", `/api/renders/${again.body.renders[0]!.id}`, {
      headers: grace,
    });
    return r.body.status === "ready" ? true : undefined;
  }, 30_000);
  expect(mails.filter((m) => decoded(m.raw).includes(renderId))).toHaveLength(1);
  expect(mails.filter((m) => m.to.includes(TEST_TEAM.grace.email))).toHaveLength(1);
});

test("an invite with an address is mailed to it, and its link joins the team", async () => {
  const email = "newcomer@example.com";
  const created = await stack.callJson<{ link: { path: string } }>("POST", "/api/invites", {
    headers: ada,
    json: { name: "Newcomer", email, role: "member" },
  });
  expect(created.status).toBe(201);
  const mail = await waitFor(async () => mails.find((m) => m.to.includes(email)), 15_000);
  const raw = decoded(mail.raw);
  expect(raw).toMatch(/^Subject: Ada invited you/m);
  const link = /Join the team: (\S+)/.exec(raw)?.[1] ?? "";
  expect(link).toBe(`${PUBLIC_URL}${created.body.link.path}`);
  const joined = await stack.call("POST", "/api/auth/join", {
    json: { token: link.split("/").at(-1), name: "Newcomer", password: "a newcomer's long password" },
  });
  expect(joined.status).toBe(201);
});
