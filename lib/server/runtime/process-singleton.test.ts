import { expect, test } from "vitest";
import { startedSingleton } from "./process-singleton";

test("a start that fails is forgotten, and its failure reaches its callers only", async () => {
  const unhandled: unknown[] = [];
  const note = (reason: unknown) => unhandled.push(reason);
  process.on("unhandledRejection", note);
  try {
    const name = `test-failing-start-${Math.random()}`;
    await expect(startedSingleton(name, () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    // Node reports a rejection nobody handled once the microtasks have run.
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    expect(await startedSingleton(name, () => Promise.resolve("up"))).toBe("up");
  } finally {
    process.off("unhandledRejection", note);
  }
});
