"use client";
/**
 * The cost before submit, from `GET /api/estimate` for the settings as they stand, and a warning when
 * it is more than the team's balance.
 */
import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { Notice } from "@/components/ui/notice";
import { formatCredits } from "@/lib/domain/format";
import { estimateParams, type RenderFormValues } from "@/lib/client/form";
import { useAccount } from "@/lib/client/queries/account";
import { useEstimate } from "@/lib/client/queries/estimate";
import type { CostEstimate as Estimate } from "@/lib/contract";

function costText(estimate: Estimate | undefined, pending: boolean): string {
  if (!estimate) return pending ? "Estimating cost…" : "Cost shown after submit";
  if (estimate.credits === null) return `Cost ${estimate.basis}`;
  if (estimate.source === "plan") return "Included in your plan";
  return `≈ ${formatCredits(estimate.credits)}, ${estimate.basis}`;
}

/**
 * The settings to price, once they have held still for a moment: dragging the duration slider or
 * typing a number passes through many values, and only the one it stops at needs an estimate.
 */
function useSettledParams(values: RenderFormValues): ReturnType<typeof estimateParams> {
  const current = JSON.stringify(estimateParams(values));
  const [settled, setSettled] = useState(current);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(current), 250);
    return () => clearTimeout(timer);
  }, [current]);
  return JSON.parse(settled) as ReturnType<typeof estimateParams>;
}

export function CostEstimate() {
  const values = useWatch<RenderFormValues>() as RenderFormValues;
  const estimate = useEstimate(useSettledParams(values));
  const balance = useAccount().data?.renderCreditsBalance;
  const credits = estimate.data?.credits ?? null;
  const overBalance = credits !== null && balance !== undefined && credits > balance;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      {/* The previous estimate, while the new one is asked for, is dimmed but still readable (WCAG AA). */}
      <p
        role="status"
        aria-label="Estimated cost"
        aria-busy={estimate.isPlaceholderData}
        className={`text-sm ${estimate.isPlaceholderData ? "text-zinc-500 dark:text-zinc-400" : "text-zinc-700 dark:text-zinc-300"}`}
      >
        {costText(estimate.data, estimate.isPending)}
      </p>
      {overBalance && (
        <Notice tone="warning">
          This render needs about {formatCredits(credits)}, more than the balance of {formatCredits(balance)}.
        </Notice>
      )}
    </div>
  );
}
