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
      settings: { RENDER_POLL_BUDGET_PER_MIN: 50, TRUSTED_PROXY_HOPS: 0, PORT: 3000, SESSION_DAYS: 7 },
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
