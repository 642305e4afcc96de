/**
 * Every route under app/api, fed generated input (fast-check, 250 runs per route and method, with a
 * new seed each run; `FUZZ_RUNS=5000` for a deeper pass, `FUZZ_SEED` to replay a failure's seed):
 * never a 5xx, every failure in the one error shape, and a refused body never reaches the service.
 * Bodies mix arbitrary JSON with near-valid render requests, whose fields come from the real schema.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  apiTokenCreateSchema,
  memberPatchSchema,
  signInSchema,
  teamSettingsSchema,
  zipSelectionSchema,
} from "@/lib/contract";
import { errorBodySchema } from "@/lib/contract/error-body";
import { REQUEST_FIELD_NAMES } from "@/lib/render-api/request-fields";
import {
  HTTP_METHODS,
  apiRoutes,
  signedInMembers,
  startStack,
  type HttpMethod,
  type Stack,
} from "@/test/server-stack";

/** A whole number from the environment, or undefined when unset; anything else stops the run. */
function wholeNumberFrom(name: string): number | undefined {
  const raw = process.env[name];
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not "${raw}"`);
  return value;
}
const RUNS = wholeNumberFrom("FUZZ_RUNS") ?? 250;
const SEED = wholeNumberFrom("FUZZ_SEED");
let stack: Stack;
let cookie = "";

/** The session of the routes that end their caller's sessions, so the others keep theirs. */
let leaverCookie = "";
const ENDS_OWN_SESSIONS = new Set([
  "POST /api/auth/sign-out",
  "DELETE /api/auth/sessions/[id]",
  "POST /api/auth/sessions/sign-out-others",
]);

beforeAll(async () => {
  stack = await startStack({
    env: {
      AUTH_SECRET: "fuzzing-secret-that-is-long-enough-0000",
      // The team's chat is set up (a closed port), so its test message is queued, not refused 503.
      ALERT_WEBHOOK_URL: "http://127.0.0.1:9/team-chat",
    },
  });
  const { cookies } = await signedInMembers(stack, [
    { email: "fuzz@example.com", name: "Fuzz", role: "admin", password: "fuzzing password" },
    { email: "leaver@example.com", name: "Leaver", role: "admin", password: "fuzzing password" },
  ]);
  [cookie, leaverCookie] = [cookies.Fuzz ?? "", cookies.Leaver ?? ""];
  expect(cookie).toMatch(/^rd_session=/);
});
afterAll(() => stack.close());

const fieldValue = fc.oneof(
  fc.jsonValue(),
  fc.constantFrom(
    "image",
    "video",
    "seedream",
    "kling",
    "seedance",
    "veo-3.1-lite",
    "4k",
    "1080p",
    "2K",
    "16:9",
  ),
  fc.integer({ min: -5, max: 70 }),
  fc.string({ maxLength: 40 }),
  fc.array(fc.webUrl(), { maxLength: 12 }),
);
/** Every render request field (from the shared schema), the bodies of the team and token routes and a zip's selection. */
const requestFields = [
  ...REQUEST_FIELD_NAMES,
  ...Object.keys(zipSelectionSchema.shape),
  ...Object.keys(signInSchema.shape),
  ...Object.keys(memberPatchSchema.shape),
  ...Object.keys(teamSettingsSchema.shape),
  ...Object.keys(apiTokenCreateSchema.shape),
];
const nearValid = fc.dictionary(fc.constantFrom(...requestFields), fieldValue, { maxKeys: 8 });
const body = fc.oneof(fc.jsonValue(), nearValid, fc.string({ maxLength: 200 }));
// A dynamic segment is never empty: Next routes `/api/renders/` to `/api/renders`.
const segment = fc.oneof(
  fc.string({ minLength: 1, maxLength: 30 }),
  fc.constantFrom("..", "%2F..%2Fetc", "rnd_x", "a".repeat(300), "é", "%00", "req_x"),
);
const query = fc.dictionary(
  fc.constantFrom(
    "status",
    "kind",
    "model",
    "q",
    "batchId",
    "ids",
    "cursor",
    "limit",
    "member",
    "durationSeconds",
    "updatedSince",
    "lastEventId",
  ),
  fc.string({ maxLength: 30 }),
  { maxKeys: 5 },
);

async function assertSound(method: HttpMethod, path: string, response: Response): Promise<void> {
  if (response.headers.get("content-type")?.startsWith("text/event-stream")) {
    // A live event stream never ends on its own: its start is read, then it is closed as a page would.
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    await reader.cancel();
    expect(response.status, `${method} ${path}`).toBe(200);
    expect(first, `${method} ${path}`).toMatch(/^retry: \d+\n\n/);
    return;
  }
  const text = await response.text();
  expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(500);
  if (response.status >= 400) {
    expect(errorBodySchema.safeParse(JSON.parse(text)).success, `${method} ${path}: ${text}`).toBe(true);
  }
}

/** Each method each route exports, found on disk, so a new route is fuzzed without being listed here. */
const targets = (
  await Promise.all(
    apiRoutes().map(async (route) => {
      const handlers = await route.load();
      return HTTP_METHODS.filter((method) => handlers[method]).map((method) => ({ route, method }));
    }),
  )
).flat();

test("every route is fuzzed", () => {
  expect(targets.length).toBeGreaterThanOrEqual(17);
});

for (const { route, method } of targets) {
  test(`${method} ${route.path}`, { timeout: 180_000 }, async () => {
    const sentBefore = (await stack.simStats()).creates.total;
    let refusedCreates = 0;
    let sentCreates = 0;
    await fc.assert(
      fc.asyncProperty(segment, query, body, async (id, params, payload) => {
        const path =
          route.path.replace(/\[[^\]]+\]/g, encodeURIComponent(id)) +
          `?${new URLSearchParams(params).toString()}`;
        const json = typeof payload === "string" ? undefined : payload;
        const response = await stack.call(method, path, {
          headers: { cookie: ENDS_OWN_SESSIONS.has(`${method} ${route.path}`) ? leaverCookie : cookie },
          ...(method !== "GET" && (json === undefined ? { body: String(payload) } : { json })),
        });
        if (route.path === "/api/renders" && method === "POST") {
          // Accepted, or refused by the service itself (fair use, balance): those did reach it.
          if (response.status === 202 || response.status === 429 || response.status === 402) sentCreates++;
          else refusedCreates++;
        }
        await assertSound(method, path, response);
      }),
      { numRuns: RUNS, ...(SEED !== undefined && { seed: SEED }) },
    );
    if (route.path === "/api/renders" && method === "POST") {
      // Only valid bodies reached the service: the ones the dashboard refused never left it.
      expect(refusedCreates).toBeGreaterThan(RUNS / 2);
      expect((await stack.simStats()).creates.total - sentBefore).toBe(sentCreates);
    }
  });
}
