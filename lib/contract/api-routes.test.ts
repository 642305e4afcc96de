/**
 * The route map is merged from one file per resource (routes/): a key declared in two files would
 * silently keep the later one, and a file left out of the merge would drop its routes. Every entry of
 * every resource file must reach the map, once.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { API_ROUTES } from "./api-routes";

const ROUTE_KEY = /^(GET|POST|PUT|PATCH|DELETE) \/api\//;

test("each resource's entries reach the map, and no route is declared twice", async () => {
  const folder = path.join(import.meta.dirname, "routes");
  const declared: string[] = [];
  for (const file of readdirSync(folder).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))) {
    const exports = (await import(path.join(folder, file))) as Record<string, unknown>;
    for (const value of Object.values(exports)) {
      if (typeof value !== "object" || value === null) continue;
      declared.push(...Object.keys(value).filter((key) => ROUTE_KEY.test(key)));
    }
  }
  const twice = declared.filter((key, i) => declared.indexOf(key) !== i);
  expect(twice).toEqual([]);
  expect(declared.sort()).toEqual(Object.keys(API_ROUTES).sort());
});
