/**
 * The usage page's tables: the chart's numbers day by day, the forecast, and spend by member (this
 * month against the cap), by model and by board.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ScrollFrame } from "@/components/ui/scroll-frame";
import { Panel } from "@/components/ui/surface";
import type { Usage } from "@/lib/contract";
import { formatCredits, formatNumber, percentOf } from "@/lib/domain/format";
import {
  groupCells,
  longDay,
  shortDay,
  sumCells,
  type UsageForecast,
  type UsageSeries,
} from "@/lib/domain/usage";

const CELL = "px-3 py-2 text-right tabular-nums";
const HEAD = "px-3 py-2 text-right font-medium";
const FIRST = "px-3 py-2 text-left";

/** A table whose first column names each row and whose other columns are numbers. */
function Table({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <ScrollFrame label={caption}>
      <table className="w-full min-w-max text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-zinc-200 text-xs text-zinc-600 dark:border-zinc-800 dark:text-zinc-400">
          <tr>
            {columns.map((name, i) => (
              <th key={`${i}:${name}`} scope="col" className={i === 0 ? FIRST : HEAD}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800/60">{children}</tbody>
      </table>
    </ScrollFrame>
  );
}

/** The chart's bars as rows: a day, each stack, the day's net. */
export function DataTable({ series, caption }: { series: UsageSeries; caption: string }) {
  return (
    <div className="mt-2">
      <Table caption={caption} columns={["Day (UTC)", ...series.keys, "Net"]}>
        {series.days.map((day) => (
          <tr key={day.day}>
            <th scope="row" className={`${FIRST} font-normal`}>
              {shortDay(day.day)}
            </th>
            {day.parts.map((part, i) => (
              <td key={series.keys[i]} className={CELL}>
                {formatNumber(part)}
              </td>
            ))}
            <td className={`${CELL} font-medium`}>{formatNumber(day.net)}</td>
          </tr>
        ))}
      </Table>
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Panel as="section" aria-labelledby={id} className="flex flex-col gap-3 p-4">
      <h2 id={id} className="text-sm font-semibold">
        {title}
      </h2>
      {children}
    </Panel>
  );
}

export function ForecastPanel({ forecast }: { forecast: UsageForecast }) {
  const over = forecast.monthEndProjection - forecast.monthlyGrant;
  return (
    <Section id="usage-forecast" title="Forecast at the last 7 days’ rate">
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <Fact label="Balance" value={formatCredits(forecast.balance)} />
        <Fact label="Spending" value={`${formatCredits(Math.round(forecast.burnPerDay))} a day`} />
        <Fact
          label="Balance runs out"
          value={forecast.runsOutOn ? longDay(forecast.runsOutOn) : "Not at this rate"}
        />
        <Fact
          label="This month by its end"
          value={`${formatCredits(forecast.monthEndProjection)} of the ${formatNumber(forecast.monthlyGrant)} granted`}
          detail={
            over > 0
              ? `${formatCredits(over)} over the monthly grant`
              : `${formatCredits(-over)} under the monthly grant`
          }
          warn={over > 0}
        />
      </dl>
    </Section>
  );
}

function Fact({
  label,
  value,
  detail,
  warn,
}: {
  label: string;
  value: string;
  detail?: string;
  warn?: boolean;
}) {
  return (
    <div>
      <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
      <dd className="font-medium">{value}</dd>
      {detail && <dd className={warn ? "text-amber-700 dark:text-amber-400" : "text-zinc-500"}>{detail}</dd>}
    </div>
  );
}

export function SpendTables({ usage }: { usage: Usage }) {
  const byModel = groupCells(usage.cells, "model");
  const netInRange = (memberId: string) => sumCells(usage.cells.filter((c) => c.memberId === memberId)).net;
  return (
    <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
      <Section id="usage-members" title="By member">
        {usage.members.length === 0 ? (
          <p className="text-sm text-zinc-500">
            Sign-in is off: nobody is signed in, so spend is the team’s.
          </p>
        ) : (
          <Table caption="Spend by member" columns={["Member", "Net in range", "This month", "Of cap"]}>
            {usage.members.map((member) => (
              <tr key={member.id}>
                <th scope="row" className={`${FIRST} font-normal`}>
                  {member.name}
                </th>
                <td className={CELL}>{formatNumber(netInRange(member.id))}</td>
                <td className={CELL}>{formatNumber(member.spentThisMonth)}</td>
                <td className={CELL}>
                  {member.capCredits === null ? (
                    <span className="text-zinc-500">No cap</span>
                  ) : (
                    <CapUse spent={member.spentThisMonth} cap={member.capCredits} name={member.name} />
                  )}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
      <Section id="usage-models" title="By model">
        <Table caption="Spend by model" columns={["Model", "Charged", "Refunded", "Net", "Renders"]}>
          {byModel.map((group) => (
            <tr key={group.key}>
              <th scope="row" className={`${FIRST} font-normal`}>
                {group.key}
              </th>
              {[group.charged, group.refunded, group.net, group.renders].map((value, i) => (
                <td key={i} className={CELL}>
                  {formatNumber(value)}
                </td>
              ))}
            </tr>
          ))}
        </Table>
      </Section>
      <Section id="usage-boards" title="By board">
        {usage.boards.length === 0 ? (
          <p className="text-sm text-zinc-500">No render of these days is on a board.</p>
        ) : (
          <Table caption="Spend by board" columns={["Board", "Net", "Renders"]}>
            {usage.boards.map((board) => (
              <tr key={board.id}>
                <th scope="row" className={`${FIRST} font-normal`}>
                  <Link href={`/boards/${encodeURIComponent(board.id)}`} className="hover:underline">
                    {board.name}
                  </Link>
                </th>
                <td className={CELL}>{formatNumber(board.charged - board.refunded)}</td>
                <td className={CELL}>{formatNumber(board.renders)}</td>
              </tr>
            ))}
          </Table>
        )}
      </Section>
    </div>
  );
}

function CapUse({ spent, cap, name }: { spent: number; cap: number; name: string }) {
  const percent = Math.round(percentOf(spent, cap));
  return (
    <span className="flex items-center justify-end gap-2">
      <ProgressBar
        value={spent}
        max={cap}
        label={`${name}: ${percent} % of the ${formatNumber(cap)}-credit cap`}
        tone={percent >= 100 ? "warning" : "accent"}
        className="w-16"
      />
      <span>
        {percent} % of {formatNumber(cap)}
      </span>
    </span>
  );
}
