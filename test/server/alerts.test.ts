/**
 * Budgets and spend alerts with sign-in on, against the real simulator, a real ledger file and a real
 * HTTP receiver for the team's chat: the team's monthly budget refuses a render before the service
 * with its numbers, a member's cap and the budget notify once per crossing (in the dashboard and, when
 * the team's chat carries spend, there, through the outbox, keyed by the crossing), the balance alert
 * fires once per fall, and each reader sees and dismisses only their own notices. A chat message the
 * receiver fails is sent again after the outbox's backoff (a settable clock), across a restart, with
 * the same key. Once per key with several processes is the outbox's (outbox-processes.postgres.test.ts).
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Account, Notice, NoticeList, RunDetail, TeamChat } from "@/lib/contract";
import { crossingKey, spendEvent, utcMonth } from "@/lib/domain/alerts";
import { formatNumber } from "@/lib/domain/format";
import { OUTBOX_RETRY, outboxKey } from "@/lib/domain/outbox";
import { chatText } from "@/lib/domain/team-chat";
import { getDb } from "@/lib/server/db/database";
import { monthlySpend } from "@/lib/server/ledger/members";
import { outboxMessage } from "@/lib/server/ledger/outbox";
import { chatTransport } from "@/lib/server/outbox/chat";
import { gatherMessages } from "@/lib/server/outbox/gather";
import { OutboxSender } from "@/lib/server/outbox/sender";
import { startReceiver } from "@/test/http-receiver";
import { startSender, stopSender } from "@/test/outbox-sender";
import { signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

/** What the team's chat received: each message's key, body, and the status it answered. */
interface Delivery {
  key: string;
  body: { text: string; crossingKey: string; notice: Notice };
  status: number;
}

let stack: Stack;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const statuses: number[] = [];
/** The receiver answers 500 to this many requests for a notice (by id) before answering 200. */
const failuresLeft = new Map<string, number>();
let ids: Record<string, string> = {};
let cookies: Record<string, string> = {};

beforeAll(async () => {
  receiver = await startReceiver((request, index) => {
    const { notice } = JSON.parse(request.body.toString("utf8")) as Delivery["body"];
    const left = failuresLeft.get(notice.id) ?? 0;
    failuresLeft.set(notice.id, Math.max(0, left - 1));
    statuses[index] = left > 0 ? 500 : 200;
    return statuses[index];
  });
  stack = await startStack({
    env: {
      AUTH_SECRET: "a-test-secret-that-is-long-enough-alerts",
      ALERT_WEBHOOK_URL: `${receiver.url}/hook`,
    },
  });
  ({ ids, cookies } = await signedInMembers(stack));
  await startSender();
});
afterAll(async () => {
  await stopSender();
  delete process.env.AUTH_SECRET;
  delete process.env.ALERT_WEBHOOK_URL;
  await stack.close();
  await receiver.close();
});

const deliveries = (): Delivery[] =>
  receiver.received.map((r, index) => ({
    key: String(r.headers["idempotency-key"]),
    body: JSON.parse(r.body.toString("utf8")) as Delivery["body"],
    status: statuses[index] ?? 0,
  }));

/** The chat message's key of a crossing: its event is the crossing. */
const chatKey = (crossing: string) => outboxKey(spendEvent(crossing), "chat", "team");

/** The leader's own pass (gathering the inbox's new items, then sending), now rather than at its next poll. */
const pass = async () => (await startSender()).pass();

/** Waits until the chat accepted the crossing's message, and answers what it got. */
async function chatOf(crossing: string): Promise<Delivery[]> {
  return waitFor(async () => {
    await pass();
    const tries = deliveries().filter((d) => d.key === chatKey(crossing));
    return tries.some((d) => d.status === 200) ? tries : undefined;
  }, 10_000);
}

const as = (name: string) => ({ headers: { cookie: cookies[name] ?? "" } });

const video = (model: string, durationSeconds: number) => ({
  kind: "video",
  prompt: `${model} for ${durationSeconds} s`,
  model,
  durationSeconds,
  resolution: "720p",
});

async function render(name: string, request: object) {
  return stack.callJson<{ creditsCharged: number; error?: { code: string; message: string } }>(
    "POST",
    "/api/renders",
    { json: request, ...as(name) },
  );
}

async function noticesOf(name: string): Promise<Notice[]> {
  const answer = await stack.callJson<NoticeList>("GET", "/api/notices", as(name));
  expect(answer.status).toBe(200);
  return answer.body.items;
}

/** Waits until `name` has a notice matching `match`, and returns it. */
async function noticeFor(name: string, match: (n: Notice) => boolean): Promise<Notice> {
  return waitFor(async () => (await noticesOf(name)).find(match), 5_000);
}

async function setChatKinds(kinds: string[]) {
  expect((await stack.call("PUT", "/api/team/chat", { json: { kinds }, ...as("Ada") })).status).toBe(200);
}

async function setTeam(patch: object) {
  expect((await stack.call("POST", "/api/team", { json: patch, ...as("Ada") })).status).toBe(200);
}

async function balance(): Promise<number> {
  return (await stack.callJson<Account>("GET", "/api/account", as("Ada"))).body.renderCreditsBalance;
}

describe("a member's cap", () => {
  test("80 % and then 100 % each make one notice and one chat message, keyed by the crossing", async () => {
    // Spend is a chat kind the team has until an admin unticks it (migration 027).
    const chat = await stack.callJson<TeamChat>("GET", "/api/team/chat", as("Ada"));
    expect(chat.body).toEqual({ kinds: ["spend"], available: true });
    const grace = ids.Grace ?? "";
    const cap = 150;
    expect(
      (await stack.call("POST", `/api/members/${grace}`, { json: { monthlyCapCredits: cap }, ...as("Ada") }))
        .status,
    ).toBe(200);

    const first = await render("Grace", video("kling", 6));
    expect(first.status).toBe(202);
    const second = await render("Grace", video("kling", 6));
    expect(second.status).toBe(202);
    const spentAt80 = first.body.creditsCharged + second.body.creditsCharged;
    expect(spentAt80 * 100).toBeGreaterThanOrEqual(80 * cap);

    const at80 = await noticeFor("Grace", (n) => n.kind === "member_cap" && n.threshold === 80);
    expect(at80).toMatchObject({
      member: { id: grace, name: "Grace" },
      spentCredits: spentAt80,
      limitCredits: cap,
    });
    expect(at80.message).toContain(`${formatNumber(spentAt80)} of ${formatNumber(cap)} credits`);

    // It reaches the chat once, with the body receivers read: its text, crossing key and notice.
    const month = utcMonth(new Date());
    const crossing80 = crossingKey({ kind: "member_cap", subject: grace, threshold: 80, month });
    expect(await chatOf(crossing80)).toMatchObject([
      { status: 200, body: { text: chatText(at80.message), crossingKey: crossing80, notice: at80 } },
    ]);

    const third = await render("Grace", video("seedance-fast", 5));
    expect(third.status).toBe(202);
    expect(spentAt80 + third.body.creditsCharged).toBe(cap);
    const at100 = await noticeFor("Grace", (n) => n.kind === "member_cap" && n.threshold === 100);
    expect(at100).toMatchObject({ spentCredits: cap, limitCredits: cap });
    const crossing100 = crossingKey({ kind: "member_cap", subject: grace, threshold: 100, month });
    expect(await chatOf(crossing100)).toMatchObject([
      { status: 200, body: { text: chatText(at100.message), notice: { id: at100.id } } },
    ]);

    // A refused render and a look later change nothing: still one notice and one message each.
    expect((await render("Grace", video("kling", 5))).body.error?.code).toBe("member_cap_reached");
    await pass();
    const graceCaps = (await noticesOf("Grace")).filter((n) => n.kind === "member_cap");
    expect(graceCaps.map((n) => n.threshold).sort()).toEqual([100, 80]);
    expect(deliveries().filter((d) => d.body.notice.id === at80.id)).toHaveLength(1);
    expect(deliveries().filter((d) => d.body.notice.id === at100.id)).toHaveLength(1);

    // Admins read it too; another member does not, and cannot dismiss it.
    expect((await noticesOf("Ada")).map((n) => n.id)).toEqual(expect.arrayContaining([at80.id, at100.id]));
    expect((await noticesOf("Linus")).map((n) => n.id)).not.toContain(at80.id);
    const foreign = await stack.callJson("POST", `/api/notices/${at80.id}/dismiss`, as("Linus"));
    expect(foreign).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });

    // Dismissed by Grace: gone from her list, still in Ada's.
    const dismissed = await stack.callJson("POST", `/api/notices/${at80.id}/dismiss`, as("Grace"));
    expect(dismissed).toMatchObject({ status: 200, body: { dismissed: true } });
    expect((await noticesOf("Grace")).map((n) => n.id)).toEqual([at100.id]);
    expect((await noticesOf("Ada")).map((n) => n.id)).toContain(at80.id);

    await stack.call("POST", `/api/members/${grace}`, { json: { monthlyCapCredits: null }, ...as("Ada") });
  });
});

describe("the team's monthly budget", () => {
  test("100 % makes an admins' notice, not posted to a chat that does not carry spend; a render that would pass it is refused with the numbers, before the service", async () => {
    const db = await getDb(stack.databaseUrl);
    await setChatKinds([]);
    const cheap = video("seedance-fast", 5);
    // Learn the price first, so the refusal below names an estimate.
    const learned = await render("Linus", cheap);
    expect(learned.status).toBe(202);
    const spent = await monthlySpend(db, null);
    const budget = spent + learned.body.creditsCharged;
    await setTeam({ monthlyBudgetCredits: budget });

    expect((await render("Linus", cheap)).status).toBe(202);
    const full = await noticeFor("Ada", (n) => n.kind === "team_budget" && n.threshold === 100);
    expect(full).toMatchObject({ member: null, spentCredits: budget, limitCredits: budget });
    expect((await noticesOf("Linus")).map((n) => n.kind)).not.toContain("team_budget");
    // The leader has sent its items on: nothing went to the chat.
    await pass();
    expect(deliveries().filter((d) => d.body.notice.id === full.id)).toEqual([]);
    await setChatKinds(["spend"]);

    const creates = (await stack.simStats()).creates.total;
    const refused = await render("Linus", cheap);
    expect(refused).toMatchObject({
      status: 403,
      body: {
        error: {
          code: "team_budget_reached",
          message: `This render (about ${formatNumber(learned.body.creditsCharged)} credits) would pass the team's monthly budget: ${formatNumber(budget)} of ${formatNumber(budget)} credits spent.`,
        },
      },
    });
    expect((await stack.simStats()).creates.total).toBe(creates);

    // A batch run's rows go through the same check: the first is refused and the run stops.
    const made = await stack.callJson<RunDetail>("POST", "/api/runs", {
      json: { name: "Past the budget", rows: [cheap, cheap] },
      ...as("Linus"),
    });
    expect(made.status).toBe(201);
    const run = await waitFor(async () => {
      const read = await stack.callJson<RunDetail>("GET", `/api/runs/${made.body.id}`, as("Linus"));
      return read.body.state === "running" ? undefined : read.body;
    }, 10_000);
    expect(run.state).toBe("cancelled");
    expect(run.rows[0]).toMatchObject({ state: "failed", requestId: null });
    expect(run.rows[0]?.error).toContain("would pass the team's monthly budget");
    expect((await stack.simStats()).creates.total).toBe(creates);
    await setTeam({ monthlyBudgetCredits: null });
  });
});

describe("the low-balance alert", () => {
  test("fires once per fall under the threshold, and again only after the balance was read above it", async () => {
    const lowBalance = () => noticesOf("Ada").then((all) => all.filter((n) => n.kind === "low_balance"));
    const before = await lowBalance();
    const start = await balance();
    await setTeam({ lowBalanceCredits: start - 20 });
    expect(await balance()).toBe(start);

    const spend = await render("Ada", video("kling", 5));
    expect(spend.status).toBe(202);
    const fell = await noticeFor(
      "Ada",
      (n) => n.kind === "low_balance" && !before.some((b) => b.id === n.id),
    );
    expect(fell).toMatchObject({
      threshold: start - 20,
      balanceCredits: start - spend.body.creditsCharged,
    });
    // Still under: another render and more readings add nothing.
    expect((await render("Ada", video("kling", 5))).status).toBe(202);
    await balance();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await lowBalance()).toHaveLength(before.length + 1);

    // Read above a lowered threshold (re-armed), then under a raised one: a second fall.
    const now = await balance();
    await setTeam({ lowBalanceCredits: now - 100 });
    await balance();
    await waitFor(async () => {
      const { lowBalanceState } = await import("@/lib/server/ledger/notices");
      return (await lowBalanceState(await getDb(stack.databaseUrl))).armed || undefined;
    }, 5_000);
    await setTeam({ lowBalanceCredits: now + 1 });
    await balance();
    const again = await noticeFor(
      "Ada",
      (n) => n.kind === "low_balance" && n.id !== fell.id && !before.some((b) => b.id === n.id),
    );
    expect(again).toMatchObject({ threshold: now + 1, balanceCredits: now });
    expect(await lowBalance()).toHaveLength(before.length + 2);
    // Balance notices are the admins'.
    expect((await noticesOf("Grace")).map((n) => n.kind)).not.toContain("low_balance");
    await setTeam({ lowBalanceCredits: null });
  });
});

describe("the team chat's outbox", () => {
  test("a spend alert the chat fails is sent again after the backoff, across a restart, with the same key, once", async () => {
    // A sender whose clock the test moves: the backoff passes without waiting for it.
    let ahead = 0;
    const clocked = async () => {
      const db = await getDb(stack.databaseUrl);
      return new OutboxSender({
        db,
        transports: { chat: chatTransport(`${receiver.url}/hook`) },
        now: () => Date.now() + ahead,
        gather: (nowMs) => gatherMessages(db, nowMs),
        log: () => undefined,
      });
    };
    await stopSender();
    const lowBalance = async () => (await noticesOf("Ada")).filter((n) => n.kind === "low_balance");
    const known = new Set((await lowBalance()).map((n) => n.id));
    // Re-armed by a reading above a low threshold, then a fall: a new notice.
    await setTeam({ lowBalanceCredits: 1 });
    await balance();
    await waitFor(async () => {
      const { lowBalanceState } = await import("@/lib/server/ledger/notices");
      return (await lowBalanceState(await getDb(stack.databaseUrl))).armed || undefined;
    }, 5_000);
    await setTeam({ lowBalanceCredits: (await balance()) + 1 });
    await balance();
    const notice = await noticeFor("Ada", (n) => n.kind === "low_balance" && !known.has(n.id));
    failuresLeft.set(notice.id, 1);
    const tries = () => deliveries().filter((d) => d.body.notice.id === notice.id);
    const before = await clocked();
    await waitFor(async () => {
      await before.pass();
      return tries().length > 0 ? true : undefined;
    }, 5_000);
    const key = tries()[0]?.key ?? "";
    expect(key).toBe(chatKey(tries()[0]?.body.crossingKey ?? ""));
    const db = await getDb(stack.databaseUrl);
    expect(await outboxMessage(db, key)).toMatchObject({ attempts: 1, sent_at: null });
    // Not due again before the backoff has passed.
    await before.pass();
    expect(tries()).toHaveLength(1);

    await stack.restart();
    ahead = OUTBOX_RETRY.firstDelayMs;
    const after = await clocked();
    await after.pass();
    await after.pass();
    expect(tries().map((d) => [d.status, d.key])).toEqual([
      [500, key],
      [200, key],
    ]);
    expect(tries()[1]?.body).toMatchObject({ text: chatText(notice.message), notice: { id: notice.id } });
    await setTeam({ lowBalanceCredits: null });
  });
});
