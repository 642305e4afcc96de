/**
 * A run's progress: a bar of its finished rows, and the counts behind it (renders created, ready and
 * failed, rows waiting or cancelled, credits), shared by the run's page and the list of runs.
 */
import { ProgressBar } from "@/components/ui/progress-bar";
import type { Run } from "@/lib/contract";
import { formatCredits } from "@/lib/domain/format";

/** Rows that will change no more. */
const finishedRows = ({ counts }: Run) => counts.ready + counts.failed + counts.cancelled + counts.unknown;

export function RunProgress({ run }: { run: Run }) {
  const { counts, renderCounts } = run;
  const finished = finishedRows(run);
  // Renders where the words say renders (an image row may make 4), rows where they say rows.
  const facts: [string, number, string?][] = [
    ["Renders created", renderCounts.created, `of ${renderCounts.asked}`],
    ["Ready", renderCounts.ready],
    ["Failed", renderCounts.failed],
    ...(counts.queued > 0 ? [["Rows waiting", counts.queued] as [string, number]] : []),
    ...(counts.cancelled > 0 ? [["Rows cancelled", counts.cancelled] as [string, number]] : []),
    ...(counts.unknown > 0 ? [["Rows with outcome unknown", counts.unknown] as [string, number]] : []),
  ];
  return (
    <div className="space-y-1.5">
      <ProgressBar
        value={finished}
        max={counts.rows}
        label={`${finished} of ${counts.rows} rows finished`}
        tone={run.state === "done" ? "success" : run.state === "cancelled" ? "warning" : "accent"}
      />
      <dl className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm tabular-nums">
        {facts.map(([label, value, of]) => (
          <div key={label} className="flex gap-1">
            <dt className="text-zinc-600 dark:text-zinc-400">{label}</dt>
            <dd className="font-medium">
              {value}
              {of && <span className="font-normal text-zinc-500"> {of}</span>}
            </dd>
          </div>
        ))}
        <div className="flex gap-1">
          <dt className="text-zinc-600 dark:text-zinc-400">Credits</dt>
          <dd className="font-medium">
            {formatCredits(run.creditsCharged)}
            {run.creditsRefunded > 0 && (
              <span className="font-normal text-zinc-500">
                {" "}
                ({formatCredits(run.creditsRefunded)} refunded)
              </span>
            )}
          </dd>
        </div>
      </dl>
    </div>
  );
}
