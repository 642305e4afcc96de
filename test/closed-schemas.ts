/**
 * A closed copy of an OpenAPI document's answer schemas: every object schema that does not say
 * which other properties it allows gets `additionalProperties: false`, so an answer holding a
 * property the document does not name fails validation.
 *
 * Where the closing goes matters with the in-place applicators of JSON Schema 2020-12:
 *
 * - `anyOf` / `oneOf`: each branch is a whole alternative (zod writes every branch of a union as a
 *   complete object), so each branch is closed on its own: an answer must be one of them exactly.
 * - `allOf`: each part describes only some of the same object (`Error` and a part narrowing its
 *   `error.code`), so closing each part would refuse the properties the other parts name, at that
 *   level and below (the second part's `error` names only `code`, closed it would refuse `message`).
 *   `unevaluatedProperties: false` on the holder mends the top level only: it sees the parts'
 *   properties at its own instance location, not those of `error`, which two separate subschemas
 *   describe. So the parts are merged into one schema (properties met in several parts merged in
 *   turn), which is then closed like any other. A part holding `anyOf`/`oneOf` is distributed over
 *   its branches (A ∧ (B₁ ∨ B₂) = (A ∧ B₁) ∨ (A ∧ B₂), and for oneOf likewise), so each branch is
 *   whole again. A closed part keeps its meaning: the merged object allows only the names every
 *   closed part allows.
 *
 * The merge handles the keywords zod emits; anything else in an `allOf` part throws rather than
 * being merged wrongly. Inside `not` and `if` nothing is closed (that would widen what they refuse).
 */

type Json = Record<string, unknown>;

const isSchema = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** Whether the schema speaks of an object's properties (zod writes `type: "object"` on each). */
function describesObject(schema: Json): boolean {
  const types = [schema.type ?? []].flat();
  return types.includes("object") || "properties" in schema || "required" in schema;
}

/** Keywords that only assert on the value itself: in a merge, parts' differing values all apply. */
const ASSERTIONS = new Set([
  "enum",
  "const",
  "format",
  "pattern",
  "minLength",
  "maxLength",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "multipleOf",
  "minItems",
  "maxItems",
  "uniqueItems",
  "minProperties",
  "maxProperties",
  "propertyNames",
  "contentMediaType",
  "description",
  "title",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
]);

export function closedSchemas(resolve: (ref: string) => unknown) {
  /** The schemas that apply together at this place: `$ref` and `allOf` opened, recursively. */
  function parts(schema: Json): Json[] {
    const { $ref, allOf, ...rest } = schema;
    return [
      ...(typeof $ref === "string" ? parts(resolve($ref) as Json) : []),
      ...((allOf as Json[] | undefined) ?? []).flatMap(parts),
      ...(Object.keys(rest).length > 0 ? [rest] : []),
    ];
  }

  const intersectTypes = (a: unknown, b: unknown) => {
    const right = [b].flat();
    const both = [a].flat().filter((type) => right.includes(type));
    return both.length === 1 ? both[0] : both;
  };

  /** The parts as one schema, where none holds `anyOf`, `oneOf`, `$ref` or `allOf`. */
  function mergeFlat(flat: Json[]): Json {
    const merged: Json = {};
    const properties: Record<string, unknown> = {};
    const required = new Set<string>();
    const others: Json[] = [];
    const both = (a: unknown, b: unknown) => (a === undefined ? b : { allOf: [a, b] });
    for (const part of flat) {
      for (const [key, value] of Object.entries(part)) {
        switch (key) {
          case "properties":
            for (const [name, property] of Object.entries(value as Json))
              properties[name] = both(properties[name], property);
            break;
          case "required":
            for (const name of value as string[]) required.add(name);
            break;
          case "additionalProperties":
            break;
          case "type":
            merged.type = "type" in merged ? intersectTypes(merged.type, value) : value;
            break;
          case "items":
            merged.items = both(merged.items, value);
            break;
          default:
            if (!ASSERTIONS.has(key)) throw new Error(`closedSchemas: cannot merge \`${key}\` in allOf`);
            if (!(key in merged)) merged[key] = value;
            else if (JSON.stringify(merged[key]) !== JSON.stringify(value)) others.push({ [key]: value });
        }
      }
    }
    // A part's additionalProperties applies to every name that part does not list, whoever lists it.
    const limits = flat.filter((part) => "additionalProperties" in part);
    for (const part of limits) {
      const own = (part.properties as Json | undefined) ?? {};
      const limit = part.additionalProperties;
      for (const name of Object.keys(properties))
        if (!(name in own)) properties[name] = limit === false ? false : both(properties[name], limit);
    }
    if (limits.length > 0) {
      const all = limits.map((part) => part.additionalProperties);
      merged.additionalProperties = all.includes(false) ? false : all.reduce(both);
    }
    if (Object.keys(properties).length > 0) merged.properties = properties;
    if (required.size > 0) merged.required = [...required];
    // Only assertions on the value: none names a property, so none needs closing.
    if (others.length > 0) merged.allOf = others;
    return merged;
  }

  /**
   * `allOf` (or `$ref` beside other keywords, or object keywords beside `anyOf`/`oneOf`) as one
   * schema, with any alternatives distributed so that each is whole.
   */
  function merge(schema: Json): Json {
    const all = parts(schema);
    const at = all.findIndex((part) => "anyOf" in part || "oneOf" in part);
    if (at < 0) return mergeFlat(all);
    const { anyOf, oneOf, ...rest } = all[at] as Json;
    const others = [...all.slice(0, at), rest, ...all.slice(at + 1)];
    const keyword = anyOf ? "anyOf" : "oneOf";
    const branches = (anyOf ?? oneOf) as Json[];
    // With both, the oneOf stays a part of each anyOf branch and is distributed in its turn.
    if (anyOf && oneOf) others.push({ oneOf });
    return { [keyword]: branches.map((branch) => ({ allOf: [...others, branch] })) };
  }

  const needsMerge = (schema: Json) =>
    "allOf" in schema ||
    ("$ref" in schema && Object.keys(schema).length > 1) ||
    (("anyOf" in schema || "oneOf" in schema) && describesObject(schema));

  /** The schema closed, and every schema inside it where a value is described in place. */
  function close(input: unknown): unknown {
    if (!isSchema(input)) return input;
    const schema = needsMerge(input) ? merge(input) : input;
    const out: Json = {};
    for (const [key, value] of Object.entries(schema)) {
      if (
        key === "properties" ||
        key === "patternProperties" ||
        key === "$defs" ||
        key === "dependentSchemas"
      )
        out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, sub]) => [name, close(sub)]));
      else if (key === "anyOf" || key === "oneOf" || key === "allOf" || key === "prefixItems")
        out[key] = (value as unknown[]).map(close);
      else if (
        key === "items" ||
        key === "additionalProperties" ||
        key === "contains" ||
        key === "then" ||
        key === "else"
      )
        out[key] = close(value);
      else out[key] = value;
    }
    if (describesObject(out) && !("additionalProperties" in out) && !("unevaluatedProperties" in out))
      out.additionalProperties = false;
    return out;
  }

  return { close };
}

/** A `$ref` within the document (`#/components/schemas/Error`), resolved. */
export function resolveRef(document: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .reduce<unknown>(
      (node, token) => (node as Json)[token.replace(/~1/g, "/").replace(/~0/g, "~")],
      document,
    );
}

interface Document {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, Json> }> }>>;
  components: { schemas: Record<string, unknown> };
}

/**
 * A copy of the document whose answer schemas (every response's, and the components a `$ref` may
 * name) are closed. Request bodies and parameters stay as they are.
 */
export function closedDocument<T extends Document>(document: T): T {
  const copy = structuredClone(document);
  const { close } = closedSchemas((ref) => resolveRef(document, ref));
  for (const [name, schema] of Object.entries(copy.components.schemas))
    copy.components.schemas[name] = close(schema);
  for (const operations of Object.values(copy.paths))
    for (const operation of Object.values(operations))
      for (const response of Object.values(operation.responses))
        for (const media of Object.values(response.content ?? {}))
          if ("schema" in media) media.schema = close(media.schema);
  return copy;
}
