/**
 * Cross-tab dedupe of render submissions. Each submission is remembered in localStorage as
 * `{ body, key, at }`; the same body submitted again within `RECENT_SUBMISSION_MS`, from any tab of
 * this browser, reuses that Idempotency-Key, so the server replays the first render instead of
 * starting (and charging) a second. After the window an identical body is a new render: re-running a
 * prompt for variety is deliberate. Storage and clock are passed in, so this stays pure.
 */

export const RECENT_SUBMISSION_MS = 10_000;
export const RECENT_SUBMISSION_STORAGE_KEY = "render-dashboard:last-submission";
/**
 * An entry at most this much newer than a click is the same submission: two tabs clicked at once and
 * the other one claimed first (its click a moment later). Anything newer is a clock set back.
 */
const SIMULTANEOUS_MS = 1_000;

export interface RecentSubmission {
  body: string;
  key: string;
  /** Epoch milliseconds of the submission. */
  at: number;
  /** The tab that submitted it, so a replay can say whether it came from another tab. */
  tab: string;
  /** The dashboard's request id, once the first submission was answered. */
  requestId?: string;
}

export type SubmissionStorage = Pick<Storage, "getItem" | "setItem">;

function read(storage: SubmissionStorage): RecentSubmission | null {
  try {
    const value: unknown = JSON.parse(storage.getItem(RECENT_SUBMISSION_STORAGE_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const entry = value as Partial<RecentSubmission>;
    if (typeof entry.body !== "string" || typeof entry.key !== "string" || typeof entry.at !== "number")
      return null;
    return {
      body: entry.body,
      key: entry.key,
      at: entry.at,
      tab: typeof entry.tab === "string" ? entry.tab : "",
      ...(typeof entry.requestId === "string" && { requestId: entry.requestId }),
    };
  } catch {
    // Corrupt, or storage refused (private mode, quota): behave as if nothing was remembered.
    return null;
  }
}

function write(storage: SubmissionStorage, entry: RecentSubmission): void {
  try {
    storage.setItem(RECENT_SUBMISSION_STORAGE_KEY, JSON.stringify(entry));
  } catch {
    // Without storage there is no cross-tab dedupe; each tab still dedupes its own retries.
  }
}

export interface SubmissionClaim {
  key: string;
  /** The earlier submission whose key is reused, or null for a new render. */
  earlier: RecentSubmission | null;
}

/**
 * The key for submitting `body` now: the remembered one when the same body was submitted less than
 * `RECENT_SUBMISSION_MS` ago, else `newKey()`. A new key is remembered at once, before the request
 * leaves, so a second tab submitting a moment later finds it.
 */
export function claimSubmissionKey(
  storage: SubmissionStorage,
  { body, now, tab, newKey }: { body: string; now: number; tab: string; newKey: () => string },
): SubmissionClaim {
  const recent = read(storage);
  const age = recent ? now - recent.at : Number.NaN;
  if (recent && recent.body === body && age > -SIMULTANEOUS_MS && age < RECENT_SUBMISSION_MS) {
    return { key: recent.key, earlier: recent };
  }
  const key = newKey();
  write(storage, { body, key, at: now, tab });
  return { key, earlier: null };
}

/**
 * Records the answer to a submission. Returns the earlier submission when this answer is its replay
 * (the same request id it was answered with), else null after remembering the request id.
 */
export function settleSubmission(
  storage: SubmissionStorage,
  { key, requestId }: { key: string; requestId: string },
): RecentSubmission | null {
  const recent = read(storage);
  if (!recent || recent.key !== key) return null;
  if (recent.requestId === requestId) return recent;
  write(storage, { ...recent, requestId });
  return null;
}
