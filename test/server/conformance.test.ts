/**
 * Conformance of every documented operation against a Render Service that adds fields of its own to
 * its answers (the spec allows it; the simulator's `extraFields` fault: `object`, `seed`, `meta`,
 * `pollIntervalSeconds`, `balanceAfter`, and `_links` holding the service's own address).
 *
 * One stack, sign-in on (so the team, tokens, approvals and sign-in itself are reachable), runs every
 * operation the OpenAPI document lists, each with a real request: real ids from what the run made
 * before it (an upload, a render waited for until ready, a preset, a board, a share, a run, a token,
 * a notice, approvals), and every JSON body one the document accepts. Each answer must be the
 * operation's success status and match its schema with no property the document does not name (a
 * closed copy of the document: test/closed-schemas.ts), and no answer may hold the service's own
 * address except where the document's fields carry the service's media addresses (below). What is
 * wrong is gathered per operation, so one run reports every operation that fails, and why.
 */
import { afterAll, beforeAll, expect, test } from "vitest";
import type {
  ApiTokenCreated,
  Comment,
  SessionList,
  InviteCreated,
  OneTimeLink,
  ApprovalList,
  AwaitingApprovalResult,
  Board,
  CreateRenderResult,
  LedgerRender,
  LedgerUpload,
  LiveEvent,
  NoticeList,
  Preset,
  RateCard,
  RunDetail,
  ShareCreated,
  PushDevice,
} from "@/lib/contract";
import { pushDevice } from "@/test/web-push-device";
import { errorsText, openApiChecker } from "@/test/openapi-checker";
import { SseReader } from "@/test/sse-reader";
import { signedInMembers, startStack, waitFor, TEST_TEAM } from "@/test/server-stack";
import { unsubscribeToken } from "@/lib/server/outbox/unsubscribe";
import type { CallInit, HttpMethod, Stack } from "@/test/server-stack";

let stack: Stack;
let checker: Awaited<ReturnType<typeof openApiChecker>>;
let cookies: Record<string, string>;
let memberIds: Record<string, string>;

beforeAll(async () => {
  stack = await startStack({
    faults: { extraFields: true },
    env: {
      AUTH_SECRET: "a-conformance-secret-that-is-long-enough-5150",
      // Single sign-on set up with an issuer nobody answers at: both of its routes still take their
      // documented redirect, to the sign-in page saying why (test/server/sso.test.ts runs the flow).
      OIDC_ISSUER: "http://127.0.0.1:9",
      OIDC_CLIENT_ID: "render-dashboard",
      OIDC_CLIENT_SECRET: "a-client-secret",
      OIDC_ALLOWED_DOMAINS: "example.com",
      // The team's chat set up (a closed port), so its test message is queued, as it documents.
      ALERT_WEBHOOK_URL: "http://127.0.0.1:9/team-chat",
    },
  });
  ({ cookies, ids: memberIds } = await signedInMembers(stack));
  checker = await openApiChecker(stack, { closed: true });
});
afterAll(() => stack?.close());

/** Operations called, as `METHOD /api/path/{param}`. */
const exercised = new Set<string>();
/** What each operation answered that it should not have, by operation. */
const problems = new Map<string, string[]>();
/** Each operation's first JSON answer that conformed, for the closed document's self-check. */
const conforming = new Map<string, unknown>();

function note(op: string, ...found: string[]) {
  if (found.length > 0) problems.set(op, [...(problems.get(op) ?? []), ...found]);
}

/**
 * Documented fields that carry the service's media addresses, and what they may point at. The
 * document types `outputUrl` and an upload's `url` as plain strings and says nothing of where they
 * point; the dashboard does not proxy media (lib/server/http/csp.ts: finished renders and reference
 * uploads are shown straight from `outputUrl` and upload URLs), so these hold the service's media
 * addresses by design, and a render's `params` (and a preset's `settings`) repeat the reference
 * upload URLs its request named. Anywhere else, or to anything but media (`_links.self` is
 * `…/api/v1/renders/{id}`), the service's address has leaked.
 */
const MEDIA_FIELDS: Record<string, RegExp> = {
  outputUrl: /^\/media\//,
  url: /^\/files\//,
  referenceImageUrls: /^\/files\//,
  referenceVideoUrls: /^\/files\//,
  referenceAudioUrls: /^\/files\//,
};

/** Each place in a JSON value holding the service's address where it has no business. */
function serviceAddresses(value: unknown, at = "", field = ""): string[] {
  const service = stack.simulator.url;
  if (typeof value === "string") {
    if (!value.includes(service)) return [];
    const media = value.startsWith(service) && MEDIA_FIELDS[field]?.test(value.slice(service.length));
    return media ? [] : [`${at || "/"} holds the service's own address: ${value}`];
  }
  if (Array.isArray(value)) return value.flatMap((item, i) => serviceAddresses(item, `${at}/${i}`, field));
  if (value !== null && typeof value === "object")
    return Object.entries(value).flatMap(([key, item]) => serviceAddresses(item, `${at}/${key}`, key));
  return [];
}

interface OperationCall extends CallInit {
  /** Whose session cookie goes with it; none for a public call or one with a bearer token. */
  as?: string | null;
  params?: Record<string, string>;
  query?: string;
}

/**
 * Calls `METHOD template` and notes what is wrong with its answer. Returns the JSON body whatever it
 * holds, so the run goes on to the operations that need its ids.
 */
async function call<T>(op: string, request: OperationCall = {}): Promise<T> {
  const [method, template] = op.split(" ") as [HttpMethod, string];
  const { as = "Grace", params = {}, query, ...init } = request;
  if (init.json !== undefined)
    expect(checker.acceptsBody(method, template, init.json), `${op}: a body the document accepts`).toBe(true);
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  const headers = { ...init.headers, ...(as && { cookie: cookies[as] ?? "" }) };
  const answer = await stack.call(method, query ? `${path}?${query}` : path, { ...init, headers });
  exercised.add(op);
  const status = answer.status;
  const { body, problems: found } = await checker.checkAnswer(method, template, answer);
  const success = checker.successStatus(method, template);
  if (status !== success) note(op, `answered ${status}, not its success status ${success}`);
  note(op, ...found, ...serviceAddresses(body));
  if (status === success && found.length === 0 && body !== null && !conforming.has(op))
    conforming.set(op, body);
  return body as T;
}

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489" +
    "0000000d4944415478da63f8cfc0f01f0005000201a5d4d5e20000000049454e44ae426082",
  "hex",
);

/**
 * Opens Grace's event stream (a stream, so not read as one answer: its status and type here, each
 * event's data as one `LiveEvent` of the closed document when read).
 */
async function openEvents() {
  const op = "GET /api/events";
  const controller = new AbortController();
  const answer = await stack.call("GET", "/api/events", {
    headers: { cookie: cookies.Grace ?? "" },
    signal: controller.signal,
  });
  exercised.add(op);
  if (answer.status !== 200) note(op, `answered ${answer.status}, not its success status 200`);
  const type = answer.headers.get("content-type") ?? "";
  if (!type.startsWith("text/event-stream")) note(op, `answered ${type}`);
  const reader = new SseReader(answer.body as ReadableStream<Uint8Array>);
  return {
    /** Reads events until `done` holds for one, checking each. */
    async readUntil(done: (event: LiveEvent) => boolean) {
      for (const event of await reader.until<LiveEvent>(done, 20_000)) {
        const errors = checker.componentErrors("LiveEvent", event);
        if (errors.length > 0) note(op, `a ${event.type} event: ${errorsText(errors)}`);
        note(op, ...serviceAddresses(event, `(${event.type} event)`));
      }
    },
    async close() {
      controller.abort();
      await reader.close();
    },
  };
}

test("every documented operation, run once with a real request", { timeout: 120_000 }, async () => {
  const events = await openEvents();
  await call("GET /api/openapi.json", { as: null });
  await call("GET /api/auth/session", { as: "Ada" });
  await call("GET /api/health", { as: "Ada" });
  await call("GET /api/account");
  await call("GET /api/estimate", { query: "kind=video&model=kling&durationSeconds=5" });

  const form = new FormData();
  form.set("kind", "image");
  form.set("file", new Blob([PNG], { type: "image/png" }), "reference.png");
  const upload = await call<LedgerUpload>("POST /api/uploads", { body: form });
  await call("GET /api/uploads", { query: "kind=image" });

  const created = await call<CreateRenderResult>("POST /api/renders", {
    json: { kind: "image", prompt: "a lighthouse at dusk", referenceImageUrls: [upload.url] },
    headers: { "idempotency-key": "conformance-render-1" },
  });
  const id = created.renders[0]?.id ?? "";
  const render = { params: { id } };
  // Each poll is an answer too; the last is the render ready, with its outputUrl.
  await waitFor(
    async () => (await call<LedgerRender>("GET /api/renders/{id}", render)).status === "ready" || undefined,
    30_000,
  );
  await events.readUntil((e) => e.type === "render" && e.render.id === id && e.render.status === "ready");
  await events.close();
  await call("POST /api/renders/{id}/watch", render);
  await call("PUT /api/renders/{id}/favourite", render);
  await call("DELETE /api/renders/{id}/favourite", render);
  await call("POST /api/renders/marks", { json: { ids: [id], rating: 4, flag: "pick" } });
  await call("POST /api/renders/tags", { json: { ids: [id], add: ["keeper"] } });
  await call("GET /api/tags", { query: "q=kee" });
  await call("GET /api/renders", { query: "limit=5" });
  await call("POST /api/renders/archive", { json: { ids: [id], archived: true } });
  await call("POST /api/renders/archive", { json: { ids: [id], archived: false } });
  await call("GET /api/renders/{id}/file", render);
  await call("POST /api/renders/{id}/reference", render);
  await call("GET /api/renders/{id}/family", render);
  await call("GET /api/renders/zip", { query: `ids=${id}` });
  await call("POST /api/renders/zip", { json: { ids: [id] } });
  await call("GET /api/prompts/recent", { query: "q=lighthouse" });

  const preset = await call<Preset>("POST /api/presets", {
    json: { name: "Dusk", kind: "video", model: "kling", durationSeconds: 10 },
  });
  await call("GET /api/presets");
  await call("PATCH /api/presets/{id}", { params: { id: preset.id }, json: { name: "Dawn" } });
  await call("DELETE /api/presets/{id}", { params: { id: preset.id } });

  const board = await call<Board>("POST /api/boards", { json: { name: "Coast" } });
  const onBoard = { params: { id: board.id } };
  await call("POST /api/boards/{id}/renders", { ...onBoard, json: { ids: [id], action: "add" } });
  await call("GET /api/boards", { query: `render=${id}` });
  await call("GET /api/boards/{id}", onBoard);
  await call("PATCH /api/boards/{id}", { ...onBoard, json: { description: "Evening light" } });
  const share = await call<ShareCreated>("POST /api/shares", { json: { kind: "board", id: board.id } });
  await call("GET /api/shares", { query: `board=${board.id}` });
  await call("DELETE /api/shares/{id}", { params: { id: share.share.id } });

  // Review: a thread and a reply, an edit, resolve and reopen, a decision withdrawn, a guest's
  // comment through a link that takes them, the inbox read.
  const thread = await call<Comment>("POST /api/renders/{id}/comments", {
    ...render,
    json: { text: "Warmer, @Linus", pin: { kind: "rect", x: 0.1, y: 0.1, w: 0.5, h: 0.5 } },
  });
  const onComment = { params: { id: thread.id } };
  await call("POST /api/renders/{id}/comments", {
    ...render,
    as: "Linus",
    json: { text: "On it", parentId: thread.id },
  });
  await call("GET /api/renders/{id}/comments", render);
  await call("PATCH /api/comments/{id}", { ...onComment, json: { text: "Warmer still, @Linus" } });
  await call("POST /api/comments/{id}/resolve", { ...onComment, as: "Linus" });
  await call("POST /api/comments/{id}/reopen", onComment);
  await call("PUT /api/renders/{id}/review", {
    ...render,
    as: "Linus",
    json: { decision: "changes", note: "The hand" },
  });
  await call("DELETE /api/renders/{id}/review", { ...render, as: "Linus" });
  const guestLink = await call<ShareCreated>("POST /api/shares", {
    json: { kind: "render", id, allowComments: true },
  });
  const asGuest = { as: null, params: { id: guestLink.path.slice("/s/".length) } };
  await call("POST /api/shares/{id}/comments", { ...asGuest, json: { text: "Lovely", guestName: "Client" } });
  await call("GET /api/shares/{id}/comments", asGuest);
  await call("DELETE /api/comments/{id}", onComment);
  await call("GET /api/inbox", { as: "Linus" });
  await call("GET /api/inbox/unread", { as: "Linus" });
  await call("POST /api/inbox/read", { as: "Linus", json: { all: true } });
  await call("DELETE /api/boards/{id}", onBoard);

  await call("GET /api/members", { as: "Ada" });
  await call("GET /api/members/names");
  await call("POST /api/members/{id}", {
    as: "Ada",
    params: { id: memberIds.Linus ?? "" },
    json: { monthlyCapCredits: 500 },
  });
  await call("GET /api/team", { as: "Ada" });
  await call("GET /api/team/limits", { as: "Ada" });
  await call("POST /api/team/limits", { as: "Ada", json: { boardsPerMinute: 40 } });
  await call("GET /api/account/notifications");
  await call("PUT /api/account/notifications", {
    json: { items: [{ kind: "render_finished", push: false, email: "immediate" }] },
  });
  await call("POST /api/notifications/unsubscribe", {
    as: null,
    json: { token: unsubscribeToken(memberIds.Grace ?? "", "render_finished") },
  });
  const device = await call<PushDevice>("POST /api/account/push", {
    json: { endpoint: "https://push.invalid/conformance", keys: pushDevice().keys, label: "Conformance" },
  });
  await call("GET /api/account/push");
  await call("POST /api/account/push/test");
  await call("DELETE /api/account/push/{id}", { params: { id: device.id } });
  await call("GET /api/team/chat", { as: "Ada" });
  await call("PUT /api/team/chat", { as: "Ada", json: { kinds: ["render_failed"] } });
  await call("POST /api/team/chat/test", { as: "Ada" });
  const rates = await call<RateCard>("GET /api/rates", { as: "Ada" });
  await call("POST /api/rates", { as: "Ada", json: { key: rates.rows[0]?.key, creditsPerUnit: null } });

  // A 15 s video keeps the run going for a while, so the cancel finds rows left (not a 409).
  const rows = [
    { kind: "image", prompt: "a run's first row" },
    { kind: "video", model: "kling", durationSeconds: 15, prompt: "a run's second row" },
  ];
  await call("POST /api/runs/estimate", { json: { rows } });
  const run = await call<RunDetail>("POST /api/runs", { json: { name: "Conformance", rows } });
  await call("POST /api/runs/{id}/cancel", { params: { id: run.id } });
  await call("GET /api/runs");
  await call("GET /api/runs/{id}", { params: { id: run.id } });

  const token = await call<ApiTokenCreated>("POST /api/tokens", {
    json: { name: "Pipeline", scope: "read" },
  });
  await call("GET /api/tokens");
  await call("GET /api/usage", { as: null, headers: { authorization: `Bearer ${token.secret}` } });
  await call("DELETE /api/tokens/{id}", { params: { id: token.token.id } });

  // A balance under the alert's threshold makes a notice, which Ada dismisses.
  await call("POST /api/team", { as: "Ada", json: { lowBalanceCredits: 1_000_000 } });
  await call("GET /api/account", { as: "Ada" });
  const notice = await waitFor(async () => {
    const list = await call<NoticeList>("GET /api/notices", { as: "Ada" });
    return list.items.find((n) => n.kind === "low_balance");
  }, 5_000);
  await call("POST /api/notices/{id}/dismiss", { as: "Ada", params: { id: notice.id } });

  // Renders held for approval: one approved (it reaches the service then), one declined.
  await call("POST /api/team", {
    as: "Ada",
    json: { lowBalanceCredits: null, approvalAboveCredits: 0, approvalForUnknownCost: true },
  });
  const held = async (prompt: string) =>
    (
      await call<AwaitingApprovalResult>("POST /api/renders", {
        json: { kind: "video", model: "kling", durationSeconds: 5, prompt },
      })
    ).requestId;
  const [toApprove, toDecline] = [await held("held, then approved"), await held("held, then declined")];
  await call<ApprovalList>("GET /api/approvals", { as: "Ada" });
  await call("POST /api/approvals/{id}/approve", { as: "Ada", params: { id: toApprove }, json: {} });
  await call("POST /api/approvals/{id}/decline", {
    as: "Ada",
    params: { id: toDecline },
    json: { note: "Not this week" },
  });

  const linusSessions = await call<SessionList>("GET /api/auth/sessions", { as: "Linus" });
  await call("POST /api/auth/sessions/sign-out-others", { as: "Grace" });
  await call("DELETE /api/auth/sessions/{id}", {
    as: "Linus",
    params: { id: linusSessions.items.find((s) => s.current)?.id ?? "" },
  });
  await call("POST /api/auth/sign-out", { as: "Linus" });
  const { email, password } = TEST_TEAM.linus;
  await call("POST /api/auth/sign-in", { as: null, json: { email, password } });
  await call("POST /api/members/{id}/deactivate", { as: "Ada", params: { id: memberIds.Linus ?? "" } });
  await call("POST /api/members/{id}/reactivate", { as: "Ada", params: { id: memberIds.Linus ?? "" } });

  const invited = await call<InviteCreated>("POST /api/invites", {
    as: "Ada",
    json: { name: "Hedy", email: "hedy@example.com", role: "member" },
  });
  const revoked = await call<InviteCreated>("POST /api/invites", {
    as: "Ada",
    json: { name: "Revoked", role: "member" },
  });
  await call("GET /api/invites", { as: "Ada" });
  await call("DELETE /api/invites/{id}", { as: "Ada", params: { id: revoked.invite.id } });
  await call("POST /api/auth/join", {
    as: null,
    json: { token: invited.link.path.split("/").at(-1), name: "Hedy", password: "frequency hopping" },
  });
  const reset = await call<OneTimeLink>("POST /api/members/{id}/password-reset", {
    as: "Ada",
    params: { id: memberIds.Linus ?? "" },
  });
  await call("POST /api/auth/reset-password", {
    as: null,
    json: { token: reset.path.split("/").at(-1), password },
  });
  await call("POST /api/auth/password", {
    as: "Grace",
    json: { currentPassword: TEST_TEAM.grace.password, newPassword: TEST_TEAM.grace.password },
  });
  await call("GET /api/auth/oidc/start", { as: null, query: "next=%2Fboards" });
  await call("GET /api/auth/oidc/callback", { as: null, query: "code=a-code&state=a-state" });

  // Last: the log then holds an entry of every kind recorded above, each checked against the document.
  await call("GET /api/audit", { as: "Ada", query: "limit=100" });
  await call("GET /api/audit/export", { as: "Ada" });
});

test("every operation the document lists was run", () => {
  expect(checker.operations.filter((op) => !exercised.has(op))).toEqual([]);
});

test("every answer is its success status, with only the properties the document names and no service address", () => {
  expect(Object.fromEntries(problems)).toEqual({});
});

test("self-check: the closed document refuses each conforming answer with one property added", () => {
  const probe = "conformanceProbe";
  // The document itself is a map by its schema: any name is allowed at its top.
  const objects = [...conforming].filter(
    ([op, body]) => op !== "GET /api/openapi.json" && typeof body === "object" && !Array.isArray(body),
  );
  expect(objects.length).toBeGreaterThan(20);
  for (const [op, body] of objects) {
    const [method, template] = op.split(" ") as [string, string];
    const status = checker.successStatus(method, template);
    expect(checker.answerErrors(method, template, status, body), op).toEqual([]);
    const errors = checker.answerErrors(method, template, status, { ...(body as object), [probe]: 1 });
    expect(errorsText(errors), op).toContain(`has \`${probe}\``);
  }
  // And one level down: the member who made a render.
  const render = conforming.get("GET /api/renders/{id}") as LedgerRender;
  const nested = { ...render, member: { ...render.member, [probe]: 1 } };
  expect(errorsText(checker.answerErrors("GET", "/api/renders/{id}", 200, nested))).toContain(
    `/member has \`${probe}\``,
  );
});

test("self-check: the service's address is allowed only as media in the fields that carry media", () => {
  const service = stack.simulator.url;
  expect(
    serviceAddresses({ outputUrl: `${service}/media/rnd_a.png`, url: `${service}/files/up_a/a.png` }),
  ).toEqual([]);
  expect(serviceAddresses({ params: { referenceImageUrls: [`${service}/files/up_a/a.png`] } })).toEqual([]);
  expect(
    serviceAddresses({
      _links: { self: `${service}/api/v1/renders/rnd_a` },
      outputUrl: `${service}/api/v1/renders/rnd_a`,
      note: `see ${service}/media/rnd_a.png`,
    }),
  ).toEqual([
    `/_links/self holds the service's own address: ${service}/api/v1/renders/rnd_a`,
    `/outputUrl holds the service's own address: ${service}/api/v1/renders/rnd_a`,
    `/note holds the service's own address: see ${service}/media/rnd_a.png`,
  ]);
});
