/**
 * Reads the OpenAPI document from the running stack and checks answers against it: the status must
 * be documented for the operation, a JSON answer must match its documented schema (ajv, JSON Schema
 * 2020-12 as OpenAPI 3.1 uses it), and a media answer must come with its documented media type.
 */
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { expect } from "vitest";
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

export async function openApiChecker(stack: Stack) {
  const response = await stack.call("GET", "/api/openapi.json");
  expect(response.status).toBe(200);
  const document = (await response.json()) as OpenApiDocument;
  // Not strict: the document's own fields (openapi, info, paths) are not schema keywords.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, "openapi");

  function operation(method: string, template: string): Operation {
    const op = document.paths[template]?.[method.toLowerCase()];
    if (!op) throw new Error(`${method} ${template} is not in the document`);
    return op;
  }

  /**
   * Checks an answer of `METHOD template` against the document and returns its JSON body (or null
   * for a media answer, whose body is read and dropped, or an empty one).
   */
  async function expectDocumented(method: string, template: string, answer: Response): Promise<unknown> {
    const what = `${method} ${template} → ${answer.status}`;
    const documented = operation(method, template).responses[String(answer.status)];
    const text = answer.headers.get("content-type")?.startsWith("text/event-stream")
      ? null
      : await answer.text();
    expect(documented, `${what} is not a documented status: ${text?.slice(0, 300)}`).toBeDefined();
    const content = documented?.content ?? {};
    if (!content["application/json"]) {
      const media = answer.headers.get("content-type") ?? "";
      const expected = Object.keys(content);
      if (expected.length > 0 && expected[0] !== "application/octet-stream") {
        expect(
          expected.some((type) => media.startsWith(type)),
          `${what}: ${media}`,
        ).toBe(true);
      }
      if (text === null) await answer.body?.cancel();
      return null;
    }
    const body = JSON.parse(text ?? "") as unknown;
    const ref = `openapi#/paths/${pointer(template)}/${method.toLowerCase()}/responses/${answer.status}/content/${pointer("application/json")}/schema`;
    const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
    const valid = validate(body);
    expect(valid, `${what}: ${ajv.errorsText(validate.errors)}\n${text?.slice(0, 500)}`).toBe(true);
    return body;
  }

  /** Whether a JSON request body is one the document accepts for `METHOD template`. */
  function acceptsBody(method: string, template: string, body: unknown): boolean {
    const ref = `openapi#/paths/${pointer(template)}/${method.toLowerCase()}/requestBody/content/${pointer("application/json")}/schema`;
    return (ajv.getSchema(ref) ?? ajv.compile({ $ref: ref }))(body) === true;
  }

  /** A `$ref` of the document (`#/components/schemas/Error`), resolved. */
  function resolve(ref: string): Schema {
    return ref
      .slice(2)
      .split("/")
      .reduce<unknown>(
        (node, token) => (node as Record<string, unknown>)[token.replace(/~1/g, "/").replace(/~0/g, "~")],
        document,
      ) as Schema;
  }

  return { document, operation, expectDocumented, acceptsBody, resolve };
}
