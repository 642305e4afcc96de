/** Shared by the tests of the request schema and of the simulator, which check the same rules. */

/** Counts to check a cap with: at it, one past it, and far past it. */
export const aroundCap = (cap: number) =>
  [
    ["at cap", cap],
    ["cap + 1", cap + 1],
    ["far over cap", cap + 10],
  ] as const;
