/**
 * Control characters in text inputs (lib/domain/text.ts): refused with 422 naming the field, or,
 * in search text, dropped; never a 500. On SQLite and, in the `postgres` project, on PostgreSQL,
 * which refuses NUL in text: none may reach a query.
 */
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { TEST_TEAM, signedInMembers, startStack, type HttpMethod, type Stack } from "@/test/server-stack";

let stack: Stack;
let cookie = "";
/** A ready render whose prompt the searches below find. */
let found: LedgerRender;
const PROMPT = "fab lamp on a workbench";

beforeAll(async () => {
  stack = await startStack({ env: { AUTH_SECRET: "control-characters-secret-long-enough-00" } });
  cookie = (await signedInMembers(stack, [TEST_TEAM.ada])).cookies.Ada ?? "";
  const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
    json: { kind: "image", prompt: PROMPT },
    headers: { cookie },
  });
  expect(created.status).toBe(202);
  const id = created.body.renders[0]?.id ?? "";
  for (let i = 0; i < 200; i++) {
    found = (await stack.callJson<LedgerRender>("GET", `/api/renders/${id}`, { headers: { cookie } })).body;
    if (found.status === "ready") break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(found.status).toBe("ready");
});
afterAll(() => stack.close());

const invalid = (message: string, field: string) => ({ error: { code: "invalid_request", message, field } });
const oneLine = (field: string) =>
  invalid(`${field} must be one line of text without control characters`, field);
const noControls = (field: string) =>
  invalid(`${field} must not contain control characters (line breaks and tabs are fine)`, field);

/** Characters that must never pass, by code point: NUL, BEL, ESC, DEL, a C1 control (NEL) and the last C1. */
const CONTROLS = [0x00, 0x07, 0x1b, 0x7f, 0x85, 0x9f].map(
  (code) => [code.toString(16).toUpperCase().padStart(4, "0"), String.fromCharCode(code)] as const,
);

describe("search text drops control characters", () => {
  const searches = (text: string) => [
    `/api/renders?q=${encodeURIComponent(text)}`,
    `/api/prompts/recent?q=${encodeURIComponent(text)}`,
  ];

  test.each(CONTROLS)("U+%s inside a word: the word is still found", async (_, control) => {
    for (const path of searches(`fa${control}b`)) {
      const response = await stack.callJson<{ items: { prompt: string }[] }>("GET", path, {
        headers: { cookie },
      });
      expect(response.status, path).toBe(200);
      expect(
        response.body.items.map((item) => item.prompt),
        path,
      ).toEqual([PROMPT]);
    }
  });

  test("a tab or a line break parts words as a space does", async () => {
    for (const path of [...searches("fab\tworkbench"), ...searches("fab\r\nworkbench")]) {
      const response = await stack.callJson<{ items: { prompt: string }[] }>("GET", path, {
        headers: { cookie },
      });
      expect(
        response.body.items.map((item) => item.prompt),
        path,
      ).toEqual([PROMPT]);
    }
  });

  test("the zip routes take the same search", async () => {
    const zips: [HttpMethod, string, { json?: unknown; body?: string; headers?: Record<string, string> }][] =
      [
        ["GET", `/api/renders/zip?q=${encodeURIComponent("fa\u0000b")}`, {}],
        ["POST", "/api/renders/zip", { json: { q: "fa\u0000b" } }],
        [
          "POST",
          "/api/renders/zip",
          {
            body: `q=${encodeURIComponent("fa\u0000b")}`,
            headers: { "content-type": "application/x-www-form-urlencoded" },
          },
        ],
      ];
    for (const [method, path, init] of zips) {
      const response = await stack.call(method, path, { ...init, headers: { cookie, ...init.headers } });
      expect(response.status, `${method} ${path}`).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/zip");
      await response.arrayBuffer();
    }
  });
});

describe("text fields refuse control characters, naming the field", () => {
  const render = { kind: "image", prompt: "a lighthouse" };
  const video = { kind: "video", prompt: "a harbour", model: "kling", durationSeconds: 5 };
  const cases: [string, HttpMethod, string, (control: string) => unknown, object][] = [
    ["prompt", "POST", "/api/renders", (c) => ({ ...render, prompt: `a${c}b` }), noControls("prompt")],
    [
      "negativePrompt",
      "POST",
      "/api/renders",
      (c) => ({ ...video, negativePrompt: `blur${c}` }),
      noControls("negativePrompt"),
    ],
    [
      "referenceImageUrls",
      "POST",
      "/api/renders",
      (c) => ({ ...render, referenceImageUrls: [`http://127.0.0.1/files/a${c}.png`] }),
      oneLine("referenceImageUrls"),
    ],
    ["a preset's name", "POST", "/api/presets", (c) => ({ ...render, name: `Dusk${c}` }), oneLine("name")],
    ["a board's name", "POST", "/api/boards", (c) => ({ name: `Greens${c}` }), oneLine("name")],
    [
      "a board's description",
      "POST",
      "/api/boards",
      (c) => ({ name: "Greens", description: `for${c}the client` }),
      noControls("description"),
    ],
    ["a token's name", "POST", "/api/tokens", (c) => ({ name: `ci${c}`, scope: "read" }), oneLine("name")],
    ["a run's name", "POST", "/api/runs", (c) => ({ name: `batch${c}`, rows: [render] }), oneLine("name")],
    [
      "a run row's prompt",
      "POST",
      "/api/runs",
      (c) => ({ rows: [render, { ...render, prompt: `x${c}` }] }),
      invalid("prompt must not contain control characters (line breaks and tabs are fine)", "rows.1.prompt"),
    ],
    [
      "a rate's key",
      "POST",
      "/api/rates",
      (c) => ({ key: `kling:720p${c}`, creditsPerUnit: 1 }),
      oneLine("key"),
    ],
    [
      "a decline's note",
      "POST",
      "/api/approvals/req_unknown/decline",
      (c) => ({ note: `too dear${c}` }),
      noControls("note"),
    ],
    [
      "the sign-in email",
      "POST",
      "/api/auth/sign-in",
      (c) => ({ email: `ada${c}@example.com`, password: "correct horse battery" }),
      oneLine("email"),
    ],
  ];

  for (const [name, method, path, body, refusal] of cases) {
    test.each(CONTROLS)(`${name} with U+%s: 422`, async (_, control) => {
      const before = (await stack.simStats()).creates.total;
      const response = await stack.callJson(method, path, { json: body(control), headers: { cookie } });
      expect(response).toMatchObject({ status: 422 });
      expect(response.body).toEqual(refusal);
      expect((await stack.simStats()).creates.total).toBe(before);
    });
  }

  test("multi-line text keeps its line breaks and tabs", async () => {
    const prompt = "line one\r\nline two\n\ttabbed";
    const created = await stack.callJson<{ renders: LedgerRender[] }>("POST", "/api/renders", {
      json: { kind: "image", prompt },
      headers: { cookie },
    });
    expect(created.status).toBe(202);
    expect(created.body.renders[0]?.prompt).toBe(prompt);
    const board = await stack.callJson<{ description: string }>("POST", "/api/boards", {
      json: { name: "Two lines", description: "for\nthe client" },
      headers: { cookie },
    });
    expect(board).toMatchObject({ status: 201, body: { description: "for\nthe client" } });
  });

  const queries: [string, string][] = [
    ["status", "/api/renders?status="],
    ["model", "/api/renders?model="],
    ["batchId", "/api/renders?batchId="],
    ["member", "/api/renders?member="],
    ["ids", "/api/renders?ids="],
    ["cursor", "/api/renders?cursor="],
    ["cursor", "/api/uploads?cursor="],
  ];
  test("a page cursor that decodes to text with a NUL: 422", async () => {
    const cursor = Buffer.from(JSON.stringify(["2026-01-01T00:00:00.000Z", "up_\u0000"])).toString(
      "base64url",
    );
    const response = await stack.callJson("GET", `/api/uploads?cursor=${cursor}`, { headers: { cookie } });
    expect(response).toMatchObject({
      status: 422,
      body: invalid("cursor is not a valid page cursor", "cursor"),
    });
  });

  test.each(queries)("the %s filter (%s) with NUL: 422", async (field, path) => {
    const response = await stack.callJson("GET", `${path}${encodeURIComponent(`a\u0000b`)}`, {
      headers: { cookie },
    });
    expect(response).toMatchObject({ status: 422, body: oneLine(field) });
  });
});

test("an upload's file name: a tab is a space; a C0 control is refused by the multipart parser", async () => {
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
    "base64",
  );
  const upload = (filename: string) => {
    const form = new FormData();
    form.set("kind", "image");
    form.set("file", new Blob([png], { type: "image/png" }), filename);
    return stack.callJson("POST", "/api/uploads", { body: form, headers: { cookie } });
  };
  expect(await upload("ref\tone.png")).toMatchObject({ status: 201, body: { filename: "ref one.png" } });
  // Not a control character: a name beyond ASCII is kept as it was sent (UTF-8), not read as Latin-1.
  expect(await upload("café 東京.png")).toMatchObject({ status: 201, body: { filename: "café 東京.png" } });
  expect(await upload("ref\u0000.png")).toMatchObject({
    status: 422,
    body: {
      error: { code: "invalid_request", message: "The upload was cut off or malformed.", field: "file" },
    },
  });
});
