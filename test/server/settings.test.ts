/**
 * The settings schema's verdicts, one line per problem, and the request facts read behind trusted
 * proxies (client address, HTTPS).
 */
import { describe, expect, test } from "vitest";
import { parseSettings } from "@/lib/server/runtime/config";
import { clientAddress, reachedOverHttps } from "@/lib/server/access/origin";
import { socketAddressHeader } from "@/lib/server/runtime/socket-address";

describe("parseSettings", () => {
  test("an empty environment is valid, not configured, with every default", () => {
    const result = parseSettings({});
    expect(result).toMatchObject({
      ok: true,
      settings: {
        RENDER_POLL_BUDGET_PER_MIN: 50,
        TRUSTED_PROXY_HOPS: 0,
        PORT: 3000,
        SESSION_DAYS: 7,
        PASSWORD_HASH_COST: 17,
      },
    });
    expect(result.ok && result.settings.RENDER_API_KEY).toBeUndefined();
    expect(result.ok && result.settings.MEDIA_ORIGINS).toBeUndefined();
  });

  test("blank values count as unset, as .env.example's are meant", () => {
    expect(parseSettings({ RENDER_API_KEY: "", AUTH_SECRET: "", MEDIA_ORIGINS: "" })).toMatchObject({
      ok: true,
    });
  });

  test.each([
    [
      "RENDER_POLL_BUDGET_PER_MIN",
      "abc",
      'RENDER_POLL_BUDGET_PER_MIN must be a whole number above 0 (got "abc")',
    ],
    [
      "RENDER_POLL_BUDGET_PER_MIN",
      "0",
      'RENDER_POLL_BUDGET_PER_MIN must be a whole number above 0 (got "0")',
    ],
    ["TRUSTED_PROXY_HOPS", "-1", 'TRUSTED_PROXY_HOPS must be a whole number from 0 to 10 (got "-1")'],
    ["PORT", "70000", 'PORT must be a TCP port from 1 to 65535 (got "70000")'],
    [
      "PASSWORD_HASH_COST",
      "12",
      `PASSWORD_HASH_COST must be a whole number from 14 to 18 (log2 of scrypt's N) (got "12")`,
    ],
    [
      "RENDER_API_BASE_URL",
      "render.example.com",
      `RENDER_API_BASE_URL must be the service's http(s) base address, e.g. https://render.example.com (got "render.example.com")`,
    ],
    [
      "MEDIA_ORIGINS",
      "https://a.example,javascript:alert(1)",
      'MEDIA_ORIGINS must be comma-separated http(s) origins such as https://cdn.example.com (no path) (got "https://a.example,javascript:alert(1)")',
    ],
    [
      "MEDIA_ORIGINS",
      "https://a.example; script-src *",
      'MEDIA_ORIGINS must be comma-separated http(s) origins such as https://cdn.example.com (no path) (got "https://a.example; script-src *")',
    ],
    [
      "RATE_CARD",
      "{kling",
      'RATE_CARD must be JSON like {"kling:1080p": 14} (credits per second or per image, 0 or more) (got "{kling")',
    ],
    // A secret's value is never echoed, only its length.
    [
      "AUTH_SECRET",
      "short-secret",
      "AUTH_SECRET must be at least 32 characters (e.g. the output of `openssl rand -base64 32`) (got 12 characters)",
    ],
    // A webhook URL holds its receiver's secret: not echoed either.
    [
      "ALERT_WEBHOOK_URL",
      "ftp://hooks.example/T0/secret",
      "ALERT_WEBHOOK_URL must be an http(s) URL, e.g. https://hooks.slack.com/services/… (got 29 characters)",
    ],
  ])("%s=%s is invalid", (name, value, problem) => {
    expect(parseSettings({ [name]: value })).toEqual({ ok: false, problems: [problem] });
  });

  test("MEDIA_ORIGINS: origins, with spaces, a trailing slash or a trailing comma", () => {
    const result = parseSettings({ MEDIA_ORIGINS: " https://cdn.example/ , http://127.0.0.1:4010," });
    expect(result.ok && result.settings.MEDIA_ORIGINS).toEqual([
      "https://cdn.example",
      "http://127.0.0.1:4010",
    ]);
  });

  describe("single sign-on", () => {
    const SSO = {
      AUTH_SECRET: "a-settings-test-secret-of-32-characters",
      OIDC_ISSUER: "https://sso.example.com/realms/team",
      OIDC_CLIENT_ID: "render-dashboard",
      OIDC_CLIENT_SECRET: "s3cret",
      OIDC_ALLOWED_GROUPS: "design, video ,",
    };

    test("set whole: the lists read, the name and groups claim take their defaults", () => {
      expect(parseSettings(SSO)).toMatchObject({
        ok: true,
        settings: { OIDC_ALLOWED_GROUPS: ["design", "video"], OIDC_NAME: "SSO", OIDC_GROUPS_CLAIM: "groups" },
      });
    });

    test.each([
      [
        { OIDC_CLIENT_SECRET: undefined },
        "OIDC_CLIENT_SECRET must be set with OIDC_ISSUER and OIDC_CLIENT_ID",
      ],
      [
        { AUTH_SECRET: undefined },
        "OIDC_ISSUER needs AUTH_SECRET: single sign-on starts the sessions that sign-in checks",
      ],
      [
        { OIDC_ALLOWED_GROUPS: undefined },
        "OIDC_ISSUER needs OIDC_ALLOWED_GROUPS, OIDC_ADMIN_GROUPS or OIDC_ALLOWED_DOMAINS: who may sign in",
      ],
      [
        { OIDC_ISSUER: "http://sso.example.com" },
        'OIDC_ISSUER must be the provider\'s https issuer URL, e.g. https://sso.example.com/realms/team (http only on loopback) (got "http://sso.example.com")',
      ],
    ])("%o is refused", (change, problem) => {
      expect(parseSettings({ ...SSO, ...change })).toEqual({ ok: false, problems: [problem] });
    });

    test("an http issuer on loopback is accepted (a provider on this machine)", () => {
      expect(parseSettings({ ...SSO, OIDC_ISSUER: "http://127.0.0.1:9000" }).ok).toBe(true);
    });

    test("PASSWORD_SIGN_IN=off without single sign-on would leave no way in: refused", () => {
      expect(parseSettings({ PASSWORD_SIGN_IN: "off" })).toEqual({
        ok: false,
        problems: [
          "PASSWORD_SIGN_IN=off needs single sign-on (OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET)",
        ],
      });
      expect(parseSettings({ ...SSO, PASSWORD_SIGN_IN: "off" }).ok).toBe(true);
    });

    test("the client secret is never echoed", () => {
      const result = parseSettings({ ...SSO, OIDC_CLIENT_SECRET: "s3cret", OIDC_NAME: "x".repeat(61) });
      expect(JSON.stringify(result)).not.toContain("s3cret");
    });
  });

  test("VAPID keys: a pair web-push made is taken; half a pair is refused, and the private half never echoed", async () => {
    const { default: webpush } = await import("web-push");
    const pair = webpush.generateVAPIDKeys();
    const whole = parseSettings({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey });
    expect(whole.ok && whole.settings.VAPID_PUBLIC_KEY).toBe(pair.publicKey);
    expect(parseSettings({ VAPID_PUBLIC_KEY: pair.publicKey })).toEqual({
      ok: false,
      problems: ["VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together (or neither: a pair is made)"],
    });
    const swapped = parseSettings({
      VAPID_PUBLIC_KEY: pair.privateKey,
      VAPID_PRIVATE_KEY: `${pair.privateKey}x`,
    });
    expect(swapped.ok ? [] : swapped.problems.map((p) => p.split(" ")[0])).toEqual([
      "VAPID_PUBLIC_KEY",
      "VAPID_PRIVATE_KEY",
    ]);
    expect(JSON.stringify(swapped)).not.toContain(pair.privateKey);
  });

  test("every problem is reported, each on its own", () => {
    const result = parseSettings({ PORT: "x", SESSION_DAYS: "1.5" });
    expect(result.ok ? [] : result.problems).toHaveLength(2);
  });
});

describe("behind proxies", () => {
  const request = (headers: Record<string, string>, url = "http://dashboard.test/") =>
    new Request(url, { headers });

  test("with no trusted hop the client's X-Forwarded-For is ignored", () => {
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.9" }), 0)).toBeNull();
  });

  test("with no trusted hop the address is the connection's, as the server noted it; with hops, the proxies'", () => {
    const noted = { [socketAddressHeader()]: "::ffff:127.0.0.2", "x-forwarded-for": "203.0.113.9" };
    expect(clientAddress(request(noted), 0)).toBe("127.0.0.2");
    expect(clientAddress(request(noted), 1)).toBe("203.0.113.9");
  });

  test("with trusted hops, the entry that many from the right; forged entries to its left are ignored", () => {
    const headers = { "x-forwarded-for": "1.1.1.1, 203.0.113.9, 10.0.0.2" };
    expect(clientAddress(request(headers), 1)).toBe("10.0.0.2");
    expect(clientAddress(request(headers), 2)).toBe("203.0.113.9");
    // Fewer entries than proxies: the chain is not what was configured, so no address is trusted.
    expect(clientAddress(request({ "x-forwarded-for": "203.0.113.9" }), 2)).toBeNull();
  });

  test("HTTPS: the request's own scheme with no trusted hop, the proxies' word with them", () => {
    expect(reachedOverHttps(request({}, "https://dashboard.test/"), 0)).toBe(true);
    expect(reachedOverHttps(request({}), 0)).toBe(false);
    expect(reachedOverHttps(request({ "x-forwarded-proto": "https" }), 1)).toBe(true);
    expect(reachedOverHttps(request({ "x-forwarded-proto": "https, http" }), 1)).toBe(false);
    expect(reachedOverHttps(request({ "x-forwarded-proto": "https, http" }), 2)).toBe(true);
    expect(reachedOverHttps(request({}), 1)).toBe(false);
  });
});
