/**
 * Review together (docs/architecture.md, "Review") with sign-in on, over HTTP against the real
 * simulator and a real ledger (SQLite, and PostgreSQL: vitest.config.ts): comments and threads, who
 * may change them, their limits and scopes, decisions and the review state, the gallery's filter and
 * a board's count, guests on share links, the inbox, the live events, the audit log and the zip.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type {
  ApiTokenCreated,
  Board,
  Comment,
  CommentThreadList,
  InboxList,
  LedgerRender,
  LiveEvent,
  ReviewSummary,
  ShareCreated,
} from "@/lib/contract";
import { COMMENT_MAX_CHARS, GUEST_COMMENT_LIMITS, guestLabel } from "@/lib/domain/review";
import { LIMIT_DEFAULTS } from "@/lib/domain/limits";
import { SseReader } from "@/test/sse-reader";
import {
  TEST_TEAM,
  signedInMembers,
  startStack,
  waitFor,
  type CallInit,
  type Stack,
} from "@/test/server-stack";
import { zipEntries } from "@/test/zip-entries";

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
/** Grace's renders, made for these tests. */
const renders: LedgerRender[] = [];

const MARGARET = {
  email: "margaret@example.com",
  password: "a fourth long secret",
  name: "Margaret",
  role: "member",
} as const;

beforeAll(async () => {
  stack = await startStack({
    env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-4321", TRUSTED_PROXY_HOPS: "1" },
  });
  team = await signedInMembers(stack, [...Object.values(TEST_TEAM), MARGARET]);
  const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
    json: { kind: "image", prompt: "review me", imageCount: 4 },
    ...as("Grace"),
  });
  expect(created.status).toBe(202);
  renders.push(...created.body.renders);
  await waitFor(async () => {
    const { body } = await stack.callJson<{ items: LedgerRender[] }>(
      "GET",
      `/api/renders?ids=${ids().join(",")}`,
      as("Grace"),
    );
    return body.items.every((r) => r.status === "ready") ? true : undefined;
  }, 30_000);
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  delete process.env.TRUSTED_PROXY_HOPS;
  return stack.close();
});

const as = (name: string, init: CallInit = {}): CallInit => ({
  ...init,
  headers: { ...init.headers, cookie: team.cookies[name] ?? "" },
});
const ids = () => renders.map((r) => r.id);
const renderAt = (i: number) => ids()[i] ?? "";

const post = (who: string, renderId: string, json: Record<string, unknown>) =>
  stack.callJson<Comment>("POST", `/api/renders/${renderId}/comments`, as(who, { json }));
const threads = async (who: string, renderId: string) => {
  const { status, body } = await stack.callJson<CommentThreadList>(
    "GET",
    `/api/renders/${renderId}/comments`,
    as(who),
  );
  expect(status).toBe(200);
  return body;
};
const decide = (who: string, renderId: string, json: Record<string, unknown>) =>
  stack.callJson<ReviewSummary>("PUT", `/api/renders/${renderId}/review`, as(who, { json }));
const inbox = async (who: string, query = "") =>
  (await stack.callJson<InboxList>("GET", `/api/inbox${query}`, as(who))).body;
const errorCode = (body: unknown) => (body as { error: { code: string } }).error.code;

describe("comments and threads", () => {
  test("a pinned thread and a reply: the reply takes the thread's pin, the text is kept verbatim", async () => {
    const renderId = renderAt(0);
    const markup = `<img src=x onerror="alert(1)"> & <b>bold</b>\nsecond line`;
    const thread = await post("Grace", renderId, {
      text: markup,
      pin: { kind: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
    });
    expect(thread.status).toBe(201);
    expect(thread.body).toMatchObject({
      renderId,
      parentId: null,
      author: { kind: "member", id: team.ids.Grace, name: "Grace" },
      text: markup,
      pin: { kind: "rect", x: 0.1, y: 0.2, w: 0.3, h: 0.4 },
      editedAt: null,
      resolvedAt: null,
      deletedAt: null,
    });
    const reply = await post("Linus", renderId, {
      text: "On it",
      parentId: thread.body.id,
      pin: { kind: "point", x: 1, y: 1 },
    });
    expect(reply.body).toMatchObject({ parentId: thread.body.id, pin: thread.body.pin });

    const listed = await threads("Ada", renderId);
    expect(listed.items).toEqual([{ ...thread.body, replies: [reply.body] }]);
    expect(listed.review).toMatchObject({ state: "in_review", openThreads: 1, comments: 2 });
    // A reply to a reply, or to another render's thread, is refused.
    expect((await post("Linus", renderId, { text: "x", parentId: reply.body.id })).status).toBe(404);
    expect((await post("Linus", renderAt(1), { text: "x", parentId: thread.body.id })).status).toBe(404);
  });

  test("text: 1 to 2,000 characters; a pin in range; an unknown render is 404", async () => {
    const renderId = renderAt(1);
    expect((await post("Grace", renderId, { text: "a".repeat(COMMENT_MAX_CHARS) })).status).toBe(201);
    const refusals: [Record<string, unknown>, string][] = [
      [{ text: "a".repeat(COMMENT_MAX_CHARS + 1) }, "text"],
      [{ text: "   " }, "text"],
      [{ text: "bell\u0007" }, "text"],
      [{ text: "x", pin: { kind: "point", x: 1.5, y: 0 } }, "pin"],
    ];
    for (const [json, field] of refusals) {
      const refused = await post("Grace", renderId, json);
      expect(refused, JSON.stringify(json)).toMatchObject({
        status: 422,
        body: { error: { code: "invalid_request" } },
      });
      expect((refused.body as unknown as { error: { field: string } }).error.field).toContain(field);
    }
    expect((await post("Grace", "rnd_nothing_here", { text: "x" })).status).toBe(404);
    expect((await stack.callJson("GET", `/api/renders/${renderId}/comments`)).status).toBe(401);
  });

  test("the author edits and deletes their own; others may not; an admin deletes any, in the audit log", async () => {
    const renderId = renderAt(2);
    const mine = (await post("Linus", renderId, { text: "first try" })).body;
    const edited = await stack.callJson<Comment>(
      "PATCH",
      `/api/comments/${mine.id}`,
      as("Linus", { json: { text: "second try" } }),
    );
    expect(edited.body).toMatchObject({ text: "second try", editedAt: expect.any(String) });
    for (const who of ["Grace", "Ada"]) {
      const refused = await stack.callJson(
        "PATCH",
        `/api/comments/${mine.id}`,
        as(who, { json: { text: "not mine" } }),
      );
      expect(refused.status, who).toBe(403);
    }
    expect((await stack.callJson("DELETE", `/api/comments/${mine.id}`, as("Grace"))).status).toBe(403);

    const own = (await post("Grace", renderId, { text: "mine to delete" })).body;
    expect((await stack.callJson("DELETE", `/api/comments/${own.id}`, as("Grace"))).body).toEqual({
      deleted: true,
    });
    expect((await stack.callJson("DELETE", `/api/comments/${mine.id}`, as("Ada"))).status).toBe(200);
    const listed = await threads("Grace", renderId);
    for (const thread of listed.items.filter((t) => [own.id, mine.id].includes(t.id))) {
      expect(thread).toMatchObject({ text: "", deletedAt: expect.any(String) });
    }
    expect(listed.review.comments).toBe(listed.items.filter((t) => t.deletedAt === null).length);
    // Gone: no edit, no second delete.
    expect(
      (await stack.callJson("PATCH", `/api/comments/${own.id}`, as("Grace", { json: { text: "back" } })))
        .status,
    ).toBe(404);

    const audit = await stack.callJson<{ items: { kind: string; target: { id: string } | null }[] }>(
      "GET",
      "/api/audit?kind=comment.deleted",
      as("Ada"),
    );
    // The admin's deletion of Linus's comment is there; Grace's of her own is not.
    expect(audit.body.items.map((e) => e.target?.id)).toEqual([mine.id]);
  });

  test("anyone resolves and reopens a thread (a reply resolves its thread); open threads are counted", async () => {
    const renderId = renderAt(3);
    const thread = (await post("Grace", renderId, { text: "needs a fix" })).body;
    const reply = (await post("Linus", renderId, { text: "fixed", parentId: thread.id })).body;
    const resolved = await stack.callJson<Comment>(
      "POST",
      `/api/comments/${reply.id}/resolve`,
      as("Margaret"),
    );
    expect(resolved.body).toMatchObject({
      id: thread.id,
      resolvedAt: expect.any(String),
      resolvedBy: { id: team.ids.Margaret, name: "Margaret" },
    });
    expect((await threads("Grace", renderId)).review.openThreads).toBe(0);
    const reopened = await stack.callJson<Comment>("POST", `/api/comments/${thread.id}/reopen`, as("Linus"));
    expect(reopened.body).toMatchObject({ resolvedAt: null, resolvedBy: null });
    expect((await threads("Grace", renderId)).review.openThreads).toBe(1);
    const card = await stack.callJson<LedgerRender>("GET", `/api/renders/${renderId}`, as("Linus"));
    expect(card.body.review).toMatchObject({ openThreads: 1, state: "in_review" });
  });

  test("API tokens: the read scope reads comments, the create scope writes them", async () => {
    const token = async (scope: string) =>
      (
        await stack.callJson<ApiTokenCreated>(
          "POST",
          "/api/tokens",
          as("Linus", { json: { name: `review ${scope}`, scope } }),
        )
      ).body.secret;
    const read = { authorization: `Bearer ${await token("read")}` };
    const write = { authorization: `Bearer ${await token("read_and_create")}` };
    const path = `/api/renders/${renderAt(0)}/comments`;
    expect((await stack.callJson("GET", path, { headers: read })).status).toBe(200);
    const refused = await stack.callJson("POST", path, { headers: read, json: { text: "by script" } });
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe("insufficient_scope");
    const made = await stack.callJson<Comment>("POST", path, { headers: write, json: { text: "by script" } });
    expect(made.body.author).toEqual({ kind: "member", id: team.ids.Linus, name: "Linus" });
  });

  test("a member's comments past the team's rate (default 20 a minute) get 429 with Retry-After, and make nothing", async () => {
    const renderId = renderAt(1);
    const allowed = LIMIT_DEFAULTS.commentsPerMinute;
    for (let n = 1; n <= allowed; n++)
      expect((await post("Margaret", renderId, { text: `note ${n}` })).status).toBe(201);
    const before = (await threads("Margaret", renderId)).review.comments;
    const refused = await post("Margaret", renderId, { text: "one too many" });
    expect(refused.status).toBe(429);
    expect(errorCode(refused.body)).toBe("rate_limited");
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect((await threads("Margaret", renderId)).review.comments).toBe(before);
    // Another member is not held by Margaret's rate.
    expect((await post("Linus", renderId, { text: "still fine" })).status).toBe(201);
  });
});

describe("decisions, the review state, the filter and a board's count", () => {
  test("changes requested, approved over it only once the change is made, withdrawn; the filter and the board follow", async () => {
    const [renderId, other] = [renderAt(2), renderAt(3)];
    const board = (
      await stack.callJson<Board>("POST", "/api/boards", as("Grace", { json: { name: "Review board" } }))
    ).body;
    await stack.callJson(
      "POST",
      `/api/boards/${board.id}/renders`,
      as("Grace", { json: { ids: [renderId, other], action: "add" } }),
    );
    const boardNow = async () =>
      (await stack.callJson<Board>("GET", `/api/boards/${board.id}`, as("Grace"))).body;
    const listed = async (review: string) =>
      (
        await stack.callJson<{ items: LedgerRender[] }>(
          "GET",
          `/api/renders?review=${review}&limit=100`,
          as("Grace"),
        )
      ).body.items.map((r) => r.id);

    expect((await decide("Linus", renderId, { decision: "changes" })).status).toBe(422);
    const changes = await decide("Linus", renderId, {
      decision: "changes",
      note: "Fix the hand, bottom left",
    });
    expect(changes.body).toMatchObject({
      state: "changes",
      decisions: [
        {
          memberId: team.ids.Linus,
          name: "Linus",
          decision: "changes",
          note: "Fix the hand, bottom left",
          open: true,
        },
      ],
    });
    const noteId = changes.body.decisions[0]?.commentId ?? "";
    expect((await threads("Grace", renderId)).items.find((t) => t.id === noteId)?.text).toBe(
      "Fix the hand, bottom left",
    );
    expect(await listed("changes")).toContain(renderId);
    expect(await listed("needs")).not.toContain(renderId);

    // Ada approves, but Linus's request is still open.
    expect((await decide("Ada", renderId, { decision: "approve" })).body.state).toBe("changes");
    expect((await boardNow()).approved).toBe(0);
    // The change is made: its note's thread resolved.
    await stack.callJson("POST", `/api/comments/${noteId}/resolve`, as("Grace"));
    expect((await threads("Grace", renderId)).review.state).toBe("approved");
    expect(await listed("approved")).toContain(renderId);
    expect(await listed("changes")).not.toContain(renderId);
    expect(await boardNow()).toMatchObject({ count: 2, approved: 1 });

    // Linus replaces his request with an approval, Ada withdraws hers: still approved, by Linus.
    await decide("Linus", renderId, { decision: "approve" });
    const withdrawn = await stack.callJson<ReviewSummary>(
      "DELETE",
      `/api/renders/${renderId}/review`,
      as("Ada"),
    );
    expect(withdrawn.body).toMatchObject({
      state: "approved",
      decisions: [{ memberId: team.ids.Linus, decision: "approve" }],
    });
    expect(withdrawn.body.decisions).toHaveLength(1);
    await stack.callJson("DELETE", `/api/renders/${renderId}/review`, as("Linus"));
    expect((await threads("Grace", renderId)).review.state).toBe("in_review");
    expect((await boardNow()).approved).toBe(0);
    expect(await listed("needs")).toContain(renderId);
    expect((await stack.callJson("GET", "/api/renders?review=sideways", as("Grace"))).status).toBe(422);

    const audit = await stack.callJson<{ items: { kind: string }[] }>(
      "GET",
      "/api/audit?limit=100",
      as("Ada"),
    );
    const kinds = audit.body.items.map((e) => e.kind);
    // Linus asked for changes then approved, Ada approved; the refused request is no entry.
    expect(kinds.filter((k) => k === "review.decided")).toHaveLength(3);
    expect(kinds.filter((k) => k === "review.withdrawn")).toHaveLength(2);
  });
});

describe("guests on share links", () => {
  const guestPath = (share: ShareCreated) => `${share.path.replace("/s/", "/api/shares/")}/comments`;
  const link = async (json: Record<string, unknown>) =>
    (
      await stack.callJson<ShareCreated>(
        "POST",
        "/api/shares",
        as("Grace", { json: { kind: "render", id: renderAt(0), ...json } }),
      )
    ).body;
  const guestPost = (path: string, json: Record<string, unknown>, address = "203.0.113.7") =>
    stack.callJson<Comment>("POST", path, { json, headers: { "x-forwarded-for": address } });

  test("a link without comments refuses; one with them takes a guest's, which members see, resolve and admins delete", async () => {
    const closed = await link({});
    expect(closed.share.allowComments).toBe(false);
    expect((await guestPost(guestPath(closed), { text: "hi", guestName: "Client" })).status).toBe(403);

    const open = await link({ allowComments: true });
    expect(open.share.allowComments).toBe(true);
    const path = guestPath(open);
    const made = await guestPost(path, {
      text: "Warmer please",
      guestName: "  Client Co  ",
      pin: { kind: "point", x: 0.5, y: 0.5 },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ author: { kind: "guest", name: "Client Co" }, text: "Warmer please" });
    const seen = await stack.callJson<CommentThreadList>("GET", path);
    expect(seen.body.items.map((t) => t.id)).toContain(made.body.id);
    // Guests never see an email.
    expect(JSON.stringify(seen.body)).not.toContain("@example.com");

    expect((await threads("Linus", renderAt(0))).items.map((t) => t.id)).toContain(made.body.id);
    expect((await stack.callJson("POST", `/api/comments/${made.body.id}/resolve`, as("Linus"))).status).toBe(
      200,
    );
    expect((await stack.callJson("DELETE", `/api/comments/${made.body.id}`, as("Grace"))).status).toBe(403);
    expect((await stack.callJson("DELETE", `/api/comments/${made.body.id}`, as("Ada"))).status).toBe(200);
    // Grace made the render: a guest's comment reaches her inbox, named as a guest.
    expect((await inbox("Grace")).items.find((i) => i.commentId === made.body.id)).toMatchObject({
      kind: "comment",
      actor: guestLabel("Client Co"),
    });
  });

  test("a revoked link stops taking comments at once", async () => {
    const open = await link({ allowComments: true });
    const path = guestPath(open);
    expect((await guestPost(path, { text: "before", guestName: "Client" })).status).toBe(201);
    await stack.callJson("DELETE", `/api/shares/${open.share.id}`, as("Grace"));
    expect((await guestPost(path, { text: "after", guestName: "Client" })).status).toBe(404);
    expect((await stack.callJson("GET", path)).status).toBe(404);
  });

  test("guests are limited per address: 429 with Retry-After past it, another address still comments", async () => {
    const open = await link({ allowComments: true });
    const path = guestPath(open);
    const perAddress = GUEST_COMMENT_LIMITS.find((l) => l.by === "address")?.max ?? 0;
    for (let n = 1; n <= perAddress; n++) {
      expect((await guestPost(path, { text: `n${n}`, guestName: "Busy" }, "198.51.100.9")).status).toBe(201);
    }
    const refused = await guestPost(path, { text: "more", guestName: "Busy" }, "198.51.100.9");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(
      (await guestPost(path, { text: "from elsewhere", guestName: "Other" }, "198.51.100.10")).status,
    ).toBe(201);
  });
});

describe("the inbox and live events", () => {
  test("a mention, a reply and a comment on one's render each make one item; read by id or all", async () => {
    const renderId = renderAt(3);
    const before = (await inbox("Linus")).unreadCount;
    const stream = new AbortController();
    const response = await stack.call("GET", "/api/events", as("Linus", { signal: stream.signal }));
    const reader = new SseReader(response.body as ReadableStream<Uint8Array>);
    await reader.until<LiveEvent>((e) => e.type === "hello");
    try {
      const thread = (await post("Ada", renderId, { text: "@linus have a look, and @Grace" })).body;
      // Linus's stream hears of the comment, the card and his item.
      const seen = await reader.until<LiveEvent>((e) => e.type === "comment" && e.id === thread.id);
      expect(seen.at(-1)).toEqual({ type: "comment", renderId, id: thread.id, action: "created" });
      expect(seen.some((e) => e.type === "inbox")).toBe(true);
      expect(
        seen.some(
          (e) => e.type === "render" && e.render.id === renderId && e.render.review?.comments !== undefined,
        ),
      ).toBe(true);

      const linus = await inbox("Linus");
      expect(linus.unreadCount).toBe(before + 1);
      expect(linus.items[0]).toMatchObject({
        kind: "mention",
        renderId,
        commentId: thread.id,
        actor: "Ada",
        readAt: null,
      });
      const grace = await inbox("Grace");
      // Grace is mentioned and made the render: one item, the mention.
      expect(grace.items.filter((i) => i.commentId === thread.id).map((i) => i.kind)).toEqual(["mention"]);

      const reply = (await post("Linus", renderId, { text: "looking", parentId: thread.id })).body;
      expect((await inbox("Ada")).items.find((i) => i.commentId === reply.id)?.kind).toBe("reply");
      expect((await inbox("Linus")).items.find((i) => i.commentId === reply.id)).toBeUndefined();

      // Grace's item is hers: Linus marking it does nothing.
      const graceItem = grace.items.find((i) => i.commentId === thread.id)?.id ?? "";
      await stack.callJson("POST", "/api/inbox/read", as("Linus", { json: { ids: [graceItem] } }));
      expect((await inbox("Grace")).items.find((i) => i.id === graceItem)?.readAt).toBeNull();
      const itemId = linus.items[0]?.id ?? "";
      const read = await stack.callJson<{ unreadCount: number }>(
        "POST",
        "/api/inbox/read",
        as("Linus", { json: { ids: [itemId] } }),
      );
      expect(read.body.unreadCount).toBe(before);
      expect((await inbox("Linus")).items.find((i) => i.id === itemId)?.readAt).toEqual(expect.any(String));
      await stack.callJson("POST", "/api/inbox/read", as("Grace", { json: { all: true } }));
      expect(
        (await stack.callJson<{ unreadCount: number }>("GET", "/api/inbox/unread", as("Grace"))).body,
      ).toEqual({ unreadCount: 0 });
      expect((await stack.callJson("POST", "/api/inbox/read", as("Grace", { json: {} }))).status).toBe(422);
      const unreadOnly = await inbox("Linus", "?unread=true&limit=1");
      expect(unreadOnly.items.every((i) => i.readAt === null)).toBe(true);
    } finally {
      stream.abort();
    }
  });

  test("a decision reaches the render's maker, and a reconnecting stream is replayed what it missed", async () => {
    const renderId = renderAt(1);
    const stream = new AbortController();
    const first = new SseReader(
      (await stack.call("GET", "/api/events", as("Grace", { signal: stream.signal })))
        .body as ReadableStream<Uint8Array>,
    );
    await first.until<LiveEvent>((e) => e.type === "hello");
    const lastSeen = first.lastEventId ?? "";
    stream.abort();
    // The decider's own stream shows when the process has read the decision from the change log:
    // only then is it something a returning stream missed (a change read later reaches it live).
    const watching = new AbortController();
    const watcher = new SseReader(
      (await stack.call("GET", "/api/events", as("Linus", { signal: watching.signal })))
        .body as ReadableStream<Uint8Array>,
    );
    await watcher.until<LiveEvent>((e) => e.type === "hello");

    await decide("Linus", renderId, { decision: "approve" });
    await watcher.until<LiveEvent>((e) => e.type === "review" && e.renderId === renderId);
    watching.abort();
    const again = new AbortController();
    const replay = new SseReader(
      (
        await stack.call(
          "GET",
          "/api/events",
          as("Grace", { signal: again.signal, headers: { "last-event-id": lastSeen } }),
        )
      ).body as ReadableStream<Uint8Array>,
    );
    try {
      const seen = await replay.until<LiveEvent>((e) => e.type === "hello");
      expect(seen).toContainEqual({ type: "review", renderId });
      expect(seen.some((e) => e.type === "inbox")).toBe(true);
    } finally {
      again.abort();
    }
    expect((await inbox("Grace")).items[0]).toMatchObject({
      kind: "decision",
      renderId,
      actor: "Linus",
      text: "Approved",
    });
    await stack.callJson("DELETE", `/api/renders/${renderId}/review`, as("Linus"));
  });

  test("spend notices arrive in the inbox of those who may read them: admins for the balance", async () => {
    await stack.callJson("POST", "/api/team", as("Ada", { json: { lowBalanceCredits: 1_000_000 } }));
    await stack.callJson("GET", "/api/account", as("Ada"));
    const item = await waitFor(
      async () => (await inbox("Ada")).items.find((i) => i.kind === "low_balance"),
      5_000,
    );
    expect(item).toMatchObject({ renderId: null, actor: null, readAt: null });
    expect((await inbox("Grace")).items.some((i) => i.kind === "low_balance")).toBe(false);
    await stack.callJson("POST", "/api/team", as("Ada", { json: { lowBalanceCredits: null } }));
  });
});

test("a zip of commented renders carries comments.csv: author, position, text, resolved", async () => {
  const renderId = renderAt(0);
  const response = await stack.call("GET", `/api/renders/zip?ids=${renderId}`, as("Grace"));
  const entries = await zipEntries(new Uint8Array(await response.arrayBuffer()));
  const csv = entries.find((e) => e.name === "comments.csv")?.data.toString("utf8") ?? "";
  const lines = csv.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe("render id,author,time,position,text,resolved,comment id,reply to");
  const listed = await threads("Grace", renderId);
  const standing = listed.items.flatMap((t) => [t, ...t.replies]).filter((c) => c.deletedAt === null);
  expect(lines.filter(Boolean)).toHaveLength(standing.length + 1);
  const first = listed.items[0];
  expect(csv).toContain(`${renderId},Grace,${first?.createdAt},"x 0.100, y 0.200, w 0.300, h 0.400"`);
  // A reply is resolved when its thread is.
  expect(csv).toContain(
    `${renderId},Linus,${first?.replies[0]?.createdAt},"x 0.100, y 0.200, w 0.300, h 0.400",On it,no`,
  );
});
