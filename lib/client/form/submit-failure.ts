/**
 * How the form shows each error the server can answer to a render submission. Not in the form's
 * index: the form loads it with its first failure, so the page's first load does not carry it.
 */
import { isAppError } from "@/lib/contract/errors";
import { formFieldFor, type RenderFormField } from "./values";

export type SubmitFailure =
  | { type: "field"; field: RenderFormField; message: string }
  | { type: "rate-limited"; retryAfterSeconds: number; message: string }
  | { type: "admin"; message: string }
  | { type: "cap"; message: string }
  | { type: "unknown-outcome"; message: string }
  | { type: "other"; message: string };

/** Used when a 429 carries no `retryAfterSeconds`. */
export const DEFAULT_RETRY_AFTER_SECONDS = 10;

/**
 * How the form shows a failed create: on its field, as a countdown, as an admin banner, as the
 * member's cap (the server's message names the spend and cap), or as a message.
 */
export function describeSubmitFailure(error: unknown): SubmitFailure {
  if (!isAppError(error) || error.status === 0) {
    return {
      type: "unknown-outcome",
      message:
        "The dashboard server did not answer, so whether the render started is unknown. Start render again to retry: the same request never starts twice.",
    };
  }
  switch (error.code) {
    // The service's fair use, or the team's limit on renders a minute: the server's words say which.
    case "rate_limited":
      return {
        type: "rate-limited",
        retryAfterSeconds: Math.max(1, Math.ceil(error.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS)),
        message: error.message,
      };
    // The server words these for the admin who must act on them; the form shows them as a banner.
    case "service_key_rejected":
    case "service_plan_required":
      return { type: "admin", message: error.message };
    case "member_cap_reached":
    case "team_budget_reached":
      return { type: "cap", message: error.message };
    case "upstream_timeout":
      return {
        type: "unknown-outcome",
        message:
          "The Render Service did not answer in time, so whether the render started is unknown. The gallery lists it as “Outcome unknown”; check the balance before starting it again.",
      };
  }
  const field = formFieldFor(error.field);
  if (field !== undefined && error.status === 422) return { type: "field", field, message: error.message };
  return { type: "other", message: error.message };
}
