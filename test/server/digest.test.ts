/**
 * The daily digest with a real SMTP server in the test process and a clock the test sets: items a
 * member chose to get in the digest are mailed once, in one mail, at the day's digest time, each with
 * its link and its kind's unsubscribe link; a second run the same day sends nothing new, the next
 * day's holds only what came since, and a member with nothing gets nothing.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CreateRenderResult } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { emailTransport } from "@/lib/server/outbox/email";
import { gatherMessages } from "@/lib/server/outbox/gather";
import { OutboxSender } from "@/lib/server/outbox/sender";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";
import { decodedMail, MAIL_FROM, mailSettings, PUBLIC_URL, startSmtpReceiver } from "@/test/smtp-receiver";

const DAY_MS = 24 * 3_600_000;
let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let team: Awaited<ReturnType<typeof signedInMembers>>;
const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });
/** The sender's clock: the leader's digest runs at the time the test says. */
let now = Date.now();
let sender: OutboxSender;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  stack = await startStack({
    env: {
      AUTH_SECRET: "a-test-secret-that-is-long-enough-digest",
      ...mailSettings(smtp.url),
      // The digest time is this hour: a run now is past today's.
      DIGEST_HOUR: String(new Date().getUTCHours()),
    },
  });
  team = await signedInMembers(stack);
  const db = await getDb(stack.databaseUrl);
  sender = new OutboxSender({
    db,
    transports: { email: emailTransport(smtp.url, MAIL_FROM) },
    now: () => now,
    gather: (nowMs) => gatherMessages(db, nowMs),
    log: () => undefined,
  });
});
afterAll(async () => {
  await stack.close();
  await smtp.close();
});

const mailsTo = (name: keyof typeof TEST_TEAM) =>
  smtp.mails.filter((m) => m.to.includes(TEST_TEAM[name].email)).map((m) => decodedMail(m.raw));

async function comment(by: string, renderId: string, text: string) {
  const made = await stack.callJson<{ id: string }>("POST", `/api/renders/${renderId}/comments`, {
    ...as(by),
    json: { text },
  });
  expect(made.status).toBe(201);
  return made.body.id;
}

test("a day's items are mailed once in one digest, with their links; the next day's holds only what came since", async () => {
  const saved = await stack.call("PUT", "/api/account/notifications", {
    ...as("Grace"),
    json: { items: [{ kind: "mention", push: true, email: "digest" }] },
  });
  expect(saved.status).toBe(200);
  const made = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    ...as("Grace"),
    json: { kind: "image", prompt: "a lighthouse for the digest" },
  });
  const renderId = made.body.renders[0]!.id;
  const mention = await comment("Ada", renderId, "@Grace the beam is lovely");
  // A decision on her render: in the digest by default.
  expect(
    (
      await stack.call("PUT", `/api/renders/${renderId}/review`, {
        ...as("Ada"),
        json: { decision: "approve" },
      })
    ).status,
  ).toBe(200);

  now = Date.now();
  await sender.pass();
  await waitFor(async () => (mailsTo("grace").length > 0 ? true : undefined), 10_000);
  expect(mailsTo("grace")).toHaveLength(1);
  const digest = mailsTo("grace")[0]!;
  expect(digest).toMatch(/^Subject: Your daily digest: 2 updates/m);
  expect(digest).toMatch(/^X-Message-Key: digest:.+\|email\|/m);
  expect(digest).toContain("Ada mentioned you: @Grace the beam is lovely");
  expect(digest).toContain(`Open the comment: ${PUBLIC_URL}/?view=${renderId}&comment=${mention}`);
  expect(digest).toContain("Ada decided on your render: Approved");
  expect(digest).toMatch(
    /Turn off "I was mentioned" by email: http:\/\/dashboard\.test\/unsubscribe\?token=/,
  );
  expect(digest).toMatch(
    /Turn off "A decision on my render" by email: http:\/\/dashboard\.test\/unsubscribe\?token=/,
  );
  // Nobody else had anything for the digest: no mail at all.
  expect(smtp.mails.filter((m) => !m.to.includes(TEST_TEAM.grace.email))).toEqual([]);

  // Later the same day: nothing new is sent, even with a new item (it waits for tomorrow's).
  const later = await comment("Linus", renderId, "@Grace and the rocks too");
  now = Date.now() + 60_000;
  await sender.pass();
  await sender.pass();
  expect(mailsTo("grace")).toHaveLength(1);

  // The next day's digest holds only what came since the first.
  now += DAY_MS;
  await sender.pass();
  await waitFor(async () => (mailsTo("grace").length > 1 ? true : undefined), 10_000);
  const next = mailsTo("grace")[1]!;
  expect(next).toMatch(/^Subject: Your daily digest: 1 update$/m);
  expect(next).toContain(`comment=${later}`);
  expect(next).not.toContain("the beam is lovely");
  await sender.pass();
  expect(mailsTo("grace")).toHaveLength(2);
});
