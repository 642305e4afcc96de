/**
 * A fuzz driven by the OpenAPI document: for every operation it lists, fast-check makes path
 * parameters, queries and bodies from the documented JSON Schemas, valid and broken
 * (test/json-schema-arbitrary.ts; free text holds control characters and NUL now and then), and
 * sends them to a running stack signed in as an admin. Every answer is below 500 (the simulator is
 * healthy, so no 5xx is excusable), is one the document lists for its status and matches its schema
 * (every error in the one shape with a listed code), and a JSON body the document refuses is refused.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { apiRouteList } from "@/lib/contract/api-routes";
import {
  holdsControlCharacter,
  schemaArbitraries,
  textWithControls,
  type Schema,
} from "@/test/json-schema-arbitrary";
import { openApiChecker, type Operation } from "@/test/openapi-checker";
import { signedInMembers, startStack, type CallInit, type Stack } from "@/test/server-stack";

/** Per operation: enough to reach each schema's branches, small enough for a busy two-core machine. */
const RUNS = 30;

let stack: Stack;
let cookie = "";
/** The session of the operations that end their caller's sessions, so the others keep theirs. */
let leaverCookie = "";
let checker: Awaited<ReturnType<typeof openApiChecker>>;

const FUZZ_ADMIN = {
  email: "fuzz@example.com",
  password: "fuzzing password",
  name: "Fuzz",
  role: "admin",
} as const;
const FUZZ_LEAVER = { ...FUZZ_ADMIN, email: "leaver@example.com", name: "Leaver" } as const;
/** Operations that end the caller's own sessions: run on the leaver's. */
const ENDS_OWN_SESSIONS = new Set([
  "POST /api/auth/sign-out",
  "DELETE /api/auth/sessions/{id}",
  "POST /api/auth/sessions/sign-out-others",
]);

beforeAll(async () => {
  stack = await startStack({
    env: {
      AUTH_SECRET: "schema-fuzzing-secret-long-enough-0000",
      // The team's chat is set up, so its test message is queued as on a configured server (a
      // closed port: what the sender then meets is the outbox's business, not this test's).
      ALERT_WEBHOOK_URL: "http://127.0.0.1:9/team-chat",
    },
  });
  const { cookies } = await signedInMembers(stack, [FUZZ_ADMIN, FUZZ_LEAVER]);
  [cookie, leaverCookie] = [cookies.Fuzz ?? "", cookies.Leaver ?? ""];
  checker = await openApiChecker(stack);
});
afterAll(() => stack.close());

/** A query value as text: what a client puts in a query string for it. */
function queryText(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function queryString(values: unknown): string {
  const search = new URLSearchParams();
  if (values && typeof values === "object" && !Array.isArray(values)) {
    for (const [name, value] of Object.entries(values)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) search.append(name, queryText(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The operation's inputs as arbitraries: each valid or broken, independently. */
function inputs(operation: Operation) {
  const { valid, invalid } = schemaArbitraries(checker.resolve);
  const either = (schema: Schema) => fc.oneof(valid(schema), invalid(schema));
  const params = operation.parameters ?? [];
  const inPath = params.filter((p) => p.in === "path");
  const inQuery = params.filter((p) => p.in === "query");
  // A dynamic segment is never empty: Next routes `/api/renders/` to `/api/renders`.
  const segment = (schema: Schema) =>
    fc.oneof(valid(schema), textWithControls({ minLength: 1, maxLength: 30 }));
  const path = fc.record(Object.fromEntries(inPath.map((p) => [p.name, segment(p.schema)])));
  const query = either({
    type: "object",
    properties: Object.fromEntries(inQuery.map((p) => [p.name, p.schema])),
    required: inQuery.filter((p) => p.required).map((p) => p.name),
  });
  const content = operation.requestBody?.content ?? {};
  const json = content["application/json"]?.schema;
  const multipart = content["multipart/form-data"]?.schema;
  const body: fc.Arbitrary<{ json?: unknown; form?: unknown } | null> = json
    ? either(json).map((value) => ({ json: value }))
    : multipart
      ? either({ ...multipart, properties: { ...multipart.properties, file: {} } }).map((value) => ({
          form: value,
        }))
      : fc.constant(null);
  return fc.record({ path, query, body });
}

function formOf(fields: unknown): FormData {
  const form = new FormData();
  if (fields && typeof fields === "object" && !Array.isArray(fields)) {
    for (const [name, value] of Object.entries(fields)) {
      if (name === "file") form.set("file", new Blob([queryText(value)], { type: "image/png" }), "fuzz.png");
      else form.set(name, queryText(value));
    }
  }
  return form;
}

/** Operations that were sent a control character (NUL included) in a path, a query or a body. */
const sentControls = new Set<string>();

/** The document's operations: it is built from this map, and lists exactly these (openapi.test.ts). */
const operations = apiRouteList().map(({ method, path }) => ({ method, template: path }));

test("every documented operation is fuzzed", () => {
  expect(operations.length).toBeGreaterThanOrEqual(30);
});

for (const { method, template } of operations) {
  test(`${method} ${template}`, async () => {
    const operation = checker.operation(method, template);
    let refusedByDocument = 0;
    await fc.assert(
      fc.asyncProperty(inputs(operation), async ({ path, query, body }) => {
        const url =
          template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(path[name]))) +
          queryString(query);
        const init: CallInit = {
          headers: { cookie: ENDS_OWN_SESSIONS.has(`${method} ${template}`) ? leaverCookie : cookie },
        };
        if (body?.json !== undefined) init.json = body.json;
        if (body?.form !== undefined) init.body = formOf(body.form);
        const response = await stack.call(method, url, init);
        const status = response.status;
        if (holdsControlCharacter([path, query, body])) sentControls.add(`${method} ${template}`);
        // Documented or not, a 5xx is a bug here: the simulator is healthy, so nothing upstream fails.
        expect(status, `${method} ${url} answered ${status}`).toBeLessThan(500);
        await checker.expectDocumented(method, template, response);
        if (body?.json !== undefined && !checker.acceptsBody(method, template, body.json)) {
          refusedByDocument++;
          expect(
            status,
            `${method} ${url} took a body the document refuses: ${JSON.stringify(body.json)}`,
          ).toBeGreaterThanOrEqual(400);
        }
      }),
      { numRuns: RUNS },
    );
    if (operation.requestBody?.content["application/json"]) expect(refusedByDocument).toBeGreaterThan(0);
  });
}

test("control characters reached most operations that take text, and none answered 500", () => {
  // Each operation above failed on a 5xx; this says the text they were sent held control characters.
  expect(sentControls.size).toBeGreaterThanOrEqual(20);
});
