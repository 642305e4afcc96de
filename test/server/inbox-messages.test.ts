/**
 * Every message is an inbox item first, over the routes with a real SMTP server in the test process:
 * a mention, a reply, a decision on my render, a render waiting for an admin's approval and a spend
 * notice each reach by email the member it is addressed to when they chose email at once, once per
 * event, channel and recipient (the key the mail carries), with a link to what it is about; a kind
 * only the inbox holds (a comment on my render) mails nobody.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CreateRenderResult, InboxList, NoticeList } from "@/lib/contract";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";
import { decodedMail, mailSettings, PUBLIC_URL, startSmtpReceiver } from "@/test/smtp-receiver";
import { startSender, stopSender } from "@/test/outbox-sender";

let stack: Stack;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let team: Awaited<ReturnType<typeof signedInMembers>>;
const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  stack = await startStack({
    env: {
      AUTH_SECRET: "a-test-secret-that-is-long-enough-inbox-mail",
      ...mailSettings(smtp.url),
    },
  });
  team = await signedInMembers(stack);
  await sender();
});
afterAll(async () => {
  await stopSender();
  await stack.close();
  await smtp.close();
});

const messageKey = (raw: string) => /^X-Message-Key: (.+?)\r?$/m.exec(raw)?.[1] ?? "";

/** The mails to the member whose key names the inbox item's source (`inbox:<source>|email|<member>`). */
function mailsOf(member: keyof typeof TEST_TEAM, sourceStart: string): string[] {
  const { email, name } = TEST_TEAM[member];
  return smtp.mails
    .filter((m) => m.to.includes(email))
    .map((m) => decodedMail(m.raw))
    .filter((raw) => {
      const key = messageKey(raw);
      return key.startsWith(`inbox:${sourceStart}`) && key.endsWith(`|email|${team.ids[name]}`);
    });
}

const sender = startSender;

/** Waits for the mail to the member of the item whose source key starts so, and answers it. */
async function mailOf(member: keyof typeof TEST_TEAM, sourceStart: string): Promise<string> {
  const [mail] = await waitFor(async () => {
    // The leader's own pass, now rather than at its next poll.
    await (await sender()).pass();
    const found = mailsOf(member, sourceStart);
    return found.length > 0 ? found : undefined;
  }, 20_000);
  return mail ?? "";
}

/** The newest inbox item of `name` of this kind. */
async function newestItem(name: string, kind: string) {
  return waitFor(async () => {
    const inbox = await stack.callJson<InboxList>("GET", "/api/inbox", as(name));
    return inbox.body.items.find((item) => item.kind === kind);
  }, 10_000);
}

async function chooseImmediate(name: string, kind: string) {
  const saved = await stack.call("PUT", "/api/account/notifications", {
    ...as(name),
    json: { items: [{ kind, push: true, email: "immediate" }] },
  });
  expect(saved.status).toBe(200);
}

test("a mention, a reply and a decision mail who they are for, once, linking to the comment or render", async () => {
  await chooseImmediate("Ada", "decision");
  const made = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    ...as("Ada"),
    json: { kind: "image", prompt: "a harbour to review by mail" },
  });
  const renderId = made.body.renders[0]!.id;

  const thread = await stack.callJson<{ id: string }>("POST", `/api/renders/${renderId}/comments`, {
    ...as("Grace"),
    json: { text: "@Linus what do you make of the masts?" },
  });
  expect(thread.status).toBe(201);
  const mention = await mailOf("linus", `comment:${thread.body.id}`);
  expect(mention).toMatch(/^Subject: Grace mentioned you: @Linus what do you make of the masts\?/m);
  const link = /Open the comment: (\S+)/.exec(mention)?.[1] ?? "";
  expect(link).toBe(`${PUBLIC_URL}/?view=${renderId}&comment=${thread.body.id}`);
  expect(mention).toMatch(/Turn it off: http:\/\/dashboard\.test\/unsubscribe\?token=/);

  const reply = await stack.callJson<{ id: string }>("POST", `/api/renders/${renderId}/comments`, {
    ...as("Linus"),
    json: { text: "They lean a little.", parentId: thread.body.id },
  });
  expect(reply.status).toBe(201);
  expect(await mailOf("grace", `comment:${reply.body.id}`)).toMatch(
    /^Subject: Linus replied in your thread: They lean a little\./m,
  );

  const decided = await stack.call("PUT", `/api/renders/${renderId}/review`, {
    ...as("Grace"),
    json: { decision: "approve" },
  });
  expect(decided.status).toBe(200);
  const decision = await mailOf("ada", `decision:${renderId}:${team.ids.Grace}:`);
  expect(decision).toMatch(/^Subject: Grace decided on your render: Approved/m);

  // Once each, however often the leader passes over the inbox; Ada's inbox also holds the two
  // comments on her render, a kind no channel carries: her one mail is the decision.
  await (await sender()).pass();
  await (await sender()).pass();
  expect(mailsOf("linus", `comment:${thread.body.id}`)).toHaveLength(1);
  const adaMails = () => smtp.mails.filter((m) => m.to.includes(TEST_TEAM.ada.email));
  expect(adaMails()).toHaveLength(1);
});

test("a render held for approval and a spend notice mail the admins", async () => {
  const rules = await stack.call("POST", "/api/team", {
    ...as("Ada"),
    json: { approvalAboveCredits: 1, approvalForUnknownCost: true },
  });
  expect(rules.status).toBe(200);
  const held = await stack.callJson<{ state: string; id: string }>("POST", "/api/renders", {
    ...as("Grace"),
    json: { kind: "video", model: "kling", resolution: "720p", durationSeconds: 5, prompt: "a held harbour" },
  });
  expect(held.body.state).toBe("awaiting_approval");
  const approval = await newestItem("Ada", "approval_waiting");
  const waiting = await mailOf("ada", `approval:${approval.renderId}`);
  expect(waiting).toMatch(/^Subject: Grace's render waits for your approval: a held harbour/m);
  expect(/Open the approvals: (\S+)/.exec(waiting)?.[1]).toBe(`${PUBLIC_URL}/approvals`);

  // The balance read under a threshold above it: the admins' low-balance notice.
  const account = await stack.callJson<{ renderCreditsBalance: number }>("GET", "/api/account", as("Ada"));
  await stack.call("POST", "/api/team", {
    ...as("Ada"),
    json: { lowBalanceCredits: account.body.renderCreditsBalance + 1_000 },
  });
  const spend = await waitFor(async () => {
    await stack.call("GET", "/api/account", as("Ada"));
    const notices = await stack.callJson<NoticeList>("GET", "/api/notices", as("Ada"));
    return notices.body.items.find((n) => n.kind === "low_balance");
  }, 20_000);
  const notice = await mailOf("ada", `notice:${spend.id}`);
  expect(notice).toMatch(/Open usage: http:\/\/dashboard\.test\/usage/);
});
