/**
 * Single sign-on against a real OpenID provider (`oidc-provider`, test/oidc-provider.ts) over HTTP,
 * through the dashboard's route handlers: the first sign-in makes the member, the account is linked
 * by issuer and subject, the role follows the groups at every sign-in, and every refusal (state,
 * nonce, a code used twice, groups, domains, the provider down) sends the browser to the sign-in
 * page saying why, with nothing created.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SessionInfo } from "@/lib/contract";
import { getDb } from "@/lib/server/db/database";
import { countMembers, findMemberRowByEmail } from "@/lib/server/ledger/members";
import { addMember } from "@/lib/server/team/members";
import { TEST_CLIENT, startOidcProvider, type TestProvider } from "@/test/oidc-provider";
import { startStack, type Stack } from "@/test/server-stack";

const CALLBACK = "http://dashboard.test/api/auth/oidc/callback";
const AUTH_SECRET = "an-sso-test-secret-that-is-long-enough-0042";

const ssoEnv = (issuer: string) => ({
  AUTH_SECRET,
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: TEST_CLIENT.id,
  OIDC_CLIENT_SECRET: TEST_CLIENT.secret,
  OIDC_NAME: "Test ID",
  OIDC_ALLOWED_GROUPS: "team",
  OIDC_ADMIN_GROUPS: "admins",
  OIDC_ALLOWED_DOMAINS: "allowed.example",
});

/** Stacks take their settings from the process's environment: the next stack must not inherit these. */
function forgetSsoEnv() {
  for (const name of [...Object.keys(ssoEnv("")), "PASSWORD_SIGN_IN"]) delete process.env[name];
}

/** Where a refused callback sends the browser: the sign-in page saying why, and no session. */
const refusedAs = (reason: string, next?: string) => ({
  location: `/sign-in?sso=${reason}${next ? `&next=${encodeURIComponent(next)}` : ""}`,
  session: undefined,
});

/** The `name=value` of a Set-Cookie header's cookie called `name`, or undefined. */
function cookieFrom(response: Response, name: string): string | undefined {
  const set = response.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  const pair = set?.split(";")[0];
  return pair && pair !== `${name}=` ? pair : undefined;
}

describe("with the provider up", () => {
  let stack: Stack;
  let provider: TestProvider;

  beforeAll(async () => {
    provider = await startOidcProvider({
      redirectUris: [CALLBACK],
      accounts: {
        ada: { email: "ada@example.com", email_verified: true, name: "Ada", groups: ["team", "admins"] },
        grace: { email: "grace@example.com", email_verified: true, name: "Grace", groups: ["team"] },
        mallory: { email: "mallory@example.com", email_verified: true, name: "Mallory", groups: ["other"] },
        dora: { email: "dora@allowed.example", email_verified: true, name: "Dora" },
        uma: { email: "uma@allowed.example", email_verified: false, name: "Uma" },
        ken: { email: "ken@example.com", email_verified: true, name: "Ken", groups: ["team"] },
        nina: { email: "nina@example.com", email_verified: true, name: "Nina", groups: ["team"] },
        otto: { email: "otto@example.com", email_verified: true, name: "Otto", groups: ["team"] },
      },
    });
    stack = await startStack({ env: ssoEnv(provider.issuer) });
  });
  afterAll(async () => {
    await stack.close();
    await provider.close();
    forgetSsoEnv();
  });

  const members = async () => countMembers(await getDb(stack.databaseUrl));

  /** The audit log's entries of one kind, oldest first: who, which email, about what. */
  const audited = async (kind: string) =>
    (await getDb(stack.databaseUrl))
      .selectFrom("audit_log")
      .select(["member_name", "email", "target_name", "change"])
      .where("kind", "=", kind)
      .orderBy("seq")
      .execute();

  /** Starts a flow as a browser would: the provider's page to go to, and the flow's cookie. */
  async function start(next?: string): Promise<{ authorizationUrl: URL; flow: string }> {
    const response = await stack.call(
      "GET",
      `/api/auth/oidc/start${next ? `?next=${encodeURIComponent(next)}` : ""}`,
    );
    expect(response.status).toBe(303);
    const authorizationUrl = new URL(response.headers.get("location") ?? "");
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const flow = cookieFrom(response, "rd_sso");
    expect(flow).toBeDefined();
    return { authorizationUrl, flow: flow ?? "" };
  }

  /** The provider's redirect back, arriving in a browser holding `flow`: where it goes, and its session. */
  async function callback(back: URL, flow: string | null) {
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    const response = await stack.call("GET", `${back.pathname}${back.search}`, {
      headers: flow ? { cookie: flow } : {},
    });
    expect(response.status).toBe(303);
    return { location: response.headers.get("location") ?? "", session: cookieFrom(response, "rd_session") };
  }

  async function signInAs(subject: string, next?: string) {
    const { authorizationUrl, flow } = await start(next);
    return callback(await provider.signIn(authorizationUrl, subject), flow);
  }

  async function whoIs(session: string | undefined) {
    const response = await stack.callJson<SessionInfo>("GET", "/api/auth/session", {
      headers: { cookie: session ?? "" },
    });
    return response.body.member;
  }

  test("a member of an allowed group becomes a member at their first sign-in, and the same one after", async () => {
    const before = await members();
    const first = await signInAs("grace", "/boards");
    expect(first.location).toBe("/boards");
    const grace = await whoIs(first.session);
    expect(grace).toMatchObject({ name: "Grace", email: "grace@example.com", role: "member" });
    const again = await signInAs("grace");
    expect(again.location).toBe("/");
    expect((await whoIs(again.session))?.id).toBe(grace?.id);
    expect(await members()).toBe(before + 1);
  });

  test("a member made by single sign-on has no password that signs in", async () => {
    await signInAs("otto");
    const row = await findMemberRowByEmail(await getDb(stack.databaseUrl), "otto@example.com");
    for (const password of [row?.password_hash ?? "", "any password at all"]) {
      const response = await stack.callJson("POST", "/api/auth/sign-in", {
        json: { email: "otto@example.com", password },
        headers: { "x-forwarded-for": "10.9.0.1" },
      });
      expect(response.status).toBe(401);
    }
  });

  test("a wrong state is refused before the code is redeemed", async () => {
    const before = await members();
    const mine = await start();
    const other = await start();
    const back = await provider.signIn(mine.authorizationUrl, "ken");
    // The provider's answer for one flow, arriving in a browser that started another (login CSRF).
    const refused = await callback(back, other.flow);
    expect(refused).toEqual(refusedAs("failed"));
    expect(await members()).toBe(before);
    // The code was never sent to the provider: it still signs in the browser whose flow it is.
    const signedIn = await callback(back, mine.flow);
    expect((await whoIs(signedIn.session))?.name).toBe("Ken");
  });

  test("a code used twice is refused the second time", async () => {
    const { authorizationUrl, flow } = await start();
    const back = await provider.signIn(authorizationUrl, "nina");
    expect((await whoIs((await callback(back, flow)).session))?.name).toBe("Nina");
    expect(await audited("sign_in.succeeded")).toContainEqual(
      expect.objectContaining({ member_name: "Nina" }),
    );
    expect(await callback(back, flow)).toEqual(refusedAs("failed"));
  });

  test("an ID token whose nonce is not the flow's is refused, and nothing is made", async () => {
    const before = await members();
    const { authorizationUrl, flow } = await start();
    authorizationUrl.searchParams.set("nonce", "a-nonce-the-dashboard-never-made");
    const back = await provider.signIn(authorizationUrl, "dora");
    expect(await callback(back, flow)).toEqual(refusedAs("failed"));
    expect(await members()).toBe(before);
  });

  test("no flow in the browser: refused as expired", async () => {
    const { authorizationUrl } = await start();
    const back = await provider.signIn(authorizationUrl, "grace");
    expect(await callback(back, null)).toEqual(refusedAs("expired"));
  });

  test("someone outside the allowed groups and domains is refused, and nothing is made", async () => {
    const before = await members();
    expect(await signInAs("mallory", "/usage")).toEqual(refusedAs("refused", "/usage"));
    expect(await members()).toBe(before);
    expect(await findMemberRowByEmail(await getDb(stack.databaseUrl), "mallory@example.com")).toBeUndefined();
    expect(await audited("sign_in.sso_refused")).toContainEqual(
      expect.objectContaining({ email: "mallory@example.com", target_name: "refused" }),
    );
  });

  test("an allowed domain lets in a verified email only", async () => {
    const dora = await signInAs("dora");
    expect(await whoIs(dora.session)).toMatchObject({ email: "dora@allowed.example", role: "member" });
    const before = await members();
    expect(await signInAs("uma")).toEqual(refusedAs("refused"));
    expect(await members()).toBe(before);
  });

  test("the role follows the admin group at every sign-in", async () => {
    const first = await signInAs("ada");
    expect((await whoIs(first.session))?.role).toBe("admin");
    provider.accounts.set("ada", { ...provider.accounts.get("ada"), groups: ["team"] });
    const after = await signInAs("ada");
    expect(await audited("member.role_changed")).toEqual([
      expect.objectContaining({
        member_name: "Ada",
        change: JSON.stringify({ before: { role: "admin" }, after: { role: "member" } }),
      }),
    ]);
    expect(await whoIs(after.session)).toMatchObject({
      id: (await whoIs(first.session))?.id,
      role: "member",
    });
  });

  test("a member with the same verified email is linked once; an unverified or second account is not", async () => {
    const db = await getDb(stack.databaseUrl);
    const linus = await addMember(db, {
      email: "linus@example.com",
      name: "Linus",
      role: "member",
      password: "a long enough password",
    });
    const before = await members();
    const linusAt = (verified: boolean) => ({
      email: "linus@example.com",
      email_verified: verified,
      groups: ["team"],
    });
    provider.accounts.set("linus-unverified", linusAt(false));
    expect(await signInAs("linus-unverified")).toEqual(refusedAs("email_taken"));
    provider.accounts.set("linus", linusAt(true));
    expect((await whoIs((await signInAs("linus")).session))?.id).toBe(linus.id);
    provider.accounts.set("linus-again", linusAt(true));
    expect(await signInAs("linus-again")).toEqual(refusedAs("email_taken"));
    expect(await members()).toBe(before);
  });

  test("the provider down after the flow began: refused as unavailable, nothing made", async () => {
    const before = await members();
    const { authorizationUrl, flow } = await start();
    provider.accounts.set("late", { email: "late@example.com", email_verified: true, groups: ["team"] });
    const back = await provider.signIn(authorizationUrl, "late");
    await provider.close();
    expect(await callback(back, flow)).toEqual(refusedAs("unavailable"));
    expect(await members()).toBe(before);
  });
});

describe("with the provider down from the start, and password sign-in off", () => {
  let stack: Stack;

  beforeAll(async () => {
    // A provider that has stopped listening: its port refuses connections.
    const gone = await startOidcProvider({ redirectUris: [CALLBACK] });
    await gone.close();
    stack = await startStack({ env: { ...ssoEnv(gone.issuer), PASSWORD_SIGN_IN: "off" } });
    await addMember(await getDb(stack.databaseUrl), {
      email: "ada@example.com",
      name: "Ada",
      role: "admin",
      password: "correct horse battery",
    });
  });
  afterAll(async () => {
    await stack.close();
    forgetSsoEnv();
  });

  test("start sends the browser back to the sign-in page saying so, with no flow and nothing made", async () => {
    const response = await stack.call("GET", "/api/auth/oidc/start?next=%2Frates");
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/sign-in?sso=unavailable&next=%2Frates");
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await countMembers(await getDb(stack.databaseUrl))).toBe(1);
  });

  test("the password route is refused, even with the right password", async () => {
    const response = await stack.callJson("POST", "/api/auth/sign-in", {
      json: { email: "ada@example.com", password: "correct horse battery" },
    });
    expect(response).toMatchObject({
      status: 403,
      body: {
        error: {
          code: "forbidden",
          message: "Password sign-in is off on this dashboard: sign in with Test ID.",
        },
      },
    });
    expect(response.headers.get("set-cookie")).toBeNull();
  });
});

describe("without single sign-on set up", () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ env: { AUTH_SECRET } });
  });
  afterAll(() => stack.close());

  test("both routes answer 404", async () => {
    for (const path of ["/api/auth/oidc/start", "/api/auth/oidc/callback?code=x&state=y"]) {
      expect(await stack.callJson("GET", path)).toMatchObject({
        status: 404,
        body: { error: { code: "not_found" } },
      });
    }
  });
});
