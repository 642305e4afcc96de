import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/contract/errors";
import { accountProblem } from "./account-error";

describe("accountProblem", () => {
  it("names a rejected server key, with no retry", () => {
    expect(accountProblem(new AppError("service_key_rejected", "x"))).toEqual({
      message: "The server's API key was rejected: an admin must set a valid key in the server's settings",
      retryable: false,
    });
  });
  it("names a free plan, with no retry", () => {
    const problem = accountProblem(new AppError("service_plan_required", "x"));
    expect(problem.message).toMatch(/Free-plan account: an admin must upgrade the plan/);
    expect(problem.retryable).toBe(false);
  });
  it("asks a signed-out visitor to sign in, with no retry", () => {
    expect(accountProblem(new AppError("unauthenticated", "x"))).toEqual({
      message: "Sign in to see the team's account.",
      retryable: false,
    });
  });
  it("offers a retry when the service is unreachable", () => {
    for (const code of ["upstream_unavailable", "upstream_timeout"]) {
      expect(accountProblem(new AppError(code, "x"))).toEqual({
        message: "The Render Service can't be reached right now.",
        retryable: true,
      });
    }
  });
  it("passes other messages through", () => {
    expect(accountProblem(new AppError("upstream_error", "Bad gateway")).message).toBe(
      "The account could not be loaded: Bad gateway",
    );
  });
});
