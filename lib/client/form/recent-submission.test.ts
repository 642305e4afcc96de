import { describe, expect, it } from "vitest";
import {
  RECENT_SUBMISSION_MS,
  RECENT_SUBMISSION_STORAGE_KEY,
  claimSubmissionKey,
  settleSubmission,
  type SubmissionStorage,
} from "./recent-submission";

/** One browser's localStorage, shared by every "tab" in a test. */
function memoryStorage(
  initial: Record<string, string> = {},
): SubmissionStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (name) => data[name] ?? null,
    setItem: (name, value) => {
      data[name] = value;
    },
  };
}

const keys = () => {
  let n = 0;
  return () => `key-${++n}`;
};

describe("claimSubmissionKey", () => {
  it("gives the same body submitted again within the window the first key, from any tab", () => {
    const storage = memoryStorage();
    const newKey = keys();
    const first = claimSubmissionKey(storage, { body: "A", now: 1_000, tab: "t1", newKey });
    const second = claimSubmissionKey(storage, {
      body: "A",
      now: 1_000 + RECENT_SUBMISSION_MS - 1,
      tab: "t2",
      newKey,
    });
    expect(first).toEqual({ key: "key-1", earlier: null });
    expect(second.key).toBe("key-1");
    expect(second.earlier).toMatchObject({ body: "A", key: "key-1", at: 1_000, tab: "t1" });
  });

  it("starts a new render once the window has passed, or for another body", () => {
    const storage = memoryStorage();
    const newKey = keys();
    claimSubmissionKey(storage, { body: "A", now: 0, tab: "t1", newKey });
    expect(claimSubmissionKey(storage, { body: "B", now: 5, tab: "t1", newKey })).toEqual({
      key: "key-2",
      earlier: null,
    });
    // Only the last submission is remembered: A after B is new.
    expect(claimSubmissionKey(storage, { body: "A", now: 6, tab: "t1", newKey }).key).toBe("key-3");
    expect(
      claimSubmissionKey(storage, { body: "A", now: 6 + RECENT_SUBMISSION_MS, tab: "t1", newKey }).key,
    ).toBe("key-4");
  });

  it("shares the key with a tab that clicked a moment later but claimed first", () => {
    const storage = memoryStorage();
    claimSubmissionKey(storage, { body: "A", now: 10_005, tab: "t2", newKey: () => "first" });
    expect(
      claimSubmissionKey(storage, { body: "A", now: 10_000, tab: "t1", newKey: () => "second" }).key,
    ).toBe("first");
  });

  it("does not trust an entry from the future (a clock set back)", () => {
    const storage = memoryStorage();
    claimSubmissionKey(storage, { body: "A", now: 50_000, tab: "t1", newKey: () => "old" });
    expect(claimSubmissionKey(storage, { body: "A", now: 1_000, tab: "t1", newKey: () => "new" }).key).toBe(
      "new",
    );
  });

  it("treats a corrupt entry or a storage that throws as nothing remembered", () => {
    const corrupt = memoryStorage({ [RECENT_SUBMISSION_STORAGE_KEY]: "{not json" });
    expect(claimSubmissionKey(corrupt, { body: "A", now: 0, tab: "t", newKey: () => "k" })).toEqual({
      key: "k",
      earlier: null,
    });
    const wrongShape = memoryStorage({ [RECENT_SUBMISSION_STORAGE_KEY]: JSON.stringify({ body: 1 }) });
    expect(
      claimSubmissionKey(wrongShape, { body: "A", now: 0, tab: "t", newKey: () => "k" }).earlier,
    ).toBeNull();
    const refusing: SubmissionStorage = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
    };
    expect(claimSubmissionKey(refusing, { body: "A", now: 0, tab: "t", newKey: () => "k" })).toEqual({
      key: "k",
      earlier: null,
    });
  });
});

describe("settleSubmission", () => {
  it("remembers the first answer and recognises a replay of it", () => {
    const storage = memoryStorage();
    claimSubmissionKey(storage, { body: "A", now: 0, tab: "t1", newKey: () => "k1" });
    expect(settleSubmission(storage, { key: "k1", requestId: "req_1" })).toBeNull();
    const claim = claimSubmissionKey(storage, { body: "A", now: 10, tab: "t2", newKey: () => "k2" });
    expect(claim.key).toBe("k1");
    expect(settleSubmission(storage, { key: "k1", requestId: "req_1" })).toMatchObject({
      tab: "t1",
      requestId: "req_1",
    });
  });

  it("ignores an answer to a submission no longer remembered", () => {
    const storage = memoryStorage();
    claimSubmissionKey(storage, { body: "B", now: 0, tab: "t1", newKey: () => "k2" });
    expect(settleSubmission(storage, { key: "k1", requestId: "req_1" })).toBeNull();
    expect(JSON.parse(storage.data[RECENT_SUBMISSION_STORAGE_KEY] ?? "{}")).not.toHaveProperty("requestId");
  });
});
