/**
 * Approval before spending (docs/architecture.md) with sign-in on, against the real simulator and a
 * real ledger file: a member's render above the team's threshold waits with nothing sent; an admin
 * approves it (one create) or declines it (none, the note kept); two decisions at once let exactly
 * one through; members cannot see or decide the queue.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type {
  Approval,
  ApprovalList,
  ApprovalStarted,
  AwaitingApprovalResult,
  CreateRenderResult,
  LedgerRender,
  RunDetail,
} from "@/lib/contract";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });
const HEDY = {
  email: "hedy@example.com",
  password: "a fourth long secret",
  name: "Hedy",
  role: "admin",
} as const;

/** A kling render: priced per second, so once one is charged the next has an estimate. */
const kling = (prompt: string) => ({
  kind: "video",
  model: "kling",
  resolution: "720p",
  durationSeconds: 5,
  prompt,
});

const creates = async () => (await stack.simStats()).creates.total;

async function held(prompt: string, key?: string): Promise<AwaitingApprovalResult> {
  const response = await stack.callJson<AwaitingApprovalResult>("POST", "/api/renders", {
    headers: { ...as("Grace").headers, ...(key && { "idempotency-key": key }) },
    json: kling(prompt),
  });
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(response.body.state).toBe("awaiting_approval");
  return response.body;
}

const decide = (who: string, id: string, verb: "approve" | "decline", note?: string) =>
  stack.callJson<ApprovalStarted | Approval | { error: { code: string; message: string } }>(
    "POST",
    `/api/approvals/${id}/${verb}`,
    { ...as(who), json: note === undefined ? {} : { note } },
  );

const renderOf = async (id: string) =>
  (await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`, as("Grace"))).body;

let charged: number;

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "approvals-secret-long-enough-8642" } });
  team = await signedInMembers(stack, [...Object.values(TEST_TEAM), HEDY]);
  const rules = await stack.callJson("POST", "/api/team", {
    ...as("Ada"),
    json: { approvalAboveCredits: 1, approvalForUnknownCost: true },
  });
  expect(rules.status).toBe(200);
  // An admin's own render is not held, and teaches the estimate of the ones below.
  const before = await creates();
  const admins = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    ...as("Ada"),
    json: kling("approvals: the admin's own harbour"),
  });
  expect(admins.status).toBe(202);
  expect(admins.body.ids.length).toBeGreaterThan(0);
  expect(await creates()).toBe(before + 1);
  charged = admins.body.creditsCharged;
  expect(charged).toBeGreaterThan(1);
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  return stack.close();
});

test("a member's render above the threshold waits: nothing sent, its card says so with the estimate", async () => {
  const before = await creates();
  const waiting = await held("approvals: a lighthouse in fog");
  expect(waiting.estimateCredits).toBe(charged);
  expect(await creates()).toBe(before);
  const card = await renderOf(waiting.requestId);
  expect(card.status).toBe("awaiting_approval");
  expect(card.creditsCharged).toBe(0);
  expect(card.errorMessage).toContain(String(charged));

  const queue = await stack.callJson<ApprovalList>("GET", "/api/approvals", as("Ada"));
  const item = queue.body.items.find((a) => a.id === waiting.requestId);
  expect(item).toMatchObject({
    member: { id: team.ids.Grace, name: "Grace" },
    model: "kling",
    prompt: "approvals: a lighthouse in fog",
    estimateCredits: charged,
    decision: null,
  });
  expect(item?.params).toMatchObject({ durationSeconds: 5, resolution: "720p" });
});

test("the same Idempotency-Key answers the waiting request again, without a second one", async () => {
  const key = "approvals-replay-1";
  const first = await held("approvals: a replayed kite", key);
  const again = await held("approvals: a replayed kite", key);
  expect(again.requestId).toBe(first.requestId);
});

test("members get 403 on the queue and on decisions", async () => {
  const waiting = await held("approvals: not yours to approve");
  expect((await stack.call("GET", "/api/approvals", as("Grace"))).status).toBe(403);
  expect((await decide("Linus", waiting.requestId, "approve")).status).toBe(403);
  expect((await decide("Grace", waiting.requestId, "decline")).status).toBe(403);
  expect((await renderOf(waiting.requestId)).status).toBe("awaiting_approval");
});

test("an approval sends the create exactly once, and the card becomes the render", async () => {
  const waiting = await held("approvals: approved once");
  const before = await creates();
  const approved = await decide("Ada", waiting.requestId, "approve", "Fine by me");
  expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  const body = approved.body as ApprovalStarted;
  expect(body.approval).toMatchObject({
    decision: "approved",
    note: "Fine by me",
    decidedBy: { name: "Ada" },
  });
  expect(await creates()).toBe(before + 1);
  const [started] = body.render.renders;
  expect(started?.requestId).toBe(waiting.requestId);
  const finished = await waitFor(async () => {
    const render = await renderOf(started?.id ?? "");
    return render.status === "ready" ? render : undefined;
  }, 20_000);
  expect(finished.creditsCharged).toBeGreaterThan(0);
  // The placeholder went when the service answered; the queue no longer lists it.
  expect((await stack.call("GET", `/api/renders/${waiting.requestId}`, as("Grace"))).status).toBe(404);
  const queue = await stack.callJson<ApprovalList>("GET", "/api/approvals", as("Ada"));
  expect(queue.body.items.map((a) => a.id)).not.toContain(waiting.requestId);

  const late = await decide("Ada", waiting.requestId, "approve");
  expect(late.status).toBe(409);
  expect(late.body).toMatchObject({ error: { code: "approval_decided" } });
  expect(await creates()).toBe(before + 1);
});

test("two admins approving at once: one create, and the other gets a 409 saying who approved", async () => {
  const waiting = await held("approvals: two admins at once");
  const before = await creates();
  const answers = await Promise.all([
    decide("Ada", waiting.requestId, "approve"),
    decide("Hedy", waiting.requestId, "approve"),
  ]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const winner = (answers.find((a) => a.status === 200)?.body as ApprovalStarted).approval.decidedBy?.name;
  const loser = answers.find((a) => a.status === 409)?.body as { error: { code: string; message: string } };
  expect(loser.error.code).toBe("approval_decided");
  expect(loser.error.message).toContain(`approved by ${winner}`);
  expect(await creates()).toBe(before + 1);
});

describe("an approval racing a decline", () => {
  test.each([0, 1, 2, 3])(
    "sends at most one create and ends in one consistent state (round %i)",
    async (round) => {
      const waiting = await held(`approvals: approve or decline, round ${round}`);
      const before = await creates();
      const [approve, decline] = await Promise.all([
        decide("Ada", waiting.requestId, "approve"),
        decide("Hedy", waiting.requestId, "decline", "Racing"),
      ]);
      expect([approve.status, decline.status].sort()).toEqual([200, 409]);
      const sent = (await creates()) - before;
      const queue = await stack.callJson<ApprovalList>("GET", "/api/approvals", as("Ada"));
      expect(queue.body.items.map((a) => a.id)).not.toContain(waiting.requestId);
      if (approve.status === 200) {
        expect(sent).toBe(1);
        expect((approve.body as ApprovalStarted).approval.decision).toBe("approved");
      } else {
        expect(sent).toBe(0);
        expect((await renderOf(waiting.requestId)).status).toBe("declined");
      }
    },
  );
});

test("a decline is never sent and keeps the note, on the card and for a replayed key", async () => {
  const key = "approvals-declined-1";
  const waiting = await held("approvals: a very long drive", key);
  const before = await creates();
  const declined = await decide("Ada", waiting.requestId, "decline", "Try 3 s first");
  expect(declined.status).toBe(200);
  expect(declined.body).toMatchObject({
    decision: "declined",
    note: "Try 3 s first",
    decidedBy: { name: "Ada" },
  });
  const card = await renderOf(waiting.requestId);
  expect(card.status).toBe("declined");
  expect(card.errorMessage).toBe("Declined by Ada: Try 3 s first");
  const replay = await stack.callJson<{ error: { code: string; message: string } }>("POST", "/api/renders", {
    headers: { ...as("Grace").headers, "idempotency-key": key },
    json: kling("approvals: a very long drive"),
  });
  expect(replay.status).toBe(409);
  expect(replay.body.error).toEqual({ code: "approval_decided", message: "Declined by Ada: Try 3 s first" });
  expect((await decide("Hedy", waiting.requestId, "approve")).status).toBe(409);
  expect(await creates()).toBe(before);
});

test("the member's cap is checked again at approval: over it, nothing is sent and it still waits", async () => {
  const waiting = await held("approvals: over the cap by approval time");
  const setCap = (monthlyCapCredits: number | null) =>
    stack.call("POST", `/api/members/${team.ids.Grace}`, { ...as("Ada"), json: { monthlyCapCredits } });
  expect((await setCap(0)).status).toBe(200);
  const before = await creates();
  const refused = await decide("Ada", waiting.requestId, "approve");
  expect(refused.status).toBe(403);
  expect(refused.body).toMatchObject({ error: { code: "member_cap_reached" } });
  expect((refused.body as { error: { message: string } }).error.message).toContain("Grace's monthly cap");
  expect(await creates()).toBe(before);
  expect((await renderOf(waiting.requestId)).status).toBe("awaiting_approval");
  expect((await setCap(null)).status).toBe(200);
  expect((await decide("Ada", waiting.requestId, "approve")).status).toBe(200);
  expect(await creates()).toBe(before + 1);
});

test("a render of unknown cost waits only when the team asks for it", async () => {
  const seedance = { kind: "video", model: "seedance", resolution: "480p", durationSeconds: 5 };
  const unknown = await stack.callJson<AwaitingApprovalResult>("POST", "/api/renders", {
    ...as("Linus"),
    json: { ...seedance, prompt: "approvals: a cost nobody knows" },
  });
  expect(unknown.status).toBe(202);
  expect(unknown.body).toMatchObject({ state: "awaiting_approval", estimateCredits: null });
  await stack.call("POST", "/api/team", { ...as("Ada"), json: { approvalForUnknownCost: false } });
  const before = await creates();
  const sent = await stack.callJson<CreateRenderResult>("POST", "/api/renders", {
    ...as("Linus"),
    json: { ...seedance, prompt: "approvals: a cost nobody knows, sent" },
  });
  expect(sent.status).toBe(202);
  expect(sent.body.ids.length).toBeGreaterThan(0);
  expect(await creates()).toBe(before + 1);
});

test("an unknown id is 404 and a malformed one 422", async () => {
  expect((await decide("Ada", "req_nosuchrequest", "approve")).status).toBe(404);
  expect((await decide("Ada", "not-a-request", "decline")).status).toBe(422);
});

test("a batch run's rows over the threshold wait on their own cards, and the run goes on", async () => {
  const before = await creates();
  const rows = [kling("approvals: run row one"), kling("approvals: run row two")];
  const run = await stack.callJson<RunDetail>("POST", "/api/runs", {
    ...as("Grace"),
    json: { name: "Held rows", rows },
  });
  expect(run.status).toBe(201);
  const sent = await waitFor(async () => {
    const detail = (await stack.callJson<RunDetail>("GET", `/api/runs/${run.body.id}`, as("Grace"))).body;
    return detail.rows.every((row) => row.state === "created") ? detail : undefined;
  }, 20_000);
  expect(await creates()).toBe(before);
  const requestIds = sent.rows.map((row) => row.requestId ?? "");
  for (const id of requestIds) expect((await renderOf(id)).status).toBe("awaiting_approval");

  const [first, second] = requestIds as [string, string];
  expect((await decide("Ada", first, "approve")).status).toBe(200);
  expect((await decide("Ada", second, "decline", "One is enough")).status).toBe(200);
  expect(await creates()).toBe(before + 1);
  expect((await renderOf(second)).status).toBe("declined");
});
