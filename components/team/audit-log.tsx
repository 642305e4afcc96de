"use client";

/**
 * The audit log as an admin reads it: filters by member, kind and days, the entries newest first a
 * page at a time, and the CSV export of every entry the same filters match.
 */
import { useId, useState, type FormEvent } from "react";
import type { AuditEntry, AuditFilter, AuditKind } from "@/lib/contract";
import { AUDIT_KINDS, AUDIT_KIND_LABELS, changeWords } from "@/lib/domain/audit";
import { auditEntriesOf, auditExportHref, useAuditLog } from "@/lib/client/queries/audit";
import { useMembers } from "@/lib/client/queries/team";
import { Button, buttonClasses } from "@/components/ui/button";
import { CONTROL_CLASSES, LABEL_CLASSES } from "@/components/ui/field-classes";
import { LocalTime } from "@/components/ui/local-time";
import { Notice } from "@/components/ui/notice";
import { SelectOptions } from "@/components/ui/select-options";
import { Skeleton } from "@/components/ui/skeleton";
import { TextField } from "@/components/ui/text-field";
import { ColumnHeadings } from "./column-headings";

const KIND_OPTIONS = [
  { value: "", label: "Every kind" },
  ...AUDIT_KINDS.map((kind) => ({ value: kind, label: AUDIT_KIND_LABELS[kind] })),
];

export function AuditLog({ signInOn }: { signInOn: boolean }) {
  const [filter, setFilter] = useState<AuditFilter>({});
  const log = useAuditLog(filter);
  const entries = auditEntriesOf(log.data);
  return (
    <div className="flex flex-col gap-4">
      <AuditFilters signInOn={signInOn} onApply={setFilter} />
      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Newest first. Times in your time zone; the filter&apos;s days are UTC days.
        </p>
        <a href={auditExportHref(filter)} download className={buttonClasses({ size: "sm" })}>
          Export CSV
        </a>
      </div>
      {log.isError ? (
        <Notice tone="error">Could not load the audit log: {log.error.message}</Notice>
      ) : !log.data ? (
        <Skeleton className="h-40 w-full" />
      ) : entries.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">No entries match these filters.</p>
      ) : (
        <AuditTable entries={entries} />
      )}
      {log.hasNextPage && (
        <Button
          className="self-center"
          onClick={() => void log.fetchNextPage()}
          disabled={log.isFetchingNextPage}
        >
          {log.isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      )}
    </div>
  );
}

/** The filter form: applied on submit, so typing a date does not reload the log at every key. */
function AuditFilters({ signInOn, onApply }: { signInOn: boolean; onApply: (filter: AuditFilter) => void }) {
  const members = useMembers({ enabled: signInOn });
  const ids = { member: useId(), kind: useId() };
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => (form.get(name) as string | null) || undefined;
    onApply({
      member: value("member"),
      kind: value("kind") as AuditKind | undefined,
      from: value("from"),
      to: value("to"),
    });
  };
  return (
    <form onSubmit={apply} aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3">
      {signInOn && (
        <div className="flex min-w-40 flex-col gap-1.5">
          <label htmlFor={ids.member} className={LABEL_CLASSES}>
            Member
          </label>
          <select id={ids.member} name="member" className={`${CONTROL_CLASSES} h-10 px-2`}>
            <SelectOptions
              options={[
                { value: "", label: "Everyone" },
                ...(members.data ?? []).map((m) => ({ value: m.id, label: m.name })),
              ]}
            />
          </select>
        </div>
      )}
      <div className="flex min-w-48 flex-col gap-1.5">
        <label htmlFor={ids.kind} className={LABEL_CLASSES}>
          Kind
        </label>
        <select id={ids.kind} name="kind" className={`${CONTROL_CLASSES} h-10 px-2`}>
          <SelectOptions options={KIND_OPTIONS} />
        </select>
      </div>
      <TextField id="audit-from" name="from" label="From" type="date" />
      <TextField id="audit-to" name="to" label="To" type="date" />
      <Button type="submit" variant="primary" className="mb-0.5">
        Apply filters
      </Button>
    </form>
  );
}

const COLUMNS = ["When", "What", "Who", "Address", "On", "Change"] as const;
const CELL = "border-t border-zinc-200 px-3 py-2 align-top dark:border-zinc-800";

function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    // Scrolls sideways on a narrow screen rather than squeezing six columns.
    <div className="overflow-x-auto rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900">
      <table className="w-full min-w-[48rem] text-sm">
        <ColumnHeadings columns={COLUMNS} />
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td className={`${CELL} whitespace-nowrap`}>
                <LocalTime iso={entry.at} />
              </td>
              <td className={CELL}>{AUDIT_KIND_LABELS[entry.kind]}</td>
              <td className={CELL}>{who(entry)}</td>
              <td className={`${CELL} font-mono text-xs`}>{entry.address ?? "unknown"}</td>
              <td className={`${CELL} break-all`}>{entry.target && targetWords(entry.target)}</td>
              <td className={CELL}>{entry.change && changeWords(entry.change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The member by their name at the time; a failed sign-in names the email tried. */
function who(entry: AuditEntry): string {
  if (entry.actor) return entry.actor.name;
  if (entry.email !== null) return `Someone trying ${entry.email}`;
  return "The team";
}

function targetWords({ type, id, name }: NonNullable<AuditEntry["target"]>): string {
  const which = name ?? id;
  return which ? `${type}: ${which}` : type;
}
