/**
 * Why the account cannot be shown, in words an admin can act on. Key and plan problems are the
 * server's configuration and do not go away by retrying; an unreachable service might.
 */
import { TriangleAlertIcon } from "lucide-react";
import { Button } from "@/components/ui/button";
import { isAppError } from "@/lib/contract/errors";

export interface AccountProblem {
  message: string;
  retryable: boolean;
}

export function accountProblem(error: unknown): AccountProblem {
  const code = isAppError(error) ? error.code : undefined;
  switch (code) {
    case "service_key_rejected":
      return {
        message: "The server's API key was rejected: an admin must set a valid key in the server's settings",
        retryable: false,
      };
    case "service_plan_required":
      return {
        message:
          "The server's API key belongs to a Free-plan account: an admin must upgrade the plan before renders can start",
        retryable: false,
      };
    case "unauthenticated":
      return { message: "Sign in to see the team's account.", retryable: false };
    case "upstream_unavailable":
    case "upstream_timeout":
      return { message: "The Render Service can't be reached right now.", retryable: true };
    case "rate_limited":
      return {
        message: "The Render Service asked us to slow down; the account will refresh shortly.",
        retryable: true,
      };
    default:
      return {
        message: `The account could not be loaded${error instanceof Error ? `: ${error.message}` : "."}`,
        retryable: true,
      };
  }
}

export function AccountFailure({
  error,
  onRetry,
  retrying,
}: {
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}) {
  const problem = accountProblem(error);
  return (
    <div role="alert" className="flex items-center gap-2 text-red-800 dark:text-red-300">
      <TriangleAlertIcon className="size-4 shrink-0" />
      <p className="text-sm">{problem.message}</p>
      {problem.retryable && (
        <Button size="sm" onClick={onRetry} disabled={retrying}>
          {retrying ? "Retrying…" : "Retry"}
        </Button>
      )}
    </div>
  );
}
