/**
 * The team's limits on what members make (lib/domain/limits.ts, `GET`/`POST /api/team/limits`),
 * against the real simulator and a real ledger: only admins read and change them; for every kind a
 * create past its count is refused 422 `limit_reached` and past its rate 429 `rate_limited` with
 * Retry-After, each message naming the limit and what to do; nothing is made when refused, and
 * raising the limit lets the next one through. Limits are set low through the admin route first.
 * With sign-in off, a member's limit is the team's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type {
  ApprovalList,
  Board,
  LimitsPatch,
  RunDetail,
  RunList,
  TeamLimits,
  AwaitingApprovalResult,
} from "@/lib/contract";
import { LIMIT_DEFAULTS, LIMIT_IDS } from "@/lib/domain/limits";
import {
  TEST_TEAM,
  signedInMembers,
  startStack,
  waitFor,
  type CallInit,
  type Stack,
  type TestMember,
} from "@/test/server-stack";

const MARGARET: TestMember = {
  email: "margaret@example.com",
  password: "a fourth long secret",
  name: "Margaret",
  role: "member",
};
const KATHERINE: TestMember = {
  email: "katherine@example.com",
  password: "a fifth long secret",
  name: "Katherine",
  role: "member",
};

const png = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
    "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4d5e20000000049454e44ae426082",
  "hex",
);
/** A render an approval rule set at 0 credits holds: its cost is above 0 or unknown. */
const VIDEO = { kind: "video", model: "kling", durationSeconds: 5, resolution: "720p" } as const;

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
/** A board to share, made before any limit is set. */
let sharedBoard: string;
/** A render the team comments on (made once, before the limits are tried). */
let sharedRender: string;
let made = 0;
const unique = (label: string) => `${label} ${++made}`;

const as = (name: string, init: CallInit = {}): CallInit => ({
  ...init,
  headers: { ...init.headers, cookie: team.cookies[name] ?? "" },
});

async function setLimits(patch: LimitsPatch) {
  const response = await stack.callJson<TeamLimits>("POST", "/api/team/limits", as("Ada", { json: patch }));
  expect(response.status).toBe(200);
  return response.body.limits;
}

const allDefaults = () => Object.fromEntries(LIMIT_IDS.map((id) => [id, null])) as LimitsPatch;

async function setTeam(patch: Record<string, unknown>) {
  expect((await stack.call("POST", "/api/team", as("Ada", { json: patch }))).status).toBe(200);
}

/** Makes one of each kind as `who`; the answer as it came. */
const MAKE = {
  board: (who: string) => stack.callJson("POST", "/api/boards", as(who, { json: { name: unique("Board") } })),
  preset: (who: string) =>
    stack.callJson("POST", "/api/presets", as(who, { json: { name: unique("Preset"), kind: "image" } })),
  share: (who: string) =>
    stack.callJson("POST", "/api/shares", as(who, { json: { kind: "board", id: sharedBoard } })),
  comment: (who: string) =>
    stack.callJson(
      "POST",
      `/api/renders/${sharedRender}/comments`,
      as(who, { json: { text: unique("Note") } }),
    ),
  token: (who: string) =>
    stack.callJson("POST", "/api/tokens", as(who, { json: { name: unique("Token"), scope: "read" } })),
  run: (who: string, rows: object[] = [{ kind: "image", prompt: unique("Run row") }]) =>
    stack.callJson<RunDetail>("POST", "/api/runs", as(who, { json: { rows } })),
  upload: (who: string) => {
    const body = new FormData();
    body.set("kind", "image");
    body.set("file", new Blob([png], { type: "image/png" }), "ref.png");
    return stack.callJson("POST", "/api/uploads", as(who, { body }));
  },
  render: (who: string, request: object = { kind: "image", prompt: unique("Render") }) =>
    stack.callJson<AwaitingApprovalResult>("POST", "/api/renders", as(who, { json: request })),
};

/** How many of each there are, as the routes list them to `who`. */
const COUNT = {
  comments: async () =>
    (
      await stack.callJson<{ review: { comments: number } }>(
        "GET",
        `/api/renders/${sharedRender}/comments`,
        as("Ada"),
      )
    ).body.review.comments,
  boards: async () =>
    (await stack.callJson<{ items: Board[] }>("GET", "/api/boards", as("Ada"))).body.items.length,
  presets: async () =>
    (await stack.callJson<{ items: unknown[] }>("GET", "/api/presets", as("Ada"))).body.items.length,
  shares: async (who: string) =>
    (await stack.callJson<{ items: unknown[] }>("GET", "/api/shares", as(who))).body.items.length,
  tokens: async (who: string) =>
    (await stack.callJson<{ items: unknown[] }>("GET", "/api/tokens", as(who))).body.items.length,
  runs: async (who: string) =>
    (await stack.callJson<RunList>("GET", "/api/runs", as(who))).body.items.filter(
      (r) => r.member?.name === who,
    ).length,
  waiting: async (who: string) =>
    (await stack.callJson<ApprovalList>("GET", "/api/approvals", as("Ada"))).body.items.filter(
      (a) => a.member?.name === who,
    ).length,
  uploads: async (who: string) =>
    (
      await stack.callJson<{ items: { member: { name: string } | null }[] }>(
        "GET",
        "/api/uploads?limit=100",
        as(who),
      )
    ).body.items.filter((u) => u.member?.name === who).length,
};

const refusal = (code: string, message: string) => ({ error: { code, message } });

describe("with sign-in on", () => {
  beforeAll(async () => {
    stack = await startStack({ env: { AUTH_SECRET: "limits-secret-that-is-long-enough-2468" } });
    team = await signedInMembers(stack, [...Object.values(TEST_TEAM), MARGARET, KATHERINE]);
    const board = await stack.callJson<Board>("POST", "/api/boards", as("Ada", { json: { name: "Shared" } }));
    sharedBoard = board.body.id;
    const render = await MAKE.render("Ada");
    sharedRender = (render.body as unknown as { renders: { id: string }[] }).renders[0]?.id ?? "";
  });
  afterAll(() => {
    delete process.env.AUTH_SECRET;
    return stack.close();
  });

  afterEach(async () => {
    await setLimits(allDefaults());
    await setTeam({ approvalAboveCredits: null });
  });

  test("admins read every limit with its default; a change keeps to what it names, null restores the default", async () => {
    const read = await stack.callJson<TeamLimits>("GET", "/api/team/limits", as("Ada"));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ limits: LIMIT_DEFAULTS, defaults: LIMIT_DEFAULTS });
    expect(LIMIT_DEFAULTS).toMatchObject({ tokensPerMember: 20, approvalsPerMember: 50, runsPerHour: 60 });

    expect(await setLimits({ boardsInTeam: 2_000, tokensPerMember: 5 })).toEqual({
      ...LIMIT_DEFAULTS,
      boardsInTeam: 2_000,
      tokensPerMember: 5,
    });
    expect(
      (await stack.callJson<TeamLimits>("GET", "/api/team/limits", as("Ada"))).body.limits,
    ).toMatchObject({
      boardsInTeam: 2_000,
      tokensPerMember: 5,
    });
    expect(await setLimits({ boardsInTeam: null })).toEqual({ ...LIMIT_DEFAULTS, tokensPerMember: 5 });

    for (const value of [0, 2.5, 1_000_001, "10"]) {
      const bad = await stack.callJson(
        "POST",
        "/api/team/limits",
        as("Ada", { json: { presetsInTeam: value } }),
      );
      expect(bad.status, String(value)).toBe(422);
      expect(bad.body).toMatchObject({ error: { code: "invalid_request", field: "presetsInTeam" } });
    }
    expect(
      (await stack.callJson<TeamLimits>("GET", "/api/team/limits", as("Ada"))).body.limits.presetsInTeam,
    ).toBe(LIMIT_DEFAULTS.presetsInTeam);
  });

  test("a member may neither read nor change the limits", async () => {
    expect((await stack.callJson("GET", "/api/team/limits", as("Grace"))).body).toMatchObject({
      error: { code: "forbidden" },
    });
    expect((await stack.call("GET", "/api/team/limits", as("Grace"))).status).toBe(403);
    const change = await stack.call("POST", "/api/team/limits", as("Grace", { json: { boardsInTeam: 1 } }));
    expect(change.status).toBe(403);
    expect(
      (await stack.callJson<TeamLimits>("GET", "/api/team/limits", as("Ada"))).body.limits.boardsInTeam,
    ).toBe(LIMIT_DEFAULTS.boardsInTeam);
  });

  test.each([
    ["boardsInTeam", "boards", COUNT.boards, MAKE.board],
    ["presetsInTeam", "presets", COUNT.presets, MAKE.preset],
  ] as const)(
    "%s: the team's count, for members and admins alike; raising it lets the next one through",
    async (id, things, count, make) => {
      const before = await count();
      await setLimits({ [id]: before + 2 });
      expect((await make("Grace")).status).toBe(201);
      expect((await make("Linus")).status).toBe(201);
      const refused = await make("Linus");
      expect(refused.status).toBe(422);
      const reached = `The team has ${before + 2} ${things}, the most it may have: delete one first`;
      expect(refused.body).toEqual(
        refusal("limit_reached", `${reached}, or ask an admin to raise the limit.`),
      );
      expect((await make("Ada")).body).toEqual(
        refusal("limit_reached", `${reached}, or raise the limit on the Team page.`),
      );
      expect(await count()).toBe(before + 2);
      await setLimits({ [id]: before + 3 });
      expect((await make("Linus")).status).toBe(201);
    },
  );

  test.each([
    ["sharesPerMember", "active share links", MAKE.share, COUNT.shares, "/api/shares"],
    ["tokensPerMember", "active API tokens", MAKE.token, COUNT.tokens, "/api/tokens"],
  ] as const)(
    "%s: each member's own; revoking frees a place, and a lowered limit says how many to revoke",
    async (id, things, make, count, route) => {
      await setLimits({ [id]: 2 });
      const first = await make("Grace");
      expect(first.status).toBe(201);
      expect((await make("Grace")).status).toBe(201);
      const refused = await make("Grace");
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual(
        refusal(
          "limit_reached",
          `You have 2 ${things}, the most a member may have: revoke one first, or ask an admin to raise the limit.`,
        ),
      );
      expect(await count("Grace")).toBe(2);
      // Another member's are their own.
      expect((await make("Linus")).status).toBe(201);

      const made = first.body as { share?: { id: string }; token?: { id: string } };
      const revoked = await stack.call("DELETE", `${route}/${(made.share ?? made.token)?.id}`, as("Grace"));
      expect(revoked.status).toBe(200);
      expect((await make("Grace")).status).toBe(201);

      await setLimits({ [id]: 1 });
      expect((await make("Grace")).body).toEqual(
        refusal(
          "limit_reached",
          `You have 2 ${things}, more than the 1 a member may have: revoke 2 first, or ask an admin to raise the limit.`,
        ),
      );
      await setLimits({ [id]: 3 });
      expect((await make("Grace")).status).toBe(201);
    },
  );

  test("batch runs: each member's runs in progress", async () => {
    // A row held for approval keeps its run in progress until an admin decides.
    await setTeam({ approvalAboveCredits: 0 });
    await setLimits({ runsInProgressPerMember: 1 });
    const first = await MAKE.run("Grace", [{ ...VIDEO, prompt: unique("Held run row") }]);
    expect(first.status).toBe(201);
    await waitFor(async () => {
      const run = (await stack.callJson<RunDetail>("GET", `/api/runs/${first.body.id}`, as("Grace"))).body;
      return run.rows[0]?.state === "created" ? run : undefined;
    }, 20_000);
    const runs = await COUNT.runs("Grace");
    const refused = await MAKE.run("Grace");
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(
      refusal(
        "limit_reached",
        "You have 1 batch run in progress, the most a member may have: cancel one or let one finish first, or ask an admin to raise the limit.",
      ),
    );
    expect(await COUNT.runs("Grace")).toBe(runs);

    expect((await stack.call("POST", `/api/runs/${first.body.id}/cancel`, as("Grace"))).status).toBe(200);
    expect((await MAKE.run("Grace")).status).toBe(201);
    await declineAll("Grace");
  });

  test("renders waiting for approval: each member's, from the form and the API", async () => {
    await setTeam({ approvalAboveCredits: 0 });
    await setLimits({ approvalsPerMember: 1 });
    const held = await MAKE.render("Linus", { ...VIDEO, prompt: unique("Held") });
    expect(held.status).toBe(202);
    expect(held.body.state).toBe("awaiting_approval");
    const creates = (await stack.simStats()).creates.total;
    const refused = await MAKE.render("Linus", { ...VIDEO, prompt: unique("Not held") });
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual(
      refusal(
        "limit_reached",
        "You have 1 render waiting for approval, the most a member may have: wait for an admin to approve or decline one first, or ask an admin to raise the limit.",
      ),
    );
    expect(await COUNT.waiting("Linus")).toBe(1);
    expect((await stack.simStats()).creates.total).toBe(creates);

    await declineAll("Linus");
    expect((await MAKE.render("Linus", { ...VIDEO, prompt: unique("Held again") })).status).toBe(202);
    await declineAll("Linus");
  });

  test("a batch run stops at the row the waiting-renders limit refuses, so it cannot fill the admins' queue", async () => {
    await setTeam({ approvalAboveCredits: 0 });
    await setLimits({ approvalsPerMember: 1 });
    const rows = [1, 2, 3].map((n) => ({ ...VIDEO, prompt: unique(`Queued row ${n}`) }));
    const run = await MAKE.run("Linus", rows);
    expect(run.status).toBe(201);
    const stopped = await ended(run.body.id, "Linus");
    const message =
      "You have 1 render waiting for approval, the most a member may have: wait for an admin to approve or decline one first, or ask an admin to raise the limit.";
    expect(stopped.stopReason).toBe(`Stopped at row 2: ${message}`);
    expect(stopped.rows.map((row) => [row.state, row.error])).toEqual([
      ["created", null],
      ["failed", message],
      ["cancelled", `Stopped at row 2: ${message}`],
    ]);
    expect(await COUNT.waiting("Linus")).toBe(1);
    await declineAll("Linus");
  });

  /** Each rate, reached by Margaret alone (she makes nothing else): one allowed, the next refused. */
  const RATES = [
    ["rendersPerMinute", "started 1 render in the last minute", () => MAKE.render("Margaret")],
    ["uploadsPerMinute", "uploaded 1 file in the last minute", () => MAKE.upload("Margaret")],
    ["boardsPerMinute", "made 1 board in the last minute", () => MAKE.board("Margaret")],
    ["presetsPerMinute", "saved 1 preset in the last minute", () => MAKE.preset("Margaret")],
    ["sharesPerMinute", "made 1 share link in the last minute", () => MAKE.share("Margaret")],
    ["tokensPerMinute", "made 1 API token in the last minute", () => MAKE.token("Margaret")],
    ["commentsPerMinute", "posted 1 comment in the last minute", () => MAKE.comment("Margaret")],
    ["runsPerHour", "started 1 batch run in the last hour", () => settledRun("Margaret")],
  ] as const;

  test.each(RATES)("%s: 429 with Retry-After, and nothing made", async (id, made, make) => {
    const before = await margaretsThings();
    await setLimits({ [id]: 1 });
    const first = await make();
    expect(first.status).toBeLessThan(300);
    const after = await margaretsThings();
    const refused = await make();
    expect(refused.status).toBe(429);
    const { retryAfterSeconds } = (refused.body as { error: { retryAfterSeconds: number } }).error;
    const window = id === "runsPerHour" ? 3_600 : 60;
    expect(retryAfterSeconds).toBeGreaterThan(window - 15);
    expect(retryAfterSeconds).toBeLessThanOrEqual(window);
    const wait =
      window === 60 ? `${retryAfterSeconds} seconds` : `${Math.ceil(retryAfterSeconds / 60)} minutes`;
    expect(refused.body).toEqual({
      error: {
        code: "rate_limited",
        message: `You have ${made}, the most a member may: try again in ${wait}, or ask an admin to raise the limit.`,
        retryAfterSeconds,
      },
    });
    expect(refused.headers.get("retry-after")).toBe(String(retryAfterSeconds));
    expect(await margaretsThings()).toEqual(after);
    expect(after).not.toEqual(before);

    await setLimits({ [id]: 2 });
    expect((await make()).status).toBeLessThan(300);
  });

  /** What Margaret has made, as the routes list it (and the creates the service saw). */
  async function margaretsThings() {
    return {
      boards: await COUNT.boards(),
      presets: await COUNT.presets(),
      shares: await COUNT.shares("Margaret"),
      tokens: await COUNT.tokens("Margaret"),
      runs: await COUNT.runs("Margaret"),
      uploads: await COUNT.uploads("Margaret"),
      comments: await COUNT.comments(),
      creates: (await stack.simStats()).creates.total,
    };
  }

  test("a batch run's rows do not count against the renders' rate: the run paces them", async () => {
    await setLimits({ rendersPerMinute: 1 });
    const run = await MAKE.run(
      "Katherine",
      [1, 2, 3].map((n) => ({ kind: "image", prompt: unique(`Paced ${n}`) })),
    );
    expect(run.status).toBe(201);
    const done = await ended(run.body.id, "Katherine");
    expect(done.state).toBe("done");
    expect(done.rows.map((row) => row.state)).toEqual(["ready", "ready", "ready"]);
    expect((await MAKE.render("Katherine")).status).toBe(202);
    expect((await MAKE.render("Katherine")).status).toBe(429);
  });
});

/** A run of one row made by `who`, once its row has ended (so what it made is all there). */
async function settledRun(who: string) {
  const run = await MAKE.run(who);
  if (run.status === 201) await ended(run.body.id, who);
  return run;
}

/** The run once it is no longer running. */
const ended = (id: string, who: string) =>
  waitFor(async () => {
    const detail = (await stack.callJson<RunDetail>("GET", `/api/runs/${id}`, as(who))).body;
    return detail.state === "running" ? undefined : detail;
  }, 30_000);

/** Declines every render of `who` still waiting for approval. */
async function declineAll(who: string) {
  const list = (await stack.callJson<ApprovalList>("GET", "/api/approvals", as("Ada"))).body.items;
  for (const approval of list.filter((a) => a.member?.name === who)) {
    const declined = await stack.call(
      "POST",
      `/api/approvals/${approval.id}/decline`,
      as("Ada", { json: {} }),
    );
    expect(declined.status).toBe(200);
  }
}

describe("with sign-in off", () => {
  let off: Stack;
  beforeAll(async () => {
    off = await startStack();
  });
  afterAll(() => off.close());

  test("a member's limits apply to the team as a whole, which may raise them", async () => {
    const board = await off.callJson<Board>("POST", "/api/boards", { json: { name: "Shared" } });
    expect(board.status).toBe(201);
    const limits = await off.callJson<TeamLimits>("POST", "/api/team/limits", {
      json: { sharesPerMember: 1, boardsPerMinute: 2 },
    });
    expect(limits.status).toBe(200);

    const share = () => off.callJson("POST", "/api/shares", { json: { kind: "board", id: board.body.id } });
    expect((await share()).status).toBe(201);
    expect((await share()).body).toEqual(
      refusal(
        "limit_reached",
        "The team has 1 active share link, the most a member may have (with sign-in off, the team counts as one member): revoke one first, or raise the limit on the Team page.",
      ),
    );

    expect((await off.call("POST", "/api/boards", { json: { name: "Second" } })).status).toBe(201);
    const refused = await off.callJson<{ error: { retryAfterSeconds: number } }>("POST", "/api/boards", {
      json: { name: "Third" },
    });
    expect(refused.status).toBe(429);
    const seconds = refused.body.error.retryAfterSeconds;
    expect(refused.body).toEqual({
      error: {
        code: "rate_limited",
        message: `The team has made 2 boards in the last minute, the most a member may (with sign-in off, the team counts as one member): try again in ${seconds} seconds, or raise the limit on the Team page.`,
        retryAfterSeconds: seconds,
      },
    });
  });
});
