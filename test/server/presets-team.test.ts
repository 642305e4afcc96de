/**
 * Team presets and prompt history with sign-in on: presets record who made them, only their maker or
 * an admin may rename or delete them, and each member's prompt history is their own.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Preset, RecentPrompts } from "@/lib/contract";
import { signedInMembers, startStack, type Stack } from "@/test/server-stack";

let stack: Stack;
let team: Awaited<ReturnType<typeof signedInMembers>>;

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "a-test-secret-that-is-long-enough-1234" } });
  team = await signedInMembers(stack);
});
afterAll(() => {
  delete process.env.AUTH_SECRET;
  return stack.close();
});

const as = (name: string) => ({ headers: { cookie: team.cookies[name] ?? "" } });
const save = (name: string, presetName: string) =>
  stack.callJson<Preset>("POST", "/api/presets", {
    ...as(name),
    json: { name: presetName, kind: "video", model: "veo-3.1-lite", durationSeconds: 6 },
  });
const names = async (who: string) =>
  (await stack.callJson<{ items: Preset[] }>("GET", "/api/presets", as(who))).body.items.map((p) => p.name);

describe("presets with sign-in on", () => {
  test("a preset shows who made it, and the whole team sees it", async () => {
    const created = await save("Grace", "Grace's veo");
    expect(created.status).toBe(201);
    expect(created.body.member).toEqual({ id: team.ids.Grace, name: "Grace" });
    expect(await names("Linus")).toContain("Grace's veo");
    expect((await stack.callJson("GET", "/api/presets")).status).toBe(401);
  });

  test("someone else's preset: a member may not rename or delete it, an admin may", async () => {
    const preset = (await save("Grace", "Grace's keeper")).body;
    const path = `/api/presets/${preset.id}`;
    const forbidden = { status: 403, body: { error: { code: "forbidden" } } };

    expect(
      await stack.callJson("PATCH", path, { ...as("Linus"), json: { name: "Linus took it" } }),
    ).toMatchObject(forbidden);
    expect(await stack.callJson("DELETE", path, as("Linus"))).toMatchObject(forbidden);
    expect(await names("Grace")).toContain("Grace's keeper");

    expect(
      await stack.callJson("PATCH", path, { ...as("Grace"), json: { name: "Grace's own" } }),
    ).toMatchObject({
      status: 200,
      body: { name: "Grace's own", member: { id: team.ids.Grace } },
    });
    expect(
      await stack.callJson("PATCH", path, { ...as("Ada"), json: { name: "Renamed by admin" } }),
    ).toMatchObject({
      status: 200,
      // The maker stays the maker.
      body: { name: "Renamed by admin", member: { id: team.ids.Grace, name: "Grace" } },
    });
    expect(await stack.callJson("DELETE", path, as("Ada"))).toMatchObject({ status: 200 });
    expect(await names("Grace")).not.toContain("Renamed by admin");
  });

  test("a member deletes their own preset", async () => {
    const preset = (await save("Linus", "Linus's short")).body;
    expect(await stack.callJson("DELETE", `/api/presets/${preset.id}`, as("Linus"))).toMatchObject({
      status: 200,
    });
    expect(await names("Linus")).not.toContain("Linus's short");
  });

  test("names are unique across the team, whoever holds them", async () => {
    expect((await save("Grace", "Shared name")).status).toBe(201);
    expect(await save("Linus", "SHARED NAME")).toMatchObject({
      status: 409,
      body: { error: { code: "name_taken", field: "name" } },
    });
  });
});

describe("prompt history with sign-in on", () => {
  test("each member gets their own prompts only", async () => {
    const start = (who: string, prompt: string) =>
      stack.callJson("POST", "/api/renders", { ...as(who), json: { kind: "image", prompt } });
    expect((await start("Grace", "grace lighthouse")).status).toBe(202);
    expect((await start("Linus", "linus lighthouse")).status).toBe(202);
    expect((await start("Grace", "grace meadow")).status).toBe(202);

    const recent = async (who: string, q = "") =>
      (
        await stack.callJson<RecentPrompts>("GET", `/api/prompts/recent?q=${encodeURIComponent(q)}`, as(who))
      ).body.items.map((item) => item.prompt);
    expect(await recent("Grace")).toEqual(["grace meadow", "grace lighthouse"]);
    expect(await recent("Grace", "lighthouse")).toEqual(["grace lighthouse"]);
    expect(await recent("Linus")).toEqual(["linus lighthouse"]);
    expect(await recent("Ada")).toEqual([]);
  });
});
