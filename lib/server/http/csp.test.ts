import { describe, expect, test } from "vitest";
import { buildCsp } from "./csp";

describe("buildCsp", () => {
  const policy = buildCsp({ nonce: "abc123", mediaOrigins: ["https://cdn.example"], development: false });
  const directive = (name: string) => policy.split("; ").find((d) => d.startsWith(`${name} `));

  test("scripts need the nonce; no eval in production", () => {
    expect(directive("script-src")).toBe("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
  });

  test("images and video may come from the media origins, nothing else from elsewhere", () => {
    expect(directive("img-src")).toBe("img-src 'self' data: blob: https://cdn.example");
    expect(directive("media-src")).toBe("media-src 'self' data: blob: https://cdn.example");
    expect(directive("connect-src")).toBe("connect-src 'self'");
    expect(directive("frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive("object-src")).toBe("object-src 'none'");
  });

  test("the service worker is the dashboard's own", () => {
    expect(directive("worker-src")).toBe("worker-src 'self'");
  });

  test("development allows eval for fast refresh", () => {
    expect(buildCsp({ nonce: "n", mediaOrigins: [], development: true })).toContain("'unsafe-eval'");
  });
});
