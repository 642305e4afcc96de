/**
 * Team presets and prompt history with sign-in off, against the real simulator and a real ledger
 * file: saving, listing, renaming and deleting presets, their name rules, refusals that store
 * nothing, and the dashboard's prompt history.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import {
  PRESET_NAME_MAX_CHARS,
  PROMPT_HISTORY_SIZE,
  PROMPT_QUERY_MAX_CHARS,
  type Preset,
  type RecentPrompts,
} from "@/lib/contract";
import { startStack, type Stack } from "@/test/server-stack";

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

const listPresets = async () => (await stack.callJson<{ items: Preset[] }>("GET", "/api/presets")).body.items;
const save = (body: Record<string, unknown>) =>
  stack.callJson<Preset>("POST", "/api/presets", { json: body });

const VIDEO = {
  kind: "video",
  model: "kling",
  durationSeconds: 10,
  resolution: "1080p",
  aspectRatio: "9:16",
  generateAudio: true,
} as const;

describe("presets", () => {
  test("a preset saved with its prompt is listed, renamed and deleted", async () => {
    const created = await save({ name: "  Harbour dawn ", prompt: "Misty harbour at dawn", ...VIDEO });
    expect(created.status).toBe(201);
    const { kind, ...settings } = VIDEO;
    expect(created.body).toMatchObject({
      name: "Harbour dawn",
      kind,
      model: VIDEO.model,
      settings,
      prompt: "Misty harbour at dawn",
      member: null,
    });
    expect(await listPresets()).toContainEqual(created.body);

    const renamed = await stack.callJson<Preset>("PATCH", `/api/presets/${created.body.id}`, {
      json: { name: "Harbour, vertical" },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: created.body.id, name: "Harbour, vertical", settings });
    expect((await listPresets()).find((p) => p.id === created.body.id)?.name).toBe("Harbour, vertical");

    const deleted = await stack.callJson("DELETE", `/api/presets/${created.body.id}`);
    expect(deleted).toMatchObject({ status: 200, body: { deleted: true } });
    expect((await listPresets()).map((p) => p.id)).not.toContain(created.body.id);
    const again = await stack.callJson("DELETE", `/api/presets/${created.body.id}`);
    expect(again).toMatchObject({ status: 404, body: { error: { code: "not_found" } } });
  });

  test("without a prompt the preset keeps none; references are never part of it", async () => {
    const created = await save({
      name: "Square 4K",
      kind: "image",
      imageModel: "gpt-image-2",
      imageResolution: "4K",
      imageQuality: "high",
      imageAspectRatio: "1:1",
      imageCount: 2,
      referenceImageUrls: ["https://uploads.example/ref.png"],
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: "image", model: "gpt-image-2", prompt: null });
    expect(created.body.settings).toEqual({
      imageModel: "gpt-image-2",
      imageResolution: "4K",
      imageQuality: "high",
      imageAspectRatio: "1:1",
      imageCount: 2,
    });
  });

  test("the list is by name, whatever its case", async () => {
    for (const name of ["beta list", "Alpha list", "gamma list"])
      expect((await save({ name, ...VIDEO })).status).toBe(201);
    const names = (await listPresets()).map((p) => p.name).filter((n) => n.endsWith(" list"));
    expect(names).toEqual(["Alpha list", "beta list", "gamma list"]);
  });

  test("names are 1 to 80 characters and unique in any case; a refused save stores nothing", async () => {
    const before = await listPresets();
    const longest = "n".repeat(PRESET_NAME_MAX_CHARS);
    const cases: [Record<string, unknown>, number, object][] = [
      [{ name: "" }, 422, { code: "invalid_request", field: "name", message: "name is required" }],
      [{ name: "   " }, 422, { code: "invalid_request", field: "name", message: "name is required" }],
      [{}, 422, { code: "invalid_request", field: "name" }],
      [
        { name: `${longest}n` },
        422,
        {
          code: "invalid_request",
          field: "name",
          message: `name must be at most ${PRESET_NAME_MAX_CHARS} characters`,
        },
      ],
    ];
    for (const [body, status, error] of cases) {
      expect(await save({ ...VIDEO, ...body }), JSON.stringify(body)).toMatchObject({
        status,
        body: { error },
      });
    }
    expect(await listPresets()).toEqual(before);

    const first = await save({ name: longest, ...VIDEO });
    expect(first.status).toBe(201);
    const taken = await save({ name: ` ${longest.toUpperCase()} `, ...VIDEO });
    expect(taken).toMatchObject({
      status: 409,
      body: {
        error: {
          code: "name_taken",
          field: "name",
          message: `A preset named "${longest.toUpperCase()}" already exists in the team.`,
        },
      },
    });
    expect((await listPresets()).length).toBe(before.length + 1);
  });

  test("renaming follows the same rules; a preset may change the case of its own name", async () => {
    const one = (await save({ name: "Rename one", ...VIDEO })).body;
    const two = (await save({ name: "Rename two", ...VIDEO })).body;
    const rename = (id: string, name: string) =>
      stack.callJson<Preset>("PATCH", `/api/presets/${id}`, { json: { name } });

    expect(await rename(two.id, "RENAME ONE")).toMatchObject({
      status: 409,
      body: { error: { code: "name_taken", field: "name" } },
    });
    expect(await rename(two.id, "")).toMatchObject({ status: 422, body: { error: { field: "name" } } });
    expect(await rename(one.id, "RENAME ONE")).toMatchObject({ status: 200, body: { name: "RENAME ONE" } });
    const names = (await listPresets()).map((p) => p.name);
    expect(names).toContain("RENAME ONE");
    expect(names).toContain(two.name);
    expect(await rename("pst_missing", "Anything")).toMatchObject({
      status: 404,
      body: { error: { code: "not_found" } },
    });
    expect(await rename("not-a-preset", "Anything")).toMatchObject({
      status: 422,
      body: { error: { field: "id" } },
    });
  });

  test("a preset with an invalid parameter is refused naming the parameter, and nothing is stored", async () => {
    const before = await listPresets();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: "video", model: "kling", durationSeconds: 16 }, "durationSeconds"],
      [{ kind: "video", model: "veo-3.1-lite", resolution: "4k" }, "resolution"],
      [{ kind: "image", imageModel: "nano-banana", imageQuality: "high" }, "imageQuality"],
      [{ kind: "image", imageCount: 9 }, "imageCount"],
      [{ kind: "sound" }, "kind"],
      [{ ...VIDEO, prompt: "   " }, "prompt"],
    ];
    for (const [body, field] of cases) {
      const response = await save({ name: `Bad ${field}`, ...body });
      expect(response, JSON.stringify(body)).toMatchObject({
        status: 422,
        body: { error: { code: "invalid_request", field } },
      });
    }
    expect(await listPresets()).toEqual(before);
  });
});

describe("prompt history (sign-in off: the whole dashboard's)", () => {
  const start = (prompt: string) =>
    stack.callJson("POST", "/api/renders", { json: { kind: "image", prompt, imageModel: "nano-banana" } });

  test("the last distinct prompts, newest first, at most the history's size", async () => {
    const prompts = Array.from({ length: PROMPT_HISTORY_SIZE + 3 }, (_, i) => `history prompt ${i}`);
    for (const prompt of prompts) expect((await start(prompt)).status).toBe(202);
    // Used again: it moves to the front and is listed once.
    expect((await start(prompts[1] ?? "")).status).toBe(202);

    const recent = await stack.callJson<RecentPrompts>("GET", "/api/prompts/recent");
    expect(recent.status).toBe(200);
    const listed = recent.body.items.map((item) => item.prompt);
    const expected = [
      prompts[1],
      ...prompts
        .slice(2)
        .reverse()
        .filter((p) => p !== prompts[1]),
    ];
    expect(listed).toEqual(expected.slice(0, PROMPT_HISTORY_SIZE));
    const times = recent.body.items.map((item) => item.lastUsedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  test("only prompts holding every typed word, in any case", async () => {
    for (const prompt of ["Red fox in SNOW", "red panda in snow", "Blue fox at dusk", "50% grey fox"])
      expect((await start(prompt)).status).toBe(202);
    const find = async (q: string) =>
      (
        await stack.callJson<RecentPrompts>("GET", `/api/prompts/recent?q=${encodeURIComponent(q)}`)
      ).body.items.map((item) => item.prompt);
    expect(await find("fox snow")).toEqual(["Red fox in SNOW"]);
    expect(await find("  SNOW   red ")).toEqual(["red panda in snow", "Red fox in SNOW"]);
    expect(await find("fox")).toEqual(["50% grey fox", "Blue fox at dusk", "Red fox in SNOW"]);
    // Wildcards are text.
    expect(await find("50%")).toEqual(["50% grey fox"]);
    expect(await find("%")).toEqual(["50% grey fox"]);
    expect(await find("no such words")).toEqual([]);
  });

  test("an over-long query is refused with the error shape", async () => {
    const response = await stack.callJson(
      "GET",
      `/api/prompts/recent?q=${"x".repeat(PROMPT_QUERY_MAX_CHARS + 1)}`,
    );
    expect(response).toMatchObject({ status: 422, body: { error: { code: "invalid_request", field: "q" } } });
  });
});
