/**
 * The closed copy refuses a property its schema does not name, one added field at a time, and still
 * accepts what the open schema accepts: plain objects, nested ones, union branches, allOf parts that
 * each describe part of an object, and maps.
 */
import Ajv2020 from "ajv/dist/2020";
import { describe, expect, test } from "vitest";
import { closedDocument, closedSchemas } from "@/test/closed-schemas";

const ERROR = {
  type: "object",
  properties: {
    error: {
      type: "object",
      properties: { code: { type: "string" }, message: { type: "string" } },
      required: ["code", "message"],
    },
  },
  required: ["error"],
};
const SCHEMAS: Record<string, unknown> = { Error: ERROR };
const resolve = (ref: string) => SCHEMAS[ref.replace("#/components/schemas/", "")];

function validator(schema: unknown) {
  const ajv = new Ajv2020({ strict: false });
  const closed = closedSchemas(resolve).close(schema);
  // The components beside the schema, where its `$ref`s point.
  const compile = (root: unknown) => ajv.compile({ ...(root as object), components: { schemas: SCHEMAS } });
  return { open: compile(schema), closed: compile(closed) };
}

/** Both accept `valid`; the closed one refuses each `broken`, which the open one accepts. */
function expectClosed(schema: unknown, valid: unknown, ...broken: unknown[]) {
  const { open, closed } = validator(schema);
  expect(open(valid), "open accepts the valid value").toBe(true);
  expect(closed(valid), JSON.stringify(closed.errors)).toBe(true);
  for (const value of broken) {
    expect(open(value), `open accepts ${JSON.stringify(value)}`).toBe(true);
    expect(closed(value), `closed refuses ${JSON.stringify(value)}`).toBe(false);
  }
}

describe("closedSchemas", () => {
  test("an object, and objects nested in its properties and arrays", () => {
    const schema = {
      type: "object",
      properties: {
        id: { type: "string" },
        chain: {
          anyOf: [{ type: "object", properties: { clipsReady: { type: "integer" } } }, { type: "null" }],
        },
        items: { type: "array", items: { type: "object", properties: { url: { type: "string" } } } },
      },
      required: ["id"],
    };
    expectClosed(
      schema,
      { id: "a", chain: { clipsReady: 1 }, items: [{ url: "u" }] },
      { id: "a", seed: 1 },
      { id: "a", chain: { clipsReady: 1, object: "chain" } },
      { id: "a", chain: null, items: [{ url: "u", _links: {} }] },
    );
  });

  test("anyOf and oneOf: each branch is closed on its own", () => {
    const branches = [
      { type: "object", properties: { state: { const: "accepted" }, id: { type: "string" } } },
      { type: "object", properties: { state: { const: "held" }, requestId: { type: "string" } } },
    ];
    for (const keyword of ["anyOf", "oneOf"])
      expectClosed(
        { [keyword]: branches },
        { state: "held", requestId: "r" },
        { state: "held", requestId: "r", seed: 1 },
        // Another branch's property is not this branch's.
        { state: "held", requestId: "r", id: "x" },
      );
  });

  test("allOf: the parts are merged, so each part's properties are allowed and nothing else", () => {
    const narrowed = {
      allOf: [
        { $ref: "#/components/schemas/Error" },
        {
          type: "object",
          properties: { error: { type: "object", properties: { code: { enum: ["gone"] } } } },
        },
      ],
    };
    expectClosed(
      narrowed,
      { error: { code: "gone", message: "m" } },
      { error: { code: "gone", message: "m" }, seed: 1 },
      { error: { code: "gone", message: "m", traceId: "t" } },
    );
    // Still refused for what each part says: the narrowed code, the required message.
    const { closed } = validator(narrowed);
    expect(closed({ error: { code: "other", message: "m" } })).toBe(false);
    expect(closed({ error: { code: "gone" } })).toBe(false);
  });

  test("allOf with alternatives in a part: distributed, each alternative whole", () => {
    const schema = {
      allOf: [
        { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
        {
          oneOf: [
            { type: "object", properties: { kind: { const: "image" } } },
            { type: "object", properties: { kind: { const: "video" }, seconds: { type: "integer" } } },
          ],
        },
      ],
    };
    expectClosed(
      schema,
      { id: "a", kind: "video", seconds: 5 },
      { id: "a", kind: "image", seconds: 5 },
      { id: "a", kind: "video", seconds: 5, seed: 1 },
    );
  });

  test("a closed part keeps its meaning: another part's extra name stays refused", () => {
    const { open, closed } = validator({
      allOf: [
        { type: "object", properties: { a: {} }, additionalProperties: false },
        { type: "object", properties: { b: {} } },
      ],
    });
    for (const check of [open, closed]) {
      expect(check({ a: 1 })).toBe(true);
      expect(check({ a: 1, b: 2 })).toBe(false);
    }
  });

  test("maps (additionalProperties given) stay open; what zod cannot write in allOf throws", () => {
    expectClosed({ type: "object", propertyNames: { type: "string" }, additionalProperties: {} }, { any: 1 });
    expect(() => closedSchemas(resolve).close({ allOf: [{ not: { type: "null" } }] })).toThrow(
      "cannot merge `not`",
    );
  });

  test("closedDocument closes answers and components, and leaves the original as it was", () => {
    const document = {
      paths: {
        "/x": {
          get: {
            requestBody: { content: { "application/json": { schema: { type: "object" } } } },
            responses: { "200": { content: { "application/json": { schema: { type: "object" } } } } },
          },
        },
      },
      components: { schemas: { Error: ERROR } },
    };
    const closed = closedDocument(document);
    expect(closed.paths["/x"].get.responses["200"].content["application/json"].schema).toEqual({
      type: "object",
      additionalProperties: false,
    });
    expect(closed.components.schemas.Error).toMatchObject({ additionalProperties: false });
    expect(closed.paths["/x"].get.requestBody).toEqual(document.paths["/x"].get.requestBody);
    expect(document.components.schemas.Error).not.toHaveProperty("additionalProperties");
  });
});
