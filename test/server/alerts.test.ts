/**
 * Budgets and spend alerts with sign-in on, against the real simulator, a real ledger file and a real
 * HTTP receiver for the webhook: the team's monthly budget refuses a render before the service with
 * its numbers, a member's cap and the budget notify once per crossing (in the dashboard and by
 * webhook, retried after the receiver's failures), the balance alert fires once per fall, and each
 * reader sees and dismisses only their own notices.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Account, Notice, NoticeList, RunDetail } from "@/lib/contract";
import { formatNumber } from "@/lib/domain/format";
import { getDb } from "@/lib/server/db/database";
import { monthlySpend } from "@/lib/server/ledger/members";
import { signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

/** What the webhook receiver got: each body, and the status it answered. */
interface Delivery {
  body: { text: string; crossingKey: string; notice: Notice };
  status: number;
}

let stack: Stack;
let receiver: Server;
const deliveries: Delivery[] = [];
/** The receiver answers 500 to this many requests before answering 200. */
let failuresLeft = 0;
let ids: Record<string, string> = {};
let cookies: Record<string, string> = {};

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const status = failuresLeft > 0 ? 500 : 200;
      if (failuresLeft > 0) failuresLeft -= 1;
      deliveries.push({
        body: JSON.parse(Buffer.concat(chunks).toString("utf8")) as Delivery["body"],
        status,
      });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const { port } = receiver.address() as AddressInfo;
  stack = await startStack({
    env: {
      AUTH_SECRET: "a-test-secret-that-is-long-enough-alerts",
      ALERT_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
    },
  });
  ({ ids, cookies } = await signedInMembers(stack));
});
afterAll(async () => {
  delete process.env.AUTH_SECRET;
  delete process.env.ALERT_WEBHOOK_URL;
  await stack.close();
  await new Promise((resolve) => receiver.close(resolve));
});

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

async function setTeam(patch: object) {
  expect((await stack.call("POST", "/api/team", { json: patch, ...as("Ada") })).status).toBe(200);
}

async function balance(): Promise<number> {
  return (await stack.callJson<Account>("GET", "/api/account", as("Ada"))).body.renderCreditsBalance;
}

const accepted = (key: string) => deliveries.filter((d) => d.body.crossingKey === key && d.status === 200);

describe("a member's cap", () => {
  test("80 % and then 100 % each make one notice and one webhook, retried after the receiver's failures", async () => {
    const grace = ids.Grace ?? "";
    const cap = 150;
    expect(
      (await stack.call("POST", `/api/members/${grace}`, { json: { monthlyCapCredits: cap }, ...as("Ada") }))
        .status,
    ).toBe(200);
    // The first two deliveries fail: the 80 % alert arrives on its third attempt.
    failuresLeft = 2;

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

    // It reaches the receiver once, after two 500s and the backoff (1 s, then 2 s).
    const keyOf = (notice: Notice) =>
      deliveries.find((d) => d.body.notice.id === notice.id)?.body.crossingKey;
    await waitFor(async () => (accepted(keyOf(at80) ?? "").length === 1 ? true : undefined), 10_000);
    const tries80 = deliveries.filter((d) => d.body.crossingKey === keyOf(at80));
    expect(tries80.map((d) => d.status)).toEqual([500, 500, 200]);
    expect(tries80[2]?.body).toMatchObject({ text: at80.message, notice: { id: at80.id, threshold: 80 } });

    const third = await render("Grace", video("seedance-fast", 5));
    expect(third.status).toBe(202);
    expect(spentAt80 + third.body.creditsCharged).toBe(cap);
    const at100 = await noticeFor("Grace", (n) => n.kind === "member_cap" && n.threshold === 100);
    expect(at100).toMatchObject({ spentCredits: cap, limitCredits: cap });
    await waitFor(async () => (accepted(keyOf(at100) ?? "").length === 1 ? true : undefined), 5_000);
    expect(accepted(keyOf(at100) ?? "")[0]?.body).toMatchObject({
      text: at100.message,
      notice: { id: at100.id },
    });

    // A refused render and a look later change nothing: still one notice and one delivery each.
    expect((await render("Grace", video("kling", 5))).body.error?.code).toBe("member_cap_reached");
    const graceCaps = (await noticesOf("Grace")).filter((n) => n.kind === "member_cap");
    expect(graceCaps.map((n) => n.threshold).sort()).toEqual([100, 80]);
    expect(deliveries.filter((d) => d.body.crossingKey === keyOf(at100))).toHaveLength(1);
    expect(deliveries.filter((d) => d.body.crossingKey === keyOf(at80))).toHaveLength(3);

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
  test("100 % makes an admins' notice; a render that would pass it is refused with the numbers, before the service", async () => {
    const db = await getDb(stack.databaseUrl);
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

describe("the webhook outbox", () => {
  test("a delivery still failing at a restart is sent after it, once", async () => {
    const lowBalance = async () => (await noticesOf("Ada")).filter((n) => n.kind === "low_balance");
    const known = new Set((await lowBalance()).map((n) => n.id));
    // Re-armed by a reading above a low threshold, then a fall: a new notice.
    await setTeam({ lowBalanceCredits: 1 });
    await balance();
    await waitFor(async () => {
      const { lowBalanceState } = await import("@/lib/server/ledger/notices");
      return (await lowBalanceState(await getDb(stack.databaseUrl))).armed || undefined;
    }, 5_000);
    failuresLeft = Number.POSITIVE_INFINITY;
    await setTeam({ lowBalanceCredits: (await balance()) + 1 });
    await balance();
    const notice = await noticeFor("Ada", (n) => n.kind === "low_balance" && !known.has(n.id));
    const tries = () => deliveries.filter((d) => d.body.notice.id === notice.id);
    await waitFor(async () => (tries().length > 0 ? true : undefined), 5_000);

    await stack.restart();
    failuresLeft = 0;
    const { getWebhookSender } = await import("@/lib/server/notices/spend-notices");
    await getWebhookSender();
    await waitFor(async () => (tries().some((d) => d.status === 200) ? true : undefined), 10_000);
    expect(tries().filter((d) => d.status === 200)).toHaveLength(1);
    expect(tries()[0]?.status).toBe(500);
    await setTeam({ lowBalanceCredits: null });
  });
});
