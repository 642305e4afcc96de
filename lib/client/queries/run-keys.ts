/**
 * Query keys of batch runs, apart from keys.ts: only the run pages and the live stream (both loaded
 * on their own) use them, so the home page's first load does not carry them.
 */
export const runKeys = {
  all: ["runs"] as const,
  /** The team's latest runs. */
  list: () => [...runKeys.all, "list"] as const,
  details: () => [...runKeys.all, "detail"] as const,
  detail: (id: string) => [...runKeys.details(), id] as const,
  estimates: () => [...runKeys.all, "estimate"] as const,
  /** What a file's rows would cost, by the rows themselves. */
  estimate: (rows: readonly unknown[]) => [...runKeys.estimates(), rows] as const,
};
