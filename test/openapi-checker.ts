/**
 * Reads the OpenAPI document from the running stack and checks answers against it: the status must
 * be documented for the operation, a JSON answer must match its documented schema (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses it), and a media answer must come with its documented media type.
 * With `closed`, answers are checked against a copy whose object schemas allow no property they do
 * not name (test/closed-schemas.ts).
 */
import Ajv2020, { type ErrorObject } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
import { closedDocument, resolveRef } from "@/test/closed-schemas";
import type { Schema } from "@/test/json-schema-arbitrary";
import type { Stack } from "@/test/server-stack";

export type OpenApiDocument = {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};
export interface Operation {
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
}

/** A JSON Pointer token (RFC 6901). */
const pointer = (token: string) => token.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * ajv's errors without those of the alternatives an answer is furthest from: for each failed `anyOf`
 * or `oneOf`, only the errors of its branch with the fewest (the one the answer was meant to be).
 */
function closestBranches(errors: readonly ErrorObject[]): ErrorObject[] {
  let kept = [...errors];
  for (const union of errors.filter((e) => e.keyword === "anyOf" || e.keyword === "oneOf")) {
    const prefix = `${union.schemaPath}/`;
    const branchOf = (e: ErrorObject) =>
      e.schemaPath.startsWith(prefix) ? e.schemaPath.slice(prefix.length).split("/")[0] : undefined;
    const counts = new Map<string, number>();
    for (const e of kept) {
      const branch = branchOf(e);
      if (branch !== undefined) counts.set(branch, (counts.get(branch) ?? 0) + 1);
    }
    if (counts.size === 0) continue;
    const closest = [...counts].sort((a, b) => a[1] - b[1])[0]?.[0];
    kept = kept.filter((e) => e !== union && (branchOf(e) ?? closest) === closest);
  }
  return kept;
}

/** ajv's errors in one line, naming the property an `additionalProperties` error is about. */
export const errorsText = (errors: readonly ErrorObject[]) =>
  closestBranches(errors)
    .map((e) =>
      e.keyword === "additionalProperties"
        ? `${e.instancePath || "/"} has \`${String(e.params.additionalProperty)}\`, which the document does not name`
        : `${e.instancePath || "/"} ${e.message ?? ""}`,
    )
    .join("; ");

export async function openApiChecker(stack: Stack, options: { closed?: boolean } = {}) {
  const response = await stack.call("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  const document = (await response.json()) as OpenApiDocument;
  // Not strict: the document's own fields (openapi, info, paths) are not schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(options.closed ? closedDocument(document) : document, "openapi");

  /** Every operation the document lists, as `METHOD /api/path/{param}`. */
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );

  function operation(method: string, template: string): Operation {
    const op = document.paths[template]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${template} is not in the document`);
    return op;
  }

  /**
   * The success status of `METHOD template`: the first 2xx it documents, or for a route a browser
   * navigates through (single sign-on), the redirect it documents.
   */
  function successStatus(method: string, template: string): number {
    const statuses = Object.keys(operation(method, template).responses).map(Number);
    const success = statuses.filter((status) => status >= 200 && status < 300);
    return Math.min(...(success.length > 0 ? success : statuses.filter((status) => status === 303)));
  }

  /** What is wrong with `value` by the schema at `ref` (in the document): nothing when it matches. */
  function errorsAt(ref: string, value: unknown): ErrorObject[] {
    const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    return validate(value) ? [] : [...(validate.errors ?? [])];
  }

  const schemaRef = (method: string, template: string, where: string) =>
    `openapi#/paths/${pointer(template)}/${method.toLowerCase()}/${where}/content/${pointer("application/json")}/schema`;

  /** What is wrong with a JSON answer of `METHOD template` with this status: nothing when it matches. */
  const answerErrors = (method: string, template: string, status: number, body: unknown) =>
    errorsAt(schemaRef(method, template, `responses/${status}`), body);

  /**
   * Reads an answer of `METHOD template` and checks it against the document: its JSON body (null for
   * a media answer, whose body is read and dropped, or an empty one), its text (null for an event
   * stream, which is left unread and cancelled) and what is wrong with it (nothing when it conforms).
   */
  async function checkAnswer(
    method: string,
    template: string,
    answer: Response,
  ): Promise<{ body: unknown; text: string | null; problems: string[] }> {
    const what = `${method} ${template} → ${answer.status}`;
    const documented = operation(method, template).responses[String(answer.status)];
    const media = answer.headers.get("content-type") ?? "";
    const text = media.startsWith("text/event-stream") ? null : await answer.text();
    if (text === null) await answer.body?.cancel();
    const json = media.startsWith("application/json") && text ? (JSON.parse(text) as unknown) : null;
    if (!documented)
      return { body: json, text, problems: [`${what} is not a documented status: ${text?.slice(0, 300)}`] };
    const content = documented.content ?? {};
    if (!content["application/json"]) {
      const expected = Object.keys(content);
      const typed =
        expected.length === 0 ||
        expected[0] === "application/octet-stream" ||
        expected.some((type) => media.startsWith(type));
      return { body: null, text, problems: typed ? [] : [`${what}: ${media}`] };
    }
    const errors = answerErrors(method, template, answer.status, json);
    return {
      body: json,
      text,
      problems: errors.length > 0 ? [`${what}: ${errorsText(errors)}\n${text?.slice(0, 500)}`] : [],
    };
  }

  /** Checks an answer as `checkAnswer` does, failing the test on any problem; returns its JSON body. */
  async function expectDocumented(method: string, template: string, answer: Response): Promise<unknown> {
    const { body, problems } = await checkAnswer(method, template, answer);
    expect(problems, problems.join("\n")).toEqual([]);
    return body;
  }

  /** Whether a JSON request body is one the document accepts for `METHOD template`. */
  const acceptsBody = (method: string, template: string, body: unknown) =>
    errorsAt(schemaRef(method, template, "requestBody"), body).length === 0;

  /** A `$ref` of the document (`#/components/schemas/Error`), resolved. */
  const resolve = (ref: string) => resolveRef(document, ref) as Schema;

  /** What is wrong with a value by a schema of the components (`LiveEvent`): nothing when it matches. */
  const componentErrors = (name: string, value: unknown) =>
    errorsAt(`openapi#/components/schemas/${pointer(name)}`, value);

  return {
    document,
    operations,
    operation,
    successStatus,
    checkAnswer,
    expectDocumented,
    answerErrors,
    componentErrors,
    acceptsBody,
    resolve,
  };
}
