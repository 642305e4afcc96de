/**
 * The signed-in member's own spend this month against the cap that applies to them, shown beside
 * the team's balance so a member sees how much of it is theirs to spend.
 */
import type { MemberSpend } from "@/lib/contract";
import { formatNumber } from "@/lib/domain/format";
import { ProgressBar } from "@/components/ui/progress-bar";

/** From this share of the cap on, the bar turns amber: the next render may be refused. */
const NEAR_CAP = 0.9;

export function MemberSpendSummary({ member }: { member: MemberSpend }) {
  const spent = member.spentThisMonth;
  const cap = member.effectiveCapCredits;
  const near = cap !== null && spent >= cap * NEAR_CAP;
  return (
    <div className="flex min-w-44 flex-col gap-1" data-testid="member-spend">
      <p className="flex items-baseline gap-1.5">
        <span className="text-zinc-600 dark:text-zinc-400">Your spend</span>{" "}
        <span className={`font-semibold tabular-nums ${near ? "text-amber-700 dark:text-amber-400" : ""}`}>
          {formatNumber(spent)}
        </span>{" "}
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          {cap === null ? "credits this month · no cap" : `of ${formatNumber(cap)} credits this month`}
        </span>
      </p>
      {cap !== null && (
        <ProgressBar
          value={spent}
          max={Math.max(cap, 1)}
          label="Your spend of your monthly cap"
          tone={near ? "warning" : "accent"}
        />
      )}
    </div>
  );
}
