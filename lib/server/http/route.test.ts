/**
 * The route wrapper builds every answer from its map entry's schema: what the contract does not name
 * never leaves, whatever the handler (or the Render Service behind it) put in the data.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod/mini";
import type { ApiRouteEntry } from "@/lib/contract/api-routes";

process.env.RENDER_API_BASE_URL = "http://127.0.0.1:9";
process.env.RENDER_API_KEY = "rs_live_route_wrapper_test";
delete process.env.AUTH_SECRET;

let route: typeof import("./route");
beforeAll(async () => {
  route = await import("./route");
});

const itemSchema = z.object({ id: z.string(), done: z.boolean() });
const ENTRY = {
  summary: "A probe",
  tag: "Probe",
  access: "public",
  success: { status: 201, description: "Made.", schema: itemSchema },
  otherAnswers: [
    { status: 503, description: "Not now.", schema: z.object({ status: z.literal("unavailable") }) },
    { status: 304, description: "Unchanged." },
  ],
} satisfies ApiRouteEntry;
const MEDIA = {
  summary: "A file",
  tag: "Probe",
  access: "public",
  success: { status: 200, description: "Bytes.", media: "application/octet-stream" },
} satisfies ApiRouteEntry;

const REDIRECT = {
  summary: "A step a browser passes through",
  tag: "Probe",
  access: "public",
  success: { status: 303, description: "Onwards.", redirect: true },
} satisfies ApiRouteEntry;

const call = (handler: () => Promise<unknown>, entry: ApiRouteEntry = ENTRY) =>
  route.apiRoute(entry, handler as never)(new Request("http://127.0.0.1/api/probe"), {
    params: Promise.resolve({}),
  });

describe("apiRoute answers", () => {
  it("sends only the fields the contract names, with the entry's success status", async () => {
    const leaky = { id: "r1", done: true, _links: { self: "http://service.internal/r1" }, seed: 7 };
    const response = await call(async () => leaky);
    expect(response.status).toBe(201);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await response.json()).toEqual({ id: "r1", done: true });
  });

  it("answers 500 in the error shape when the data breaks the contract, sending none of it", async () => {
    const response = await call(async () => ({ id: 42, secret: "kept in" }));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: "internal_error", message: "The dashboard could not build its answer." },
    });
    expect(text).not.toContain("kept in");
  });

  it("parses another documented status with its own schema, and keeps the reply's headers", async () => {
    const response = await call(async () =>
      route.reply({ status: "unavailable", detail: "x" }, { status: 503, headers: { "X-Probe": "1" } }),
    );
    expect(response.status).toBe(503);
    expect(response.headers.get("x-probe")).toBe("1");
    expect(await response.json()).toEqual({ status: "unavailable" });
  });

  it("refuses a status the entry does not declare", async () => {
    const response = await call(async () => route.reply({ id: "r1", done: true }, { status: 200 }));
    expect(response.status).toBe(500);
  });

  it("passes a bodiless documented answer and a media answer through; refuses a raw JSON response", async () => {
    expect((await call(async () => new Response(null, { status: 304 }))).status).toBe(304);
    const file = await call(async () => new Response("bytes"), MEDIA);
    expect(await file.text()).toBe("bytes");
    const raw = await call(async () => Response.json({ id: "r1", done: true, extra: 1 }));
    expect(raw.status).toBe(500);
  });

  it("sends a redirect route's 303 with its cookies; a JSON route's redirect is refused", async () => {
    const onwards = () => route.redirect({ location: "/next", cookies: ["a=1; Path=/", "b=2; Path=/"] });
    const response = await call(async () => onwards(), REDIRECT);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/next");
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    expect((await call(async () => onwards())).status).toBe(500);
  });
});
