/**
 * The OpenAPI document (`GET /api/openapi.json`): valid OpenAPI 3.1, listing exactly the routes and
 * methods app/api holds, and a real run against the simulator, sign-in on, whose every answer
 * matches the schema the document gives for its status.
 */
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type {
  Comment,
  CommentThreadList,
  InboxList,
  InboxUnread,
  ReviewSummary,
  ApprovalList,
  AwaitingApprovalResult,
  Board,
  BoardList,
  BoardRendersResult,
  CreateRenderResult,
  LedgerRender,
  LedgerUpload,
  Preset,
  RenderList,
  ShareCreated,
  NoticeList,
  Usage,
  ApiTokenCreated,
  NotificationChoices,
  TeamChat,
  SessionList,
  InviteCreated,
  InviteList,
  OneTimeLink,
  RateCard,
  RunDetail,
  PushDevice,
  PushDevices,
} from "@/lib/contract";
import { pushDevice } from "@/test/web-push-device";
import { openApiChecker } from "@/test/openapi-checker";
import {
  HTTP_METHODS,
  apiRoutes,
  signedInMembers,
  startStack,
  waitFor,
  type CallInit,
  type HttpMethod,
  type Stack,
} from "@/test/server-stack";

let stack: Stack;
let checker: Awaited<ReturnType<typeof openApiChecker>>;
let cookies: Record<string, string>;
let ids: Record<string, string>;

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "an-openapi-secret-that-is-long-enough-77" } });
  ({ cookies, ids } = await signedInMembers(stack));
  checker = await openApiChecker(stack);
});
afterAll(() => stack.close());

test("the document is valid OpenAPI 3.1", async () => {
  const validator = new Validator();
  const result = await validator.validate(
    structuredClone(checker.document) as Parameters<Validator["validate"]>[0],
  );
  expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
  expect(result.valid).toBe(true);
  expect(validator.version).toBe("3.1");
});

test("it lists every route file under app/api with exactly the methods it exports, and nothing else", async () => {
  const onDisk = new Set<string>();
  for (const route of apiRoutes()) {
    const handlers = await route.load();
    const path = route.path.replace(/\[([^\]]+)\]/g, "{$1}");
    for (const method of HTTP_METHODS) if (handlers[method]) onDisk.add(`${method} ${path}`);
  }
  const documented = new Set(
    Object.entries(checker.document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
  expect([...documented].sort()).toEqual([...onDisk].sort());
});

test("its security schemes are the bearer token and the session cookie; public routes need neither", () => {
  const schemes = (checker.document.components as { securitySchemes?: Record<string, unknown> })
    .securitySchemes;
  expect(schemes?.bearer).toMatchObject({ type: "http", scheme: "bearer" });
  expect(schemes?.cookie).toMatchObject({ type: "apiKey", in: "cookie", name: "rd_session" });
  expect(checker.operation("GET", "/api/health").security).toEqual([]);
  expect(checker.operation("GET", "/api/renders").security).toBeUndefined();
});

describe("a real run: every answer matches its documented schema", () => {
  /** Operations answered so far, to show every one of them was checked. */
  const seen = new Set<string>();

  /** `T`: the answer's type from the contract; the document's schema has checked the body. */
  async function call<T = Record<string, unknown>>(
    who: string | null,
    method: HttpMethod,
    template: string,
    path: string,
    init: CallInit = {},
  ): Promise<{ status: number; body: T }> {
    const headers = { ...init.headers, ...(who !== null && { cookie: cookies[who] ?? "" }) };
    const response = await stack.call(method, path, { ...init, headers });
    const status = response.status;
    const body = await checker.expectDocumented(method, template, response);
    seen.add(`${method} ${template}`);
    return { status, body: body as T };
  }

  const png = Buffer.from(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000" +
      "1f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d4d5e20000000049454e44ae426082",
    "hex",
  );

  test("renders, downloads, boards, presets, shares, uploads, the team and the account", async () => {
    const doc = await call(null, "GET", "/api/openapi.json", "/api/openapi.json");
    expect(doc.status).toBe(200);
    const etag = (await stack.call("GET", "/api/openapi.json")).headers.get("etag") ?? "";
    const unchanged = await call(null, "GET", "/api/openapi.json", "/api/openapi.json", {
      headers: { "if-none-match": etag },
    });
    expect(unchanged.status).toBe(304);

    expect((await call("Ada", "GET", "/api/auth/session", "/api/auth/session")).body).toMatchObject({
      authEnabled: true,
    });
    expect((await call(null, "GET", "/api/health", "/api/health")).status).toBe(200);
    expect((await call("Ada", "GET", "/api/health", "/api/health")).body).toHaveProperty("scheduler");
    expect((await call("Ada", "GET", "/api/account", "/api/account")).status).toBe(200);
    expect(
      (await call("Grace", "GET", "/api/estimate", "/api/estimate?kind=image&imageCount=2")).status,
    ).toBe(200);

    const upload = await call<LedgerUpload>("Grace", "POST", "/api/uploads", "/api/uploads", {
      body: (() => {
        const data = new FormData();
        data.set("kind", "image");
        data.set("file", new Blob([png], { type: "image/png" }), "ref.png");
        return data;
      })(),
    });
    expect(upload.status).toBe(201);
    expect((await call("Grace", "GET", "/api/uploads", "/api/uploads?kind=image")).body.items).toHaveLength(
      1,
    );

    const created = await call<CreateRenderResult>("Grace", "POST", "/api/renders", "/api/renders", {
      json: { kind: "image", prompt: "a lighthouse at dusk", referenceImageUrls: [upload.body.url] },
      headers: { "idempotency-key": "openapi-run-1" },
    });
    expect(created.status).toBe(202);
    const id = created.body.renders[0]?.id ?? "";
    const one = (template: string) => template.replace("{id}", id);
    await waitFor(async () => {
      const { body } = await call<LedgerRender>(
        "Grace",
        "GET",
        "/api/renders/{id}",
        one("/api/renders/{id}"),
      );
      return body.status === "ready" ? true : undefined;
    }, 30_000);
    expect(
      (await call("Grace", "POST", "/api/renders/{id}/watch", one("/api/renders/{id}/watch"))).status,
    ).toBe(200);
    expect(
      (await call("Grace", "PUT", "/api/renders/{id}/favourite", one("/api/renders/{id}/favourite"))).body,
    ).toEqual({ id, favourite: true });
    expect(
      (await call("Grace", "DELETE", "/api/renders/{id}/favourite", one("/api/renders/{id}/favourite"))).body,
    ).toEqual({ id, favourite: false });
    await call("Grace", "POST", "/api/renders/marks", "/api/renders/marks", {
      json: { ids: [id], rating: 4, flag: "pick" },
    });
    await call("Grace", "POST", "/api/renders/tags", "/api/renders/tags", {
      json: { ids: [id], add: ["Keeper"] },
    });
    expect((await call("Grace", "GET", "/api/tags", "/api/tags?q=kee")).status).toBe(200);
    const list = await call<RenderList>(
      "Grace",
      "GET",
      "/api/renders",
      "/api/renders?sort=oldest&limit=5&from=2020-01-01",
    );
    expect(list.body.items.map((r: { id: string }) => r.id)).toContain(id);
    expect(
      (
        await call("Grace", "POST", "/api/renders/archive", "/api/renders/archive", {
          json: { ids: [id], archived: true },
        })
      ).status,
    ).toBe(200);
    await call("Grace", "POST", "/api/renders/archive", "/api/renders/archive", {
      json: { ids: [id], archived: false },
    });
    expect((await call("Grace", "GET", "/api/renders/{id}/file", one("/api/renders/{id}/file"))).status).toBe(
      200,
    );
    expect(
      (await call("Grace", "POST", "/api/renders/{id}/reference", one("/api/renders/{id}/reference"))).status,
    ).toBe(200);
    expect(
      (await call("Grace", "GET", "/api/renders/{id}/family", one("/api/renders/{id}/family"))).status,
    ).toBe(200);
    expect((await call("Grace", "GET", "/api/renders/zip", `/api/renders/zip?ids=${id}`)).status).toBe(200);
    expect(
      (await call("Grace", "POST", "/api/renders/zip", "/api/renders/zip", { json: { ids: [id] } })).status,
    ).toBe(200);
    expect(
      (await call("Grace", "GET", "/api/prompts/recent", "/api/prompts/recent?q=light")).body.items,
    ).toHaveLength(1);

    const preset = await call<Preset>("Grace", "POST", "/api/presets", "/api/presets", {
      json: { name: "Dusk", kind: "video", model: "kling", durationSeconds: 10 },
    });
    expect(preset.status).toBe(201);
    const presetPath = `/api/presets/${preset.body.id}`;
    await call("Grace", "GET", "/api/presets", "/api/presets");
    expect(
      (await call<Preset>("Grace", "PATCH", "/api/presets/{id}", presetPath, { json: { name: "Dawn" } })).body
        .name,
    ).toBe("Dawn");
    expect((await call("Linus", "DELETE", "/api/presets/{id}", presetPath)).status).toBe(403);
    expect((await call("Grace", "DELETE", "/api/presets/{id}", presetPath)).status).toBe(200);

    const board = await call<Board>("Grace", "POST", "/api/boards", "/api/boards", {
      json: { name: "Coast" },
    });
    expect(board.status).toBe(201);
    const boardPath = `/api/boards/${board.body.id}`;
    const added = await call<BoardRendersResult>(
      "Grace",
      "POST",
      "/api/boards/{id}/renders",
      `${boardPath}/renders`,
      {
        json: { ids: [id], action: "add" },
      },
    );
    expect(added.body.changed).toBe(1);
    expect(
      (await call<BoardList>("Grace", "GET", "/api/boards", `/api/boards?render=${id}`)).body.items[0]?.holds,
    ).toBe(true);
    expect((await call<Board>("Grace", "GET", "/api/boards/{id}", boardPath)).body.count).toBe(1);
    await call("Grace", "PATCH", "/api/boards/{id}", boardPath, { json: { description: "Evening light" } });

    const share = await call<ShareCreated>("Grace", "POST", "/api/shares", "/api/shares", {
      json: { kind: "board", id: board.body.id },
    });
    expect(share.status).toBe(201);
    expect(
      (await call("Grace", "GET", "/api/shares", `/api/shares?board=${board.body.id}`)).body.items,
    ).toHaveLength(1);
    expect(
      (await call("Grace", "DELETE", "/api/shares/{id}", `/api/shares/${share.body.share.id}`)).status,
    ).toBe(200);

    // Review: a thread, a reply, an edit, resolve and reopen, a decision and its withdrawal, a
    // guest's comment through a link that takes them, the inbox.
    const comments = one("/api/renders/{id}/comments");
    const thread = await call<Comment>("Grace", "POST", "/api/renders/{id}/comments", comments, {
      json: { text: "Warmer, @Linus", pin: { kind: "point", x: 0.25, y: 0.5 } },
    });
    expect(thread.status).toBe(201);
    const commentPath = (suffix = "") => `/api/comments/${thread.body.id}${suffix}`;
    await call("Linus", "POST", "/api/renders/{id}/comments", comments, {
      json: { text: "On it", parentId: thread.body.id },
    });
    await call("Grace", "PATCH", "/api/comments/{id}", commentPath(), {
      json: { text: "Warmer still, @Linus" },
    });
    await call("Linus", "POST", "/api/comments/{id}/resolve", commentPath("/resolve"));
    await call("Linus", "POST", "/api/comments/{id}/reopen", commentPath("/reopen"));
    const listed = await call<CommentThreadList>("Linus", "GET", "/api/renders/{id}/comments", comments);
    expect(listed.body.items[0]?.replies).toHaveLength(1);
    const review = one("/api/renders/{id}/review");
    expect(
      (
        await call<ReviewSummary>("Linus", "PUT", "/api/renders/{id}/review", review, {
          json: { decision: "approve" },
        })
      ).body.state,
    ).toBe("approved");
    await call("Linus", "DELETE", "/api/renders/{id}/review", review);
    const guestLink = await call<ShareCreated>("Grace", "POST", "/api/shares", "/api/shares", {
      json: { kind: "board", id: board.body.id, allowComments: true },
    });
    const guestPath = guestLink.body.path.replace("/s/", "/api/shares/") + "/comments";
    await call(null, "POST", "/api/shares/{id}/comments", guestPath, {
      json: { text: "Lovely", guestName: "Client", render: id },
    });
    expect(
      (await call<CommentThreadList>(null, "GET", "/api/shares/{id}/comments", `${guestPath}?render=${id}`))
        .body.items,
    ).toHaveLength(2);
    await call("Grace", "DELETE", "/api/comments/{id}", commentPath());
    const inbox = await call<InboxList>("Linus", "GET", "/api/inbox", "/api/inbox?limit=10");
    expect(inbox.body.items.map((item) => item.kind)).toContain("mention");
    await call("Linus", "POST", "/api/inbox/read", "/api/inbox/read", { json: { all: true } });
    expect((await call<InboxUnread>("Linus", "GET", "/api/inbox/unread", "/api/inbox/unread")).body).toEqual({
      unreadCount: 0,
    });
    expect((await call("Grace", "DELETE", "/api/boards/{id}", boardPath)).status).toBe(200);

    expect((await call("Ada", "GET", "/api/members", "/api/members")).body.items).toHaveLength(3);
    expect((await call("Grace", "GET", "/api/members/names", "/api/members/names")).body.items).toHaveLength(
      3,
    );
    await call("Ada", "POST", "/api/members/{id}", `/api/members/${ids.Linus}`, {
      json: { monthlyCapCredits: 500 },
    });
    await call("Ada", "GET", "/api/team", "/api/team");
    await call("Ada", "GET", "/api/team/limits", "/api/team/limits");
    const card = await call<RateCard>("Ada", "GET", "/api/rates", "/api/rates");
    expect(card.body.rows.length).toBeGreaterThan(0);
    const overridden = await call<RateCard>("Ada", "POST", "/api/rates", "/api/rates", {
      json: { key: card.body.rows[0]?.key, creditsPerUnit: null },
    });
    expect(overridden.status).toBe(200);
    const rows = [
      { kind: "image", prompt: "run row one" },
      { kind: "video", model: "kling", durationSeconds: 5, prompt: "run row two" },
    ];
    expect(
      (await call("Grace", "POST", "/api/runs/estimate", "/api/runs/estimate", { json: { rows } })).status,
    ).toBe(200);
    const run = await call<RunDetail>("Grace", "POST", "/api/runs", "/api/runs", {
      json: { name: "Two rows", rows },
    });
    expect(run.status).toBe(201);
    expect((await call("Grace", "GET", "/api/runs", "/api/runs")).status).toBe(200);
    expect((await call("Grace", "GET", "/api/runs/{id}", `/api/runs/${run.body.id}`)).body).toMatchObject({
      id: run.body.id,
    });
    // Cancelled while rows are left, or already ended: both are documented answers.
    expect([200, 409]).toContain(
      (await call("Grace", "POST", "/api/runs/{id}/cancel", `/api/runs/${run.body.id}/cancel`)).status,
    );
    const made = await call<ApiTokenCreated>("Grace", "POST", "/api/tokens", "/api/tokens", {
      json: { name: "Pipeline", scope: "read" },
    });
    expect(made.status).toBe(201);
    const bearer = { authorization: `Bearer ${made.body.secret}` };
    expect(
      (await call(null, "GET", "/api/renders", "/api/renders?limit=1", { headers: bearer })).status,
    ).toBe(200);
    const refusedByScope = await call(null, "POST", "/api/boards", "/api/boards", {
      headers: bearer,
      json: { name: "Not with a read token" },
    });
    expect(refusedByScope.status).toBe(403);
    expect(
      (
        await call(null, "POST", "/api/tokens", "/api/tokens", {
          headers: bearer,
          json: { name: "Successor", scope: "read" },
        })
      ).status,
    ).toBe(403);
    expect((await call("Grace", "GET", "/api/tokens", "/api/tokens")).body).toMatchObject({
      items: [expect.objectContaining({ name: "Pipeline" })],
    });
    await call("Grace", "DELETE", "/api/tokens/{id}", `/api/tokens/${made.body.token.id}`);
    expect((await call(null, "GET", "/api/renders", "/api/renders", { headers: bearer })).status).toBe(401);
    const teamUsage = await call<Usage>("Ada", "GET", "/api/usage", "/api/usage");
    expect(teamUsage.body.scope).toBe("team");
    expect(teamUsage.body.cells.length).toBeGreaterThan(0);
    const ownUsage = await call<Usage>(
      "Grace",
      "GET",
      "/api/usage",
      "/api/usage?from=2026-01-01&to=2026-01-31",
    );
    expect(ownUsage.body).toMatchObject({ scope: "member", forecast: null });
    await call("Ada", "POST", "/api/team", "/api/team", { json: { defaultMonthlyCapCredits: null } });

    // A balance under a threshold above it makes a notice, which Ada dismisses.
    await call("Ada", "POST", "/api/team", "/api/team", { json: { lowBalanceCredits: 1_000_000 } });
    await call("Ada", "GET", "/api/account", "/api/account");
    const notice = await waitFor(async () => {
      const list = await call<NoticeList>("Ada", "GET", "/api/notices", "/api/notices");
      return list.body.items.find((n) => n.kind === "low_balance");
    }, 5_000);
    expect(
      (await call("Ada", "POST", "/api/notices/{id}/dismiss", `/api/notices/${notice.id}/dismiss`)).body,
    ).toEqual({ dismissed: true });
    await call("Ada", "POST", "/api/team", "/api/team", { json: { lowBalanceCredits: null } });
    // Approvals: two renders held (202, awaiting approval), one approved, one declined, a late decision refused.
    await call("Ada", "POST", "/api/team", "/api/team", {
      json: { approvalAboveCredits: 0, approvalForUnknownCost: true },
    });
    const hold = async (prompt: string) => {
      const held = await call<AwaitingApprovalResult>("Grace", "POST", "/api/renders", "/api/renders", {
        json: { kind: "video", model: "kling", durationSeconds: 5, prompt },
      });
      expect(held.body.state).toBe("awaiting_approval");
      return held.body.requestId;
    };
    const [toApprove, toDecline] = [await hold("held, then approved"), await hold("held, then declined")];
    expect(
      (await call<ApprovalList>("Ada", "GET", "/api/approvals", "/api/approvals")).body.items,
    ).toHaveLength(2);
    const approveTemplate = "/api/approvals/{id}/approve";
    const declineTemplate = "/api/approvals/{id}/decline";
    expect(
      (await call("Ada", "POST", approveTemplate, `/api/approvals/${toApprove}/approve`, { json: {} }))
        .status,
    ).toBe(200);
    expect(
      (
        await call("Ada", "POST", declineTemplate, `/api/approvals/${toDecline}/decline`, {
          json: { note: "Not this week" },
        })
      ).status,
    ).toBe(200);
    expect(
      (await call("Ada", "POST", approveTemplate, `/api/approvals/${toDecline}/approve`, { json: {} }))
        .status,
    ).toBe(409);
    expect(
      (await call("Grace", "POST", declineTemplate, `/api/approvals/${toApprove}/decline`, { json: {} }))
        .status,
    ).toBe(403);
    await call("Ada", "POST", "/api/team", "/api/team", { json: { approvalAboveCredits: null } });

    const events = new AbortController();
    const stream = await call("Grace", "GET", "/api/events", "/api/events", { signal: events.signal });
    events.abort();
    expect(stream.status).toBe(200);
    const notifications = "/api/account/notifications";
    const choices = await call<NotificationChoices>("Grace", "GET", notifications, notifications);
    const saved = await call<NotificationChoices>("Grace", "PUT", notifications, notifications, {
      json: { items: choices.body.items.slice(0, 1) },
    });
    expect(saved.body).toEqual(choices.body);
    const push = "/api/account/push";
    const device = await call<PushDevice>("Grace", "POST", push, push, {
      json: { endpoint: "https://push.invalid/openapi", keys: pushDevice().keys, label: "A phone" },
    });
    expect((await call<PushDevices>("Grace", "GET", push, push)).body.items).toEqual([device.body]);
    expect((await call("Grace", "POST", `${push}/test`, `${push}/test`)).status).toBe(200);
    expect((await call("Grace", "DELETE", `${push}/{id}`, `${push}/${device.body.id}`)).status).toBe(200);
    const chat = "/api/team/chat";
    const chatKinds = await call<TeamChat>("Ada", "PUT", chat, chat, { json: { kinds: ["render_failed"] } });
    expect((await call<TeamChat>("Ada", "GET", chat, chat)).body).toEqual(chatKinds.body);
    // Without ALERT_WEBHOOK_URL in this stack, the test message is refused with the documented error.
    expect((await call("Ada", "POST", `${chat}/test`, `${chat}/test`)).status).toBe(503);
    const unsubscribe = "/api/notifications/unsubscribe";
    expect(
      (await call(null, "POST", unsubscribe, unsubscribe, { json: { token: "not.signed" } })).status,
    ).toBe(404);
    const linusSessions = await call<SessionList>("Linus", "GET", "/api/auth/sessions", "/api/auth/sessions");
    expect(
      (
        await call(
          "Grace",
          "POST",
          "/api/auth/sessions/sign-out-others",
          "/api/auth/sessions/sign-out-others",
        )
      ).status,
    ).toBe(200);
    const linusSession = linusSessions.body.items.find((s) => s.current)?.id ?? "";
    expect(
      (await call("Linus", "DELETE", "/api/auth/sessions/{id}", `/api/auth/sessions/${linusSession}`)).body,
    ).toEqual({ ended: 1 });
    expect((await call("Linus", "POST", "/api/auth/sign-out", "/api/auth/sign-out")).body).toEqual({
      signedOut: true,
    });
    const signIn = await call(null, "POST", "/api/auth/sign-in", "/api/auth/sign-in", {
      json: { email: "linus@example.com", password: "a third long secret" },
    });
    expect(signIn.status).toBe(200);
    const linusPath = `/api/members/${ids.Linus}`;
    expect(
      (await call("Ada", "POST", "/api/members/{id}/deactivate", `${linusPath}/deactivate`)).body,
    ).toMatchObject({ deactivatedAt: expect.any(String) });
    expect(
      (await call("Ada", "POST", "/api/members/{id}/reactivate", `${linusPath}/reactivate`)).body,
    ).toMatchObject({ deactivatedAt: null });

    const invited = await call<InviteCreated>("Ada", "POST", "/api/invites", "/api/invites", {
      json: { name: "Hedy", role: "member" },
    });
    const revoked = await call<InviteCreated>("Ada", "POST", "/api/invites", "/api/invites", {
      json: { name: "Revoked", email: "revoked@example.com", role: "member" },
    });
    expect((await call<InviteList>("Ada", "GET", "/api/invites", "/api/invites")).body.items).toHaveLength(2);
    const revokedPath = `/api/invites/${revoked.body.invite.id}`;
    expect((await call("Ada", "DELETE", "/api/invites/{id}", revokedPath)).status).toBe(200);
    const joined = await call(null, "POST", "/api/auth/join", "/api/auth/join", {
      json: {
        token: invited.body.link.path.split("/").at(-1),
        name: "Hedy",
        email: "hedy@example.com",
        password: "frequency hopping",
      },
    });
    expect(joined.status).toBe(201);
    const reset = await call<OneTimeLink>(
      "Ada",
      "POST",
      "/api/members/{id}/password-reset",
      `${linusPath}/password-reset`,
    );
    const resetDone = await call(null, "POST", "/api/auth/reset-password", "/api/auth/reset-password", {
      json: { token: reset.body.path.split("/").at(-1), password: "a third long secret" },
    });
    expect(resetDone.status).toBe(200);
    const changed = await call("Grace", "POST", "/api/auth/password", "/api/auth/password", {
      json: { currentPassword: "another long secret", newPassword: "another long secret" },
    });
    expect(changed.status).toBe(200);
    // Single sign-on is not set up on this stack: its routes answer their documented 404 (their
    // redirects are checked by conformance.test.ts, the flow itself by sso.test.ts).
    for (const [template, query] of [
      ["/api/auth/oidc/start", "?next=%2Fboards"],
      ["/api/auth/oidc/callback", "?code=a-code&state=a-state"],
    ] as const) {
      expect((await call(null, "GET", template, `${template}${query}`)).status).toBe(404);
    }
    const audit = await call<{ items: unknown[] }>("Ada", "GET", "/api/audit", "/api/audit?limit=100");
    expect(audit.body.items.length).toBeGreaterThan(0);
    expect(
      (await call("Ada", "GET", "/api/audit/export", "/api/audit/export?kind=session.signed_out")).status,
    ).toBe(200);
  });

  test("errors: each in the one shape, with a code the document lists for its status", async () => {
    const refusals: [string | null, HttpMethod, string, string, CallInit, number][] = [
      [null, "GET", "/api/renders", "/api/renders", {}, 401],
      ["Grace", "GET", "/api/members", "/api/members", {}, 403],
      ["Grace", "GET", "/api/renders/{id}", "/api/renders/rnd_nothing", {}, 404],
      ["Grace", "GET", "/api/renders", "/api/renders?sort=sideways", {}, 422],
      [
        "Grace",
        "POST",
        "/api/renders",
        "/api/renders",
        { body: "kind=image", headers: { "content-type": "text/plain" } },
        415,
      ],
      [
        "Grace",
        "POST",
        "/api/renders",
        "/api/renders",
        { json: { kind: "video", prompt: "x", model: "kling", durationSeconds: 99 } },
        422,
      ],
      ["Grace", "POST", "/api/boards", "/api/boards", { json: { name: "" } }, 422],
      ["Grace", "GET", "/api/usage", "/api/usage?from=2026-02-30", {}, 422],
      ["Grace", "POST", "/api/notices/{id}/dismiss", "/api/notices/ntc_none/dismiss", {}, 404],
      [
        "Grace",
        "POST",
        "/api/runs",
        "/api/runs",
        { json: { rows: [{ kind: "video", model: "kling", durationSeconds: 99, prompt: "x" }] } },
        422,
      ],
      [
        "Grace",
        "POST",
        "/api/renders/archive",
        "/api/renders/archive",
        { json: { ids: ["rnd_none"], archived: true } },
        404,
      ],
      ["Grace", "POST", "/api/shares", "/api/shares", { json: { kind: "render", id: "rnd_none" } }, 404],
      [
        null,
        "POST",
        "/api/auth/sign-in",
        "/api/auth/sign-in",
        { json: { email: "ada@example.com", password: "wrong" } },
        401,
      ],
      [
        "Grace",
        "POST",
        "/api/boards",
        "/api/boards",
        { json: { name: "x" }, headers: { origin: "https://elsewhere.example" } },
        403,
      ],
    ];
    for (const [who, method, template, path, init, status] of refusals) {
      expect((await call(who, method, template, path, init)).status, `${method} ${path}`).toBe(status);
    }

    // A team limit reached: a count (422 limit_reached), a rate (429 rate_limited).
    const limits = "/api/team/limits";
    await call("Ada", "POST", limits, limits, { json: { boardsInTeam: 1, presetsPerMinute: 1 } });
    const board = (name: string) => ({ json: { name } });
    await call("Grace", "POST", "/api/boards", "/api/boards", board("The one there may be"));
    expect((await call("Grace", "POST", "/api/boards", "/api/boards", board("One too many"))).status).toBe(
      422,
    );
    const preset = (name: string) => ({ json: { name, kind: "image" } });
    await call("Grace", "POST", "/api/presets", "/api/presets", preset("Within the rate"));
    expect((await call("Grace", "POST", "/api/presets", "/api/presets", preset("Past it"))).status).toBe(429);
    await call("Ada", "POST", limits, limits, { json: { boardsInTeam: null, presetsPerMinute: null } });
  });

  test("every operation in the document was answered and checked", () => {
    const all = Object.entries(checker.document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(all.filter((op) => !seen.has(op))).toEqual([]);
  });
});
