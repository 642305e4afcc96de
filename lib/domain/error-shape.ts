/**
 * Recognises an error by class or, failing that, by name and field types. Next builds
 * instrumentation and each route handler as separate bundles with their own copy of every class,
 * and process-wide singletons (the poll scheduler, the account cache) can hand one bundle an error
 * made by another, where `instanceof` says no.
 */
type FieldType = "string" | "number" | "boolean" | "function";

export function isErrorOfShape<T extends Error>(
  value: unknown,
  errorClass: abstract new (...args: never[]) => T,
  /** The class's `name` as set in its constructor (class names do not survive minification). */
  name: string,
  fields: Readonly<Record<string, FieldType>>,
): value is T {
  if (value instanceof errorClass) return true;
  if (!(value instanceof Error) || value.name !== name) return false;
  const candidate = value as unknown as Record<string, unknown>;
  return Object.entries(fields).every(([field, type]) => typeof candidate[field] === type);
}
