"use client";

/**
 * `/usage`: where the credits went over a range of UTC days (docs/api.md, "Usage"). The range and
 * the stacking live in the address, so a reload or a shared link shows the same view. Admins (and
 * everyone with sign-in off) see the team and the balance's forecast; a member sees their own spend.
 * Spend events of the live stream refresh it (its query sits under the account's).
 */
import { useQuery } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { Panel } from "@/components/ui/surface";
import { TextField } from "@/components/ui/text-field";
import type { Usage } from "@/lib/contract";
import { usageQueryOptions } from "@/lib/client/queries/usage";
import { formatCredits, formatNumber } from "@/lib/domain/format";
import {
  USAGE_MAX_DAYS,
  USAGE_PRESET_DAYS,
  dailySeries,
  daysBetween,
  foldSeries,
  longDay,
  sumCells,
  usageCsv,
  usageRange,
  type UsageStackBy,
} from "@/lib/domain/usage";
import { ChartLegend, STACK_COLOURS, UsageChart } from "./usage-chart";
import { DataTable, ForecastPanel, SpendTables } from "./usage-tables";

/** `today`: the UTC day it was when the server answered, so both sides read the address alike. */
export function UsageView({ today }: { today: string }) {
  const params = useSearchParams();
  const range = usageRange(
    { days: params.get("days"), from: params.get("from"), to: params.get("to") },
    today,
  );
  const by: UsageStackBy = params.get("by") === "member" ? "member" : "model";
  const usage = useQuery(usageQueryOptions({ from: range.from, to: range.to }));
  const navigate = useNavigate();
  const data = usage.data;

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5">
      <header className="flex flex-wrap items-end gap-x-4 gap-y-2">
        <div>
          <h1 className="text-lg font-semibold tracking-tight">Usage</h1>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            {data?.scope === "member" ? "Your" : "The team’s"} net credits (charged less refunded) from{" "}
            {longDay(range.from)} to {longDay(range.to)}. Days are UTC days.
          </p>
        </div>
        {data && (
          <Button className="sm:ml-auto" onClick={() => exportCsv(data)}>
            <DownloadIcon /> Export CSV
          </Button>
        )}
      </header>

      <RangeControls range={range} by={by} showStacking={data?.scope !== "member"} navigate={navigate} />

      {usage.isError && <Notice tone="warning">Could not load the usage ({usage.error.message}).</Notice>}
      {usage.isPlaceholderData && usage.isFetching && (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Loading {longDay(range.from)} to {longDay(range.to)}…
        </p>
      )}
      {data && <UsageReport usage={data} by={by} />}
    </div>
  );
}

function UsageReport({ usage, by }: { usage: Usage; by: UsageStackBy }) {
  const totals = sumCells(usage.cells);
  const series = foldSeries(dailySeries(usage.cells, usage, by), STACK_COLOURS.length);
  const chartLabel = `Net credits per day, stacked by ${by}`;
  return (
    <>
      <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <Total label="Charged" value={formatNumber(totals.charged)} />
        <Total label="Refunded" value={formatNumber(totals.refunded)} />
        <Total label="Net" value={formatNumber(totals.net)} />
        <Total label="Renders" value={formatNumber(totals.renders)} />
        <Total
          label="Failures refunded"
          value={formatNumber(totals.failures)}
          detail={totals.failureRefunds > 0 ? formatCredits(totals.failureRefunds) : undefined}
        />
      </dl>

      <Panel as="section" aria-labelledby="usage-chart" className="flex flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id="usage-chart" className="text-sm font-semibold">
            {chartLabel}
          </h2>
          <ChartLegend keys={series.keys} />
        </div>
        {totals.renders === 0 ? (
          <p className="py-10 text-center text-sm text-zinc-500">No renders in these days.</p>
        ) : (
          <UsageChart series={series} label={chartLabel} />
        )}
        <details className="text-sm">
          <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400">
            The numbers as a table
          </summary>
          <DataTable series={series} caption={chartLabel} />
        </details>
      </Panel>

      {usage.forecast && <ForecastPanel forecast={usage.forecast} />}
      {usage.scope === "team" && !usage.forecast && (
        <Notice tone="warning">
          No forecast just now: the Render Service’s account (balance and monthly grant) could not be read.
        </Notice>
      )}
      <SpendTables usage={usage} />
    </>
  );
}

function Total({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Panel className="px-4 py-3">
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="text-xl font-semibold tabular-nums">
        {value}
        {detail && <span className="ml-2 text-xs font-normal text-zinc-500">{detail}</span>}
      </dd>
    </Panel>
  );
}

type Navigate = (changes: Record<string, string | null>) => void;

/** Replaces some of the page's query parameters, keeping the others. */
function useNavigate(): Navigate {
  const router = useRouter();
  const pathname = usePathname();
  const params = useSearchParams();
  return (changes) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    router.replace(`${pathname}?${next.toString()}`, { scroll: false });
  };
}

function RangeControls({
  range,
  by,
  showStacking,
  navigate,
}: {
  range: ReturnType<typeof usageRange>;
  by: UsageStackBy;
  showStacking: boolean;
  navigate: Navigate;
}) {
  const [custom, setCustom] = useState(range.preset === null);
  const [error, setError] = useState<string>();
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const [from, to] = [String(form.get("from")), String(form.get("to"))];
    const problem =
      from > to
        ? "To must not be before From."
        : daysBetween(from, to).length > USAGE_MAX_DAYS
          ? `A range holds at most ${USAGE_MAX_DAYS} days.`
          : undefined;
    setError(problem);
    if (!problem) navigate({ days: null, from, to });
  };
  return (
    <div className="flex flex-wrap items-end gap-x-6 gap-y-3">
      <div role="group" aria-label="Range" className="flex flex-wrap gap-1">
        {USAGE_PRESET_DAYS.map((days) => (
          <Button
            key={days}
            size="sm"
            variant={range.preset === days && !custom ? "primary" : "secondary"}
            aria-pressed={range.preset === days && !custom}
            onClick={() => {
              setCustom(false);
              navigate({ days: String(days), from: null, to: null });
            }}
          >
            {days} days
          </Button>
        ))}
        <Button
          size="sm"
          variant={custom ? "primary" : "secondary"}
          aria-pressed={custom}
          onClick={() => setCustom(true)}
        >
          Custom
        </Button>
      </div>
      {custom && (
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2">
          <TextField
            id="usage-from"
            name="from"
            label="From"
            type="date"
            defaultValue={range.from}
            required
          />
          <TextField
            id="usage-to"
            name="to"
            label="To"
            type="date"
            defaultValue={range.to}
            required
            error={error}
          />
          <Button type="submit" size="sm" className={error ? "mb-7" : "mb-1"}>
            Show
          </Button>
        </form>
      )}
      {showStacking && (
        <div role="group" aria-label="Stack by" className="flex gap-1">
          {(["model", "member"] as const).map((key) => (
            <Button
              key={key}
              size="sm"
              variant={by === key ? "primary" : "secondary"}
              aria-pressed={by === key}
              onClick={() => navigate({ by: key === "model" ? null : key })}
            >
              By {key}
            </Button>
          ))}
        </div>
      )}
    </div>
  );
}

/** Saves the cells behind the view as `usage-<from>-to-<to>.csv`. */
function exportCsv(usage: Usage) {
  const url = URL.createObjectURL(new Blob([usageCsv(usage.cells)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `usage-${usage.from}-to-${usage.to}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
