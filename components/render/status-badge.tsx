/** The status word of a render, with a colour that matches its meaning. */
import { isFinalLedgerStatus } from "@/lib/domain/statuses";
import { statusWord } from "@/lib/domain/format";

const TONES: Record<string, string> = {
  ready: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
  failed: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  rejected: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  unknown: "bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300",
  awaiting_approval: "bg-amber-100 text-amber-900 dark:bg-amber-500/15 dark:text-amber-300",
  declined: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300",
  lost: "bg-zinc-200 text-zinc-700 dark:bg-zinc-700/50 dark:text-zinc-300",
  running: "bg-indigo-100 text-indigo-800 dark:bg-indigo-500/15 dark:text-indigo-300",
};
const ACTIVE_TONE = "bg-sky-100 text-sky-800 dark:bg-sky-500/15 dark:text-sky-300";

export function StatusBadge({ status }: { status: string }) {
  const active = !isFinalLedgerStatus(status);
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-medium ${TONES[status] ?? ACTIVE_TONE}`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 rounded-full bg-current ${active ? "animate-pulse-briefly" : "opacity-70"}`}
      />
      {statusWord(status)}
    </span>
  );
}
