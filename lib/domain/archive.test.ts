import { describe, expect, test } from "vitest";
import { archivedWanted } from "./archive";

describe("archivedWanted", () => {
  test.each<[Parameters<typeof archivedWanted>[0], ReturnType<typeof archivedWanted>]>([
    [{}, "false"],
    [{ archived: "true" }, "true"],
    [{ archived: "false" }, "false"],
    [{ ids: "rnd_a" }, undefined],
    [{ batchId: "req_a" }, undefined],
    [{ batchId: "req_a", archived: "true" }, "true"],
    [{ board: "brd_a" }, undefined],
    [{ board: "brd_a", archived: "false" }, "false"],
    [{ run: "run_a" }, undefined],
    [{ run: "run_a", archived: "true" }, "true"],
  ])("%j → %s", (filters, expected) => {
    expect(archivedWanted(filters)).toBe(expected);
  });
});
