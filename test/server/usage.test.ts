/**
 * Usage and spend (docs/api.md, "Usage") with sign-in on, against the real simulator and a real
 * ledger file: renders of two models by two members, added up per UTC day, model and member; what
 * an admin and a member each see; boards; the forecast from the service's own balance; and the
 * query's refusals.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender, Usage } from "@/lib/contract";
import { sumCells, utcDay } from "@/lib/domain/usage";
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { getDb } from "@/lib/server/db/database";
import { beginRequest, failRequest, type BeginRequestInput } from "@/lib/server/ledger/renders";
import { expectUsageOfRenders } from "@/test/usage-reference";
import { TEAM_KEY, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });
const today = utcDay(Date.now());

async function render(who: string, json: Record<string, unknown>): Promise<LedgerRender[]> {
  const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
    ...as(who),
    json,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return created.body.renders;
}

const usage = async (who: string, query = "") => {
  const response = await stack.callJson<Usage>("GET", `/api/usage${query}`, as(who));
  expect(response.status).toBe(200);
  return response.body;
};

let graceVideo: LedgerRender;
let linusFailed: LedgerRender;
/** A render moved to the last millisecond of a day long ago, to see which day it counts on. */
let lateNight: LedgerRender;

beforeAll(async () => {
  stack = await startStack({
    timeScale: 0.01,
    env: { AUTH_SECRET: "usage-secret-that-is-long-enough-2468" },
  });
  team = await signedInMembers(stack);
  [graceVideo] = (await render("Grace", {
    kind: "video",
    model: "kling",
    resolution: "720p",
    durationSeconds: 5,
    prompt: "usage: a kite over dunes",
  })) as [LedgerRender];
  await render("Grace", { kind: "image", prompt: "usage: a pear", imageCount: 2 });
  [linusFailed] = (await render("Linus", {
    kind: "video",
    model: "veo-3.1-fast",
    durationSeconds: 4,
    prompt: "[fail] usage: a refunded wave",
  })) as [LedgerRender];
  [lateNight] = (await render("Linus", {
    kind: "video",
    model: "veo-3.1-fast",
    durationSeconds: 4,
    prompt: "usage: late at night",
  })) as [LedgerRender];
  await waitFor(async () => {
    const { body } = await stack.callJson<{ items: LedgerRender[] }>(
      "GET",
      "/api/renders?limit=100",
      as("Ada"),
    );
    return body.items.length === 5 && body.items.every((r) => isFinalLedgerStatus(r.status))
      ? true
      : undefined;
  }, 30_000);
  const db = await getDb(stack.databaseUrl);
  await db
    .updateTable("renders")
    .set({ created_at: "2026-03-01T23:59:59.999Z" })
    .where("id", "=", lateNight.id)
    .execute();
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  return stack.close();
});

/** Every render as the simulator charged and refunded it: the truth the totals must match. */
async function simulatorTotals(ids: string[]) {
  const renders = (await stack.simStats()).renders.filter((r) => ids.includes(r.id));
  return {
    charged: renders.reduce((sum, r) => sum + r.creditsCharged, 0),
    refunded: renders.reduce((sum, r) => sum + r.creditsRefunded, 0),
  };
}

describe("what an admin sees", () => {
  test("the team's renders of today, per model and member, add up to what the service charged", async () => {
    const result = await usage("Ada");
    expect(result).toMatchObject({ scope: "team", timeZone: "UTC", to: today });
    const cells = result.cells.filter((c) => c.day === today);
    const { body } = await stack.callJson<{ items: LedgerRender[] }>(
      "GET",
      "/api/renders?limit=100",
      as("Ada"),
    );
    const todays = body.items.filter((r) => r.id !== lateNight.id);
    const truth = await simulatorTotals(todays.map((r) => r.id));
    expect(truth.charged).toBeGreaterThan(0);
    expect(truth.refunded).toBeGreaterThan(0);
    expect(sumCells(cells)).toMatchObject({ ...truth, net: truth.charged - truth.refunded, renders: 4 });
    const byMember = new Set(cells.map((c) => c.memberName));
    expect(byMember).toEqual(new Set(["Grace", "Linus"]));
    const kling = cells.find((c) => c.model === "kling");
    expect(kling).toMatchObject({ memberName: "Grace", charged: graceVideo.creditsCharged, renders: 1 });
    const veo = cells.find((c) => c.model === "veo-3.1-fast" && c.memberName === "Linus");
    expect(veo).toMatchObject({ failures: 1, failureRefunds: veo?.refunded });
    expect(veo?.refunded).toBe(linusFailed.creditsCharged);
  });

  test("a render counts on the UTC day it was requested, to its last millisecond", async () => {
    const result = await usage("Ada", "?from=2026-03-01&to=2026-03-02");
    expect(result.cells).toEqual([
      expect.objectContaining({ day: "2026-03-01", model: "veo-3.1-fast", memberName: "Linus", renders: 1 }),
    ]);
    expect((await usage("Ada", "?from=2026-03-02&to=2026-03-02")).cells).toEqual([]);
  });

  test("every member's month against their cap, and the balance's forecast from the service's account", async () => {
    const result = await usage("Ada");
    expect(result.members.map((m) => m.name).sort()).toEqual(["Ada", "Grace", "Linus"]);
    const grace = result.members.find((m) => m.name === "Grace");
    const graceToday = sumCells(result.cells.filter((c) => c.memberName === "Grace"));
    expect(grace?.spentThisMonth).toBe(graceToday.net);
    const account = await fetch(`${stack.simulator.url}/api/v1/account`, {
      headers: { authorization: `Bearer ${TEAM_KEY}` },
    }).then((r) => r.json() as Promise<{ renderCreditsBalance: number; monthlyGrant: number }>);
    expect(result.forecast).toMatchObject({
      balance: account.renderCreditsBalance,
      monthlyGrant: account.monthlyGrant,
    });
    // Today's spend is within the last 7 days: it sets the rate.
    const lastWeek = sumCells(result.cells.filter((c) => c.day === today)).net;
    expect(result.forecast?.burnPerDay).toBeCloseTo(lastWeek / 7, 5);
  });

  test("boards: the spend of the renders on each", async () => {
    const board = await stack.callJson<{ id: string }>("POST", "/api/boards", {
      ...as("Grace"),
      json: { name: "Usage board" },
    });
    await stack.call("POST", `/api/boards/${board.body.id}/renders`, {
      ...as("Grace"),
      json: { ids: [graceVideo.id], action: "add" },
    });
    expect((await usage("Ada")).boards).toEqual([
      {
        id: board.body.id,
        name: "Usage board",
        charged: graceVideo.creditsCharged,
        refunded: 0,
        renders: 1,
      },
    ]);
  });
});

describe("what a member sees", () => {
  test("only their own spend and cap, no team forecast", async () => {
    const result = await usage("Linus", "?from=2026-01-01&to=" + today);
    expect(result.scope).toBe("member");
    expect(new Set(result.cells.map((c) => c.memberName))).toEqual(new Set(["Linus"]));
    expect(result.members.map((m) => m.name)).toEqual(["Linus"]);
    expect(result.forecast).toBeNull();
  });
});

describe("the day sums the page reads", () => {
  test("equal the renders added up, after creates, a refund, a render moved to another day, placeholders and a board's changes", async () => {
    const db = await getDb(stack.databaseUrl);
    const board = await stack.callJson<{ id: string }>("POST", "/api/boards", {
      ...as("Linus"),
      json: { name: "Day sums board" },
    });
    const places = (ids: string[], action: "add" | "remove") =>
      stack.call("POST", `/api/boards/${board.body.id}/renders`, { ...as("Linus"), json: { ids, action } });
    await places([linusFailed.id, lateNight.id, graceVideo.id], "add");
    await places([graceVideo.id], "remove");
    // Creates whose placeholder the service refused (it goes) or never answered (it stays, unknown).
    const placeholder = (id: string): BeginRequestInput => ({
      id,
      idempotencyKey: null,
      bodyHash: id,
      request: { kind: "video", model: "kling", resolution: "720p", durationSeconds: 5, prompt: id },
      timingKey: "video:kling",
      expectedSeconds: 30,
      madeBy: { id: team.ids.Grace ?? "", name: "Grace" },
      owner: null,
    });
    const error = { error: { code: "upstream_unavailable", message: "no answer" } } as const;
    await beginRequest(db, placeholder("req_day_sums_refused"));
    await failRequest(db, "req_day_sums_refused", "rejected", error);
    await beginRequest(db, placeholder("req_day_sums_unknown"));
    await failRequest(db, "req_day_sums_unknown", "unknown", error);

    for (const scope of [
      { from: "2026-01-01", to: today },
      { from: "2026-03-01", to: "2026-03-01" },
      { from: "2026-01-01", to: today, memberId: team.ids.Linus },
    ])
      await expectUsageOfRenders(db, scope);
  });
});

describe("the query", () => {
  test.each([
    ["?from=2026-02-30", "from"],
    ["?from=2026-03-05&to=2026-03-01", "to"],
    ["?from=2024-01-01&to=2026-01-01", "from"],
    ["?to=yesterday", "to"],
    ["?from=&to=", "from"],
    ["?from=9999-12-31", "from"],
  ])("%s is refused naming %s", async (query, field) => {
    const response = await stack.callJson<{ error: { code: string; field?: string } }>(
      "GET",
      `/api/usage${query}`,
      as("Ada"),
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: "invalid_request", field });
  });

  test("without a session: 401", async () => {
    expect((await stack.call("GET", "/api/usage")).status).toBe(401);
  });
});
