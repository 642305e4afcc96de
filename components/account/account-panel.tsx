"use client";

/**
 * The team's account: plan, credit balance against the monthly grant, which key the server uses and,
 * for a signed-in member, their own spend against their cap. Creates and refunds invalidate both, so
 * they follow what the gallery shows. Nothing is shown to a visitor who has yet to sign in.
 */
import { lazy, Suspense } from "react";
import type { Account } from "@/lib/contract";
import type { MemberSpend } from "@/lib/contract";
import { useAccount } from "@/lib/client/queries/account";
import { useSession } from "@/lib/client/queries/session";
import { formatCredits, formatNumber, keyLabel } from "@/lib/domain/format";
import { TriangleAlertIcon } from "lucide-react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Skeleton } from "@/components/ui/skeleton";

/** Only with sign-in on is there a member's own spend to show: loaded then, not with every page. */
/** What went wrong, loaded only when something did. */
const AccountFailure = lazy(() => import("./account-error").then((m) => ({ default: m.AccountFailure })));
const MemberSpendSummary = lazy(() =>
  import("./member-spend").then((m) => ({ default: m.MemberSpendSummary })),
);

export function AccountPanel({ lowBalanceCredits }: { lowBalanceCredits: number | null }) {
  const session = useSession();
  const signedOut = session.data?.authEnabled === true && session.data.member === null;
  // Waits for the session, so a signed-out visitor (on the sign-in page) never asks for the account.
  const account = useAccount({ enabled: session.isFetched && !signedOut });
  if (signedOut) return null;
  const member = session.data?.member ?? null;
  return (
    <section
      aria-label="Account"
      aria-busy={account.isPending}
      className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2 text-sm"
    >
      {account.data ? (
        <AccountSummary account={account.data} lowBalanceCredits={lowBalanceCredits} member={member} />
      ) : account.isError ? (
        <Suspense>
          <AccountFailure
            error={account.error}
            onRetry={() => void account.refetch()}
            retrying={account.isFetching}
          />
        </Suspense>
      ) : (
        <AccountSkeleton />
      )}
    </section>
  );
}

function AccountSummary({
  account,
  lowBalanceCredits,
  member,
}: {
  account: Account;
  lowBalanceCredits: number | null;
  member: MemberSpend | null;
}) {
  const balance = account.renderCreditsBalance;
  const low = lowBalanceCredits !== null && balance < lowBalanceCredits;
  return (
    <>
      <span className="rounded-full bg-indigo-100 px-2 py-0.5 text-xs font-semibold text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-300">
        {account.planLabel}
      </span>
      <div className="flex min-w-44 flex-col gap-1">
        <p className="flex items-baseline gap-1.5">
          {/* Spaces between the parts keep the text readable when copied or read aloud. */}
          <span className="text-zinc-600 dark:text-zinc-400">Balance</span>{" "}
          <span className={`font-semibold tabular-nums ${low ? "text-amber-700 dark:text-amber-400" : ""}`}>
            {formatNumber(balance)}
          </span>{" "}
          <span className="text-xs text-zinc-500 dark:text-zinc-400">
            of {formatNumber(account.monthlyGrant)} monthly
          </span>
        </p>
        <ProgressBar
          value={balance}
          max={Math.max(account.monthlyGrant, 1)}
          label="Balance of monthly grant"
          tone={low ? "warning" : "accent"}
        />
      </div>
      {member && (
        <Suspense>
          <MemberSpendSummary member={member} />
        </Suspense>
      )}
      <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400" title="API key the server uses">
        {keyLabel(account.key)}
      </span>
      {low && (
        <p
          role="status"
          className="flex items-center gap-1 text-xs font-medium text-amber-800 dark:text-amber-300"
        >
          <TriangleAlertIcon className="size-3.5" />
          Low balance: {formatCredits(balance)} left
        </p>
      )}
    </>
  );
}

function AccountSkeleton() {
  return (
    <>
      <span className="sr-only">Loading account…</span>
      <Skeleton className="h-5 w-12 rounded-full" />
      <Skeleton className="h-8 w-44" />
      <Skeleton className="h-4 w-32" />
    </>
  );
}
