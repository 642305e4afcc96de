/**
 * The audit log with sign-in on, over the real route handlers, the simulator and a real ledger (SQLite
 * here, PostgreSQL in the `postgres` project): every kind recorded today, with who (by name at the
 * time), from which address and before → after; no secret in any row or in the export; filters,
 * paging, the CSV export against the list; admins only; the retention sweep.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type {
  ApiTokenCreated,
  AuditEntry,
  AuditPage,
  AwaitingApprovalResult,
  Board,
  InviteCreated,
  OneTimeLink,
  CreateRenderResult,
  RateCard,
  ShareCreated,
} from "@/lib/contract";
import { auditCsvHeader, auditCsvRows } from "@/lib/domain/audit";
import { getDb } from "@/lib/server/db/database";
import { recordAudit } from "@/lib/server/ledger/audit";
import { hashSecretToken } from "@/lib/server/runtime/secret-tokens";
import { TEST_TEAM, signedInMembers, startStack, waitFor, type Stack } from "@/test/server-stack";

/** Entries older than this many days are swept (set below the default, so the test reads the setting). */
const RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;
/** Each member's requests come from an address of their own, through one trusted proxy. */
const ADDRESS: Record<string, string> = { Ada: "198.51.100.1", Grace: "198.51.100.2", Linus: "198.51.100.3" };
const as = (name: string) => ({
  headers: { cookie: team.cookies[name] ?? "", "x-forwarded-for": ADDRESS[name] ?? "" },
});

/** Every secret the recorded actions saw: none may reach a row or the export. */
const secrets: string[] = [];
const WRONG_PASSWORD = "not grace's password at all";
const GUESSER = "203.0.113.9";

/** What each action should have recorded, oldest first. */
const expected: Partial<AuditEntry>[] = [];
const idOf = (name: string) => team.ids[name] ?? "";
const actor = (name: string) => ({ id: idOf(name), name });

beforeAll(async () => {
  stack = await startStack({
    env: {
      AUTH_SECRET: "audit-log-secret-that-is-long-enough-2468",
      TRUSTED_PROXY_HOPS: "1",
      AUDIT_RETENTION_DAYS: String(RETENTION_DAYS),
    },
  });
  team = await signedInMembers(stack);
  secrets.push(...Object.values(TEST_TEAM).map((m) => m.password), WRONG_PASSWORD);
  await recordEveryKind();
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  delete process.env.TRUSTED_PROXY_HOPS;
  delete process.env.AUDIT_RETENTION_DAYS;
  return stack.close();
});

async function ok<T>(response: Promise<{ status: number; body: T }>, status = 200): Promise<T> {
  const { status: got, body } = await response;
  expect(got, JSON.stringify(body)).toBe(status);
  return body;
}

/** Does each thing the log records today, noting what its entry should say. */
async function recordEveryKind() {
  // Every entry of the team's own sign-ins is there too; those below are the ones this test reads.
  const failed = await stack.call("POST", "/api/auth/sign-in", {
    json: { email: TEST_TEAM.grace.email, password: WRONG_PASSWORD },
    headers: { "x-forwarded-for": GUESSER },
  });
  expect(failed.status).toBe(401);
  expected.push({ kind: "sign_in.failed", actor: null, email: TEST_TEAM.grace.email, address: GUESSER });

  const signedIn = await stack.call("POST", "/api/auth/sign-in", {
    json: { email: TEST_TEAM.linus.email, password: TEST_TEAM.linus.password },
    headers: { "x-forwarded-for": ADDRESS.Linus! },
  });
  expect(signedIn.status).toBe(200);
  expected.push({ kind: "sign_in.succeeded", actor: actor("Linus"), email: null, address: ADDRESS.Linus });

  const linus = { type: "member", id: idOf("Linus"), name: "Linus" };
  await ok(
    stack.callJson("POST", `/api/members/${team.ids.Linus}`, {
      ...as("Ada"),
      json: { role: "admin", monthlyCapCredits: 500 },
    }),
  );
  expected.push(
    {
      kind: "member.role_changed",
      actor: actor("Ada"),
      address: ADDRESS.Ada,
      target: linus,
      change: { before: { role: "member" }, after: { role: "admin" } },
    },
    {
      kind: "member.cap_changed",
      actor: actor("Ada"),
      target: linus,
      change: { before: { monthlyCapCredits: null }, after: { monthlyCapCredits: 500 } },
    },
  );
  // Setting what is already set changes nothing, and records nothing.
  await ok(
    stack.callJson("POST", `/api/members/${team.ids.Linus}`, { ...as("Ada"), json: { role: "admin" } }),
  );

  await ok(stack.callJson("POST", "/api/team", { ...as("Ada"), json: { monthlyBudgetCredits: 5000 } }));
  expected.push({
    kind: "team_settings.changed",
    actor: actor("Ada"),
    target: { type: "team", id: null, name: null },
    change: { before: { monthlyBudgetCredits: null }, after: { monthlyBudgetCredits: 5000 } },
  });
  const limits = await ok(
    stack.callJson<{ limits: Record<string, number> }>("GET", "/api/team/limits", as("Ada")),
  );
  const [limit = "", value = 0] = Object.entries(limits.limits)[0] ?? [];
  await ok(stack.callJson("POST", "/api/team/limits", { ...as("Ada"), json: { [limit]: value + 1 } }));
  expected.push({
    kind: "team_settings.changed",
    target: { type: "team limits", id: null, name: null },
    change: { before: { [limit]: value }, after: { [limit]: value + 1 } },
  });

  const card = await ok(stack.callJson<RateCard>("GET", "/api/rates", as("Ada")));
  const key = card.rows[0]?.key ?? "";
  await ok(stack.callJson("POST", "/api/rates", { ...as("Ada"), json: { key, creditsPerUnit: 14 } }));
  expected.push({
    kind: "rate_card.changed",
    target: { type: "price key", id: key, name: null },
    change: { before: { creditsPerUnit: null }, after: { creditsPerUnit: 14 } },
  });

  const token = await ok(
    stack.callJson<ApiTokenCreated>("POST", "/api/tokens", {
      ...as("Grace"),
      json: { name: "CI", scope: "read" },
    }),
    201,
  );
  secrets.push(token.secret, hashSecretToken(token.secret));
  const tokenTarget = { type: "API token", id: token.token.id, name: "CI" };
  expected.push({ kind: "token.made", actor: actor("Grace"), address: ADDRESS.Grace, target: tokenTarget });
  await ok(stack.callJson("DELETE", `/api/tokens/${token.token.id}`, as("Grace")));
  expected.push({ kind: "token.revoked", actor: actor("Grace"), target: tokenTarget });

  const board = await ok(
    stack.callJson<Board>("POST", "/api/boards", { ...as("Grace"), json: { name: "Coast" } }),
    201,
  );
  const share = await ok(
    stack.callJson<ShareCreated>("POST", "/api/shares", {
      ...as("Grace"),
      json: { kind: "board", id: board.id },
    }),
    201,
  );
  const linkToken = share.path.split("/").pop() ?? "";
  secrets.push(linkToken, hashSecretToken(linkToken));
  const shareTarget = { type: "share link", id: share.share.id, name: `board ${board.id}` };
  expected.push({ kind: "share.made", actor: actor("Grace"), target: shareTarget });
  await ok(stack.callJson("DELETE", `/api/shares/${share.share.id}`, as("Grace")));
  expected.push({ kind: "share.revoked", target: shareTarget });
  await ok(stack.callJson("DELETE", `/api/boards/${board.id}`, as("Grace")));
  expected.push({ kind: "board.deleted", target: { type: "board", id: board.id, name: "Coast" } });

  const created = await ok(
    stack.callJson<CreateRenderResult>("POST", "/api/renders", {
      ...as("Grace"),
      json: { kind: "image", prompt: "a lighthouse at dusk" },
    }),
    202,
  );
  const ids = created.renders.map((r) => r.id);
  const renders = {
    type: "renders",
    id: ids.join(","),
    name: `${ids.length} render${ids.length === 1 ? "" : "s"}`,
  };
  await ok(stack.callJson("POST", "/api/renders/archive", { ...as("Grace"), json: { ids, archived: true } }));
  expected.push({ kind: "renders.archived", actor: actor("Grace"), target: renders });
  await ok(
    stack.callJson("POST", "/api/renders/archive", { ...as("Grace"), json: { ids, archived: false } }),
  );
  expected.push({ kind: "renders.unarchived", target: renders });

  // Every render of Grace's waits for an admin now; Ada declines one with a note.
  await ok(stack.callJson("POST", "/api/team", { ...as("Ada"), json: { approvalAboveCredits: 0 } }));
  expected.push({
    kind: "team_settings.changed",
    change: { before: { approvalAboveCredits: null }, after: { approvalAboveCredits: 0 } },
  });
  const held = await ok(
    stack.callJson<AwaitingApprovalResult>("POST", "/api/renders", {
      ...as("Grace"),
      json: { kind: "video", model: "kling", durationSeconds: 5, prompt: "a storm over the pier" },
    }),
    202,
  );
  await ok(
    stack.callJson("POST", `/api/approvals/${held.requestId}/decline`, {
      ...as("Ada"),
      json: { note: "Next month" },
    }),
  );
  expected.push({
    kind: "approval.decided",
    actor: actor("Ada"),
    target: { type: "render request", id: held.requestId, name: "Grace: a storm over the pier" },
    change: { before: { decision: null }, after: { decision: "declined", note: "Next month" } },
  });

  await recordPeopleKinds();

  await ok(stack.callJson("POST", "/api/auth/sign-out", as("Linus")));
  expected.push({ kind: "session.signed_out", actor: actor("Linus"), address: ADDRESS.Linus });
}

/** The team's people: an invite made, revoked and used, a member deactivated and back, passwords, sessions. */
async function recordPeopleKinds() {
  const tokenOf = (path: string) => path.split("/").pop() ?? "";
  const invite = (name: string) =>
    ok(
      stack.callJson<InviteCreated>("POST", "/api/invites", { ...as("Ada"), json: { name, role: "member" } }),
      201,
    );
  const revoked = await invite("Nobody");
  const made = await invite("Hedy");
  secrets.push(tokenOf(revoked.link.path), tokenOf(made.link.path), hashSecretToken(tokenOf(made.link.path)));
  expected.push(
    {
      kind: "invite.made",
      actor: actor("Ada"),
      target: { type: "invite", id: revoked.invite.id, name: "Nobody" },
    },
    {
      kind: "invite.made",
      actor: actor("Ada"),
      target: { type: "invite", id: made.invite.id, name: "Hedy" },
    },
  );
  await ok(stack.callJson("DELETE", `/api/invites/${revoked.invite.id}`, as("Ada")));
  expected.push({
    kind: "invite.revoked",
    actor: actor("Ada"),
    target: { type: "invite", id: revoked.invite.id, name: null },
  });

  const hedyPassword = "frequency hopping spread";
  const hedyAddress = "198.51.100.4";
  secrets.push(hedyPassword);
  const joined = await stack.callJson<{ member: { id: string } }>("POST", "/api/auth/join", {
    json: { token: tokenOf(made.link.path), name: "Hedy", email: "hedy@example.com", password: hedyPassword },
    headers: { "x-forwarded-for": hedyAddress },
  });
  expect(joined.status, JSON.stringify(joined.body)).toBe(201);
  const hedy = { id: joined.body.member.id, name: "Hedy" };
  const hedyTarget = { type: "member", ...hedy };
  const asHedy = {
    headers: {
      cookie: (joined.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
      "x-forwarded-for": hedyAddress,
    },
  };
  expected.push({
    kind: "invite.used",
    actor: hedy,
    address: hedyAddress,
    target: { type: "invite", id: made.invite.id, name: "Hedy" },
  });

  const newPassword = "frequency hopping again";
  secrets.push(newPassword);
  await ok(
    stack.callJson("POST", "/api/auth/password", {
      ...asHedy,
      json: { currentPassword: hedyPassword, newPassword },
    }),
  );
  expected.push({ kind: "password.changed", actor: hedy, address: hedyAddress });

  const reset = await ok(
    stack.callJson<OneTimeLink>("POST", `/api/members/${hedy.id}/password-reset`, as("Ada")),
    201,
  );
  secrets.push(tokenOf(reset.path), hashSecretToken(tokenOf(reset.path)));
  expected.push({ kind: "password_reset.made", actor: actor("Ada"), target: hedyTarget });
  const used = await stack.callJson("POST", "/api/auth/reset-password", {
    json: { token: tokenOf(reset.path), password: hedyPassword },
    headers: { "x-forwarded-for": hedyAddress },
  });
  expect(used.status, JSON.stringify(used.body)).toBe(200);
  expected.push({ kind: "password_reset.used", actor: hedy, address: hedyAddress, target: hedyTarget });

  await ok(stack.callJson("POST", `/api/members/${hedy.id}/deactivate`, as("Ada")));
  await ok(stack.callJson("POST", `/api/members/${hedy.id}/reactivate`, as("Ada")));
  expected.push(
    { kind: "member.deactivated", actor: actor("Ada"), target: hedyTarget },
    { kind: "member.reactivated", actor: actor("Ada"), target: hedyTarget },
  );

  // Grace signs in a second time elsewhere, then ends that other session from her first.
  await ok(
    stack.callJson("POST", "/api/auth/sign-in", {
      json: { email: TEST_TEAM.grace.email, password: TEST_TEAM.grace.password },
      headers: { "x-forwarded-for": ADDRESS.Grace! },
    }),
  );
  expected.push({ kind: "sign_in.succeeded", actor: actor("Grace") });
  await ok(stack.callJson("POST", "/api/auth/sessions/sign-out-others", as("Grace")));
  expected.push({ kind: "session.ended", actor: actor("Grace"), address: ADDRESS.Grace });
}

const list = (query: string, who = "Ada") => stack.callJson<AuditPage>("GET", `/api/audit?${query}`, as(who));

/** Every entry the filter matches, page by page, newest first. */
async function allPages(filter: string, limit: number): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = "";
  while (cursor !== null) {
    const page: AuditPage = await ok(list(`${filter}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`));
    expect(page.items.length).toBeLessThanOrEqual(limit);
    entries.push(...page.items);
    cursor = page.nextCursor;
  }
  return entries;
}

/** The entries this test's actions recorded, oldest first: the log after the team's first sign-ins. */
async function recorded(): Promise<AuditEntry[]> {
  const all = (await allPages("", 100)).toReversed();
  const first = all.findIndex((e) => e.kind === "sign_in.failed");
  return all.slice(first);
}

test("each action is one entry, in order: who by name, the address, what, and before → after", async () => {
  const entries = await recorded();
  expect(entries).toHaveLength(expected.length);
  entries.forEach((entry, i) => expect(entry, `entry ${i}: ${entry.kind}`).toMatchObject(expected[i]!));
  // Ada's changes came from her address; the entries' times run forward.
  expect(entries.filter((e) => e.actor?.name === "Ada").every((e) => e.address === ADDRESS.Ada)).toBe(true);
  const times = entries.map((e) => Date.parse(e.at));
  expect(times).toEqual(times.toSorted((a, b) => a - b));
});

test("no secret anywhere: not in a row of the ledger, not in the list, not in the export", async () => {
  const rows = JSON.stringify(
    await (await getDb(stack.databaseUrl)).selectFrom("audit_log").selectAll().execute(),
  );
  const listed = JSON.stringify(await allPages("", 100));
  const csv = await (await stack.call("GET", "/api/audit/export", as("Ada"))).text();
  expect(secrets.length).toBeGreaterThan(5);
  for (const secret of secrets) {
    expect(rows).not.toContain(secret);
    expect(listed).not.toContain(secret);
    expect(csv).not.toContain(secret);
  }
});

describe("filters and paging", () => {
  test("by member: only what they did", async () => {
    const grace = await allPages(`member=${team.ids.Grace}`, 100);
    expect(grace.length).toBeGreaterThan(5);
    expect(grace.every((e) => e.actor?.id === team.ids.Grace)).toBe(true);
  });

  test("by kind", async () => {
    const changed = await allPages("kind=team_settings.changed", 100);
    expect(changed.map((e) => e.kind)).toEqual(
      expected.filter((e) => e.kind === "team_settings.changed").map((e) => e.kind),
    );
  });

  test("by date: today's days hold every entry, a range before or after holds none", async () => {
    const all = await allPages("", 100);
    const today = new Date().toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
    expect(await allPages(`from=${today}&to=${today}`, 100)).toEqual(all);
    expect(await allPages(`to=${yesterday}`, 100)).toEqual([]);
    expect(await allPages(`from=${tomorrow}`, 100)).toEqual([]);
    const refused = await list(`from=${today}&to=${yesterday}`);
    expect(refused.status).toBe(422);
  });

  test("small pages walk the whole log once, newest first", async () => {
    const whole = await allPages("", 100);
    const paged = await allPages("", 3);
    expect(paged).toEqual(whole);
    expect(new Set(paged.map((e) => e.id)).size).toBe(paged.length);
  });

  test("a made-up cursor is refused, naming it", async () => {
    const response = await list("cursor=bm90IGEgY3Vyc29y");
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: { code: "invalid_request", field: "cursor" } });
  });
});

test("the CSV export holds the list's entries, with the same filters, every one of them", async () => {
  for (const filter of ["", `member=${team.ids.Grace}`, "kind=team_settings.changed"]) {
    const response = await stack.call("GET", `/api/audit/export?${filter}`, as("Ada"));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-/);
    const entries = await allPages(filter, 100);
    // Read with its byte-order mark, which text() would drop.
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv).toBe(auditCsvHeader() + auditCsvRows(entries));
  }
});

test("members who are not admins may not read the log or export it", async () => {
  for (const path of ["/api/audit", "/api/audit/export"]) {
    const response = await stack.callJson("GET", path, as("Grace"));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: { code: "forbidden", message: "Only a team admin can do this." },
    });
  }
});

test("the leader sweeps entries past AUDIT_RETENTION_DAYS and keeps the rest", async () => {
  const db = await getDb(stack.databaseUrl);
  const by = { member: null, address: null };
  const old = new Date(Date.now() - (RETENTION_DAYS + 1) * DAY_MS);
  const kept = new Date(Date.now() - (RETENTION_DAYS - 1) * DAY_MS);
  await recordAudit(db, { kind: "sign_in.failed", by, email: "old@example.com", at: old });
  await recordAudit(db, { kind: "sign_in.failed", by, email: "kept@example.com", at: kept });
  const emails = async () => (await allPages("kind=sign_in.failed", 100)).map((e) => e.email);
  expect(await emails()).toContain("old@example.com");

  const { startAuditSweeper, stopAuditSweeper } = await import("@/lib/server/audit/service");
  await startAuditSweeper();
  try {
    await waitFor(async () => ((await emails()).includes("old@example.com") ? undefined : true), 10_000);
  } finally {
    await stopAuditSweeper();
  }
  expect(await emails()).toContain("kept@example.com");
  expect(await emails()).toContain(TEST_TEAM.grace.email);
});
