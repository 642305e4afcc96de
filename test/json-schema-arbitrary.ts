/**
 * fast-check arbitraries from JSON Schemas, for the subset zod's JSON Schema output uses: `$ref`
 * (within the document), `anyOf`/`oneOf`, `const`, `enum`, `type` (one or a list), string lengths,
 * `pattern` and the formats `date`, `date-time` and `uri`, integer and number bounds, arrays with
 * their bounds, objects with `properties` and `required`, and `{}` (any JSON value).
 *
 * Free text (a string with no pattern or format) mixes in control characters, NUL included: a schema
 * says nothing of them, and the dashboard refuses them (422) or drops them from search text, never
 * answering 500.
 *
 * `valid(schema)` makes values the schema accepts (sizes kept small); `invalid(schema)` makes values
 * near it: a valid value with one thing broken (a required property dropped, a property of another
 * type, a string past its length, a number past its bound), or unrelated JSON. Whether a value is in
 * fact valid is for ajv to say: a broken value may by chance still be accepted.
 */
import fc from "fast-check";

export interface Schema {
  $ref?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
}

/** Array sizes and unbounded strings stay small: the fuzz is about shapes, not volume. */
const SMALL = 4;
const INT32 = 2 ** 31 - 1;

/** Control characters text may carry by accident or on purpose: NUL, the rest of C0, DEL and C1. */
const controlCharacter = fc.oneof(
  fc.constant("\u0000"),
  fc.integer({ min: 0x01, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.constant("\u007f"),
  fc.integer({ min: 0x80, max: 0x9f }).map((code) => String.fromCharCode(code)),
);

/** Text whose characters are mostly printable and now and then control characters (NUL included). */
export const textWithControls = (constraints: { minLength?: number; maxLength?: number } = {}) =>
  fc.string({
    ...constraints,
    unit: fc.oneof(
      { weight: 5, arbitrary: fc.string({ minLength: 1, maxLength: 1 }) },
      { weight: 1, arbitrary: controlCharacter },
    ),
  });

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether `value` (any JSON) holds a control character in one of its strings or keys. */
export const holdsControlCharacter = (value: unknown): boolean =>
  typeof value === "string"
    ? CONTROL.test(value)
    : typeof value === "object" && value !== null
      ? Object.entries(value).some(([key, item]) => CONTROL.test(key) || holdsControlCharacter(item))
      : false;

export function schemaArbitraries(resolve: (ref: string) => Schema) {
  const deref = (schema: Schema): Schema => (schema.$ref ? deref(resolve(schema.$ref)) : schema);

  function valid(input: Schema): fc.Arbitrary<unknown> {
    const schema = deref(input);
    if ("const" in schema) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
    const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (branches) return fc.oneof(...branches.map(valid));
    if (Array.isArray(schema.type))
      return fc.oneof(...schema.type.map((type: string) => valid({ ...schema, type })));
    switch (schema.type) {
      case "null":
        return fc.constant(null);
      case "boolean":
        return fc.boolean();
      case "integer":
        return fc.integer({
          min: Math.max(schema.minimum ?? -INT32, (schema.exclusiveMinimum ?? -INT32 - 1) + 1, -INT32),
          max: Math.min(schema.maximum ?? INT32, (schema.exclusiveMaximum ?? INT32 + 1) - 1, INT32),
        });
      case "number":
        return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true });
      case "string":
        return validString(schema);
      case "array":
        return fc.array(valid(schema.items ?? {}), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? SMALL, Math.max(schema.minItems ?? 0, SMALL)),
        });
      case "object":
        return validObject(schema);
      default:
        return fc.jsonValue({ maxDepth: 2 });
    }
  }

  function validString(schema: Schema): fc.Arbitrary<string> {
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? Math.max(min, 40);
    if (schema.format === "date-time")
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString());
    if (schema.format === "date")
      return fc
        .date({ noInvalidDate: true, min: new Date(0), max: new Date(4e12) })
        .map((d) => d.toISOString().slice(0, 10));
    if (schema.format === "uri") return fc.webUrl();
    // A pattern sets its own lengths (a share token is 43 characters): only the schema's bounds apply,
    // never the free text's default, which a filter could then wait on forever.
    if (schema.pattern)
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= min && s.length <= (schema.maxLength ?? Infinity));
    return textWithControls({ minLength: min, maxLength: Math.min(max, min + 40) });
  }

  function validObject(schema: Schema): fc.Arbitrary<unknown> {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const record = fc.record(
      Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valid(property)])),
      { requiredKeys: (schema.required ?? []) as string[] },
    );
    const values = schema.additionalProperties;
    if (Object.keys(properties).length > 0 || typeof values !== "object") return record;
    // A map (`z.record`): keys and values of its own.
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), valid(values), {
      maxKeys: SMALL,
    });
  }

  /** A value of another JSON type than the schema's. */
  const otherType = (schema: Schema) =>
    fc.jsonValue({ maxDepth: 1 }).filter((value) => {
      const type = value === null ? "null" : Array.isArray(value) ? "array" : typeof value;
      const types = [schema.type ?? []].flat() as string[];
      return !types.includes(type) && !(type === "number" && types.includes("integer"));
    });

  /** One property's value broken: another type, past its length or bound, or not in its enum. */
  function broken(input: Schema): fc.Arbitrary<unknown> {
    const schema = deref(input);
    const choices: fc.Arbitrary<unknown>[] = [otherType(schema)];
    if (schema.maxLength !== undefined) choices.push(fc.constant("x".repeat(schema.maxLength + 1)));
    if (schema.minLength) choices.push(fc.constant(""));
    if (schema.pattern || schema.format || schema.enum) choices.push(textWithControls({ maxLength: 12 }));
    if (schema.maximum !== undefined) choices.push(fc.constant(schema.maximum + 1));
    if (schema.minimum !== undefined) choices.push(fc.constant(schema.minimum - 1));
    if (schema.type === "integer") choices.push(fc.constant(1.5));
    if (schema.maxItems !== undefined && schema.items)
      choices.push(
        fc.array(valid(schema.items), { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }),
      );
    return fc.oneof(...choices);
  }

  function invalid(input: Schema): fc.Arbitrary<unknown> {
    const schema = deref(input);
    const branches = ((schema.anyOf ?? schema.oneOf ?? [schema]) as Schema[]).map(deref);
    const objectBranches = branches.filter((branch) => branch.type === "object" && branch.properties);
    const mutations: fc.Arbitrary<unknown>[] = [fc.jsonValue({ maxDepth: 2 }), broken(schema)];
    for (const branch of objectBranches) {
      const entries = Object.entries(branch.properties as Record<string, Schema>);
      const required = (branch.required ?? []) as string[];
      if (required.length > 0)
        mutations.push(
          fc.tuple(valid(branch), fc.constantFrom(...required)).map(([value, name]) => {
            const copy = { ...(value as object) } as Record<string, unknown>;
            delete copy[name];
            return copy;
          }),
        );
      if (entries.length > 0)
        mutations.push(
          fc
            .constantFrom(...entries)
            .chain(([name, property]) =>
              fc
                .tuple(valid(branch), broken(property))
                .map(([value, bad]) => ({ ...(value as object), [name]: bad })),
            ),
        );
    }
    return fc.oneof(...mutations);
  }

  return { valid, invalid };
}
