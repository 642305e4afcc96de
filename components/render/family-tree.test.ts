import { describe, expect, test } from "vitest";
import type { LedgerRender } from "@/lib/contract";
import { familyRows } from "./family-tree";

/** A render of the family: only what the tree reads. */
const render = (id: string, createdAt: string, parentIds: string[], childIds: string[]) =>
  ({ id, createdAt, parentIds, childIds }) as unknown as LedgerRender;

describe("familyRows", () => {
  test("from the oldest ancestors down, each child under its parent, one level deeper", () => {
    const rows = familyRows([
      render("c", "2026-01-03", ["b"], []),
      render("a", "2026-01-01", [], ["b"]),
      render("b", "2026-01-02", ["a"], ["c"]),
    ]);
    expect(rows.map((r) => [r.render.id, r.level, r.parentRow])).toEqual([
      ["a", 1, null],
      ["b", 2, 0],
      ["c", 3, 1],
    ]);
  });

  test("a render made from two parents shows under each; parents outside the family are not roots' parents", () => {
    const rows = familyRows([
      render("x", "2026-01-01", ["outside"], ["z"]),
      render("y", "2026-01-02", [], ["z"]),
      render("z", "2026-01-03", ["x", "y"], []),
    ]);
    expect(rows.map((r) => `${r.render.id}@${r.level}`)).toEqual(["x@1", "z@2", "y@1", "z@2"]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});
