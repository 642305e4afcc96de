"use client";

/**
 * The deployment's state for admins, read again every few seconds: whether the Render Service and
 * the database answer, the account's poll budget spent in the last minute (by every process of the
 * deployment together), the renders being followed, and which process answered and whether it is
 * the one that polls. `GET /api/health` is the source; load balancers read the same route.
 */
import type { ReactNode } from "react";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Skeleton } from "@/components/ui/skeleton";
import { Panel } from "@/components/ui/surface";
import type { Health } from "@/lib/contract";
import { formatNumber } from "@/lib/domain/format";
import { useHealth } from "@/lib/client/queries/health";
import { TeamSection } from "./team-section";

/** The share of the poll budget from which the bar turns amber: polls are then spaced out. */
const BUDGET_WARNING_SHARE = 0.8;

export function ServiceStatus() {
  const health = useHealth();
  return (
    <TeamSection title="Status">
      {health.isError && (
        <Notice tone="error">
          Could not read the status: {health.error.message}
          {health.data && " What follows is the last reading."}
        </Notice>
      )}
      {health.data ? (
        <StatusGrid health={health.data} />
      ) : (
        !health.isError && <Skeleton className="h-32 w-full" />
      )}
    </TeamSection>
  );
}

function StatusGrid({ health }: { health: Health }) {
  const { scheduler } = health;
  const polls = scheduler.pollsInLastMinute;
  const budget = scheduler.budgetPerMinute;
  return (
    <Panel as="dl" className="grid gap-x-6 gap-y-4 p-4 text-sm sm:grid-cols-2 lg:grid-cols-4">
      <Item term="Render Service" good={health.upstream.reachable}>
        {health.upstream.reachable ? "Answers" : "Does not answer"}
      </Item>
      <Item term="Database" good={health.database.ok}>
        {health.database.ok ? "Answers" : "Does not answer"}
      </Item>
      <Item term="Polling" good={scheduler.running && scheduler.pausedUntil === null}>
        {scheduler.running ? (
          <div className="flex flex-col gap-1.5">
            <span className="tabular-nums">
              {formatNumber(polls)} of {formatNumber(budget)} polls in the last minute
            </span>
            <ProgressBar
              value={polls}
              max={Math.max(budget, 1)}
              label={`Polls in the last minute: ${polls} of ${budget}`}
              tone={polls >= budget * BUDGET_WARNING_SHARE ? "warning" : "accent"}
            />
            <span className="text-zinc-600 dark:text-zinc-400">
              {scheduler.active === 1 ? "1 render" : `${formatNumber(scheduler.active)} renders`} in progress
            </span>
            {scheduler.pausedUntil && (
              <span className="text-amber-800 dark:text-amber-300">
                The service asked to wait: paused until <LocalTime iso={scheduler.pausedUntil} />
              </span>
            )}
          </div>
        ) : (
          "Stopped: renders are not followed"
        )}
      </Item>
      <Item term="Answered by">
        <div className="flex flex-col gap-1.5">
          {health.instance !== null && (
            <span>
              Process <code className="font-mono text-xs">{health.instance}</code>
            </span>
          )}
          <span className="text-zinc-600 dark:text-zinc-400">
            {scheduler.leader
              ? "It polls the service for the whole team."
              : "It stands by: another process polls the service."}
          </span>
        </div>
      </Item>
    </Panel>
  );
}

/** One fact: its name, and its value; a dot is green when all is well and red when not (grey: neither). */
function Item({ term, good, children }: { term: string; good?: boolean; children: ReactNode }) {
  const dot = good === undefined ? "bg-zinc-400" : good ? "bg-emerald-500" : "bg-red-500";
  return (
    <div className="flex min-w-0 flex-col gap-1">
      <dt className="flex items-center gap-2 font-medium text-zinc-900 dark:text-zinc-100">
        <span aria-hidden className={`size-2 shrink-0 rounded-full ${dot}`} />
        {term}
      </dt>
      <dd className="text-zinc-700 dark:text-zinc-300">{children}</dd>
    </div>
  );
}
