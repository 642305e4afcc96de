import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/contract/errors";
import { describeSubmitFailure } from "./submit-failure";
import { idempotencyKeyFor, retryKeepsKey } from "./submission";
import { readableMessage } from "./values";

describe("idempotencyKeyFor", () => {
  let n = 0;
  const newKey = () => `key-${++n}`;

  it("makes a new key for a first submission", () => {
    expect(idempotencyKeyFor(null, "{}", newKey)).toMatch(/^key-/);
  });

  it("reuses the key of an unsettled submission of the same body", () => {
    expect(idempotencyKeyFor({ key: "k1", body: '{"prompt":"a"}' }, '{"prompt":"a"}', newKey)).toBe("k1");
  });

  it("makes a new key when the body changed", () => {
    expect(idempotencyKeyFor({ key: "k1", body: '{"prompt":"a"}' }, '{"prompt":"b"}', newKey)).not.toBe("k1");
  });
});

describe("retryKeepsKey", () => {
  it.each([
    [new AppError("upstream_unavailable", "offline", { status: 0 }), true],
    [new TypeError("Failed to fetch"), true],
    [new AppError("idempotency_conflict", "still being submitted"), true],
    [new AppError("upstream_timeout", "slow"), false],
    [new AppError("upstream_unavailable", "down"), false],
    [new AppError("internal_error", "bug"), false],
    [new AppError("invalid_request", "bad", { field: "prompt" }), false],
    [new AppError("rate_limited", "slow down", { retryAfterSeconds: 3 }), false],
    [new AppError("insufficient_credits", "poor"), false],
  ])("%s → %s", (error, expected) => {
    expect(retryKeepsKey(error)).toBe(expected);
  });
});

describe("describeSubmitFailure", () => {
  it("puts a 422 with a form field on that field", () => {
    expect(
      describeSubmitFailure(
        new AppError("invalid_request", "referenceImageUrls must contain only upload URLs", {
          field: "referenceImageUrls",
        }),
      ),
    ).toEqual({
      type: "field",
      field: "referenceImageUrls",
      message: "referenceImageUrls must contain only upload URLs",
    });
  });

  it("shows a 422 on a field the form lacks as a message", () => {
    expect(describeSubmitFailure(new AppError("invalid_request", "seed is odd", { field: "seed" }))).toEqual({
      type: "other",
      message: "seed is odd",
    });
  });

  it("turns a 429 into a countdown with the server's words, rounding up and defaulting when it gave no time", () => {
    const limit =
      "You have started 120 renders in the last minute, the most a member may: try again in 3 seconds.";
    expect(describeSubmitFailure(new AppError("rate_limited", limit, { retryAfterSeconds: 2.2 }))).toEqual({
      type: "rate-limited",
      retryAfterSeconds: 3,
      message: limit,
    });
    expect(describeSubmitFailure(new AppError("rate_limited", "x"))).toMatchObject({ retryAfterSeconds: 10 });
  });

  it("shows the server's words to the admin when the server's key or plan is refused", () => {
    const key = new AppError("service_key_rejected", "An admin must set a valid key.");
    const plan = new AppError("service_plan_required", "An admin must move the account to a paid plan.");
    expect(describeSubmitFailure(key)).toEqual({ type: "admin", message: "An admin must set a valid key." });
    expect(describeSubmitFailure(plan)).toEqual({
      type: "admin",
      message: "An admin must move the account to a paid plan.",
    });
  });

  it("shows the member's cap refusal in the server's words, which name the spend and the cap", () => {
    const message = "This render would pass your monthly cap: 950 of 1,000 credits spent.";
    expect(describeSubmitFailure(new AppError("member_cap_reached", message))).toEqual({
      type: "cap",
      message,
    });
  });

  it("says a timed-out create may exist and is tracked in the gallery", () => {
    const failure = describeSubmitFailure(new AppError("upstream_timeout", "x"));
    expect(failure.type).toBe("unknown-outcome");
    expect(failure.message).toMatch(/unknown.*gallery/);
  });

  it("says a retry is safe when no answer came", () => {
    const failure = describeSubmitFailure(new AppError("upstream_unavailable", "offline", { status: 0 }));
    expect(failure.type).toBe("unknown-outcome");
    expect(failure.message).toMatch(/never starts twice/);
  });

  it("shows other errors with the server's message", () => {
    expect(describeSubmitFailure(new AppError("insufficient_credits", "Not enough credits"))).toEqual({
      type: "other",
      message: "Not enough credits",
    });
  });
});

describe("readableMessage", () => {
  it("names the field by its label", () => {
    expect(readableMessage("negativePrompt", "negativePrompt must be at most 500 characters")).toBe(
      "Negative prompt must be at most 500 characters",
    );
    expect(
      readableMessage("referenceVideoUrls", "referenceVideoUrls: veo-3.1 takes no reference videos"),
    ).toBe("Reference videos: veo-3.1 takes no reference videos");
  });
  it("leaves other messages alone", () => {
    expect(readableMessage("prompt", "Too long")).toBe("Too long");
  });
});
