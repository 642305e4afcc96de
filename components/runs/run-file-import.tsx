"use client";
/**
 * `/runs/new`, "Batch from file": a CSV or JSONL file becomes a preview table of its rows, each cell
 * editable and each problem named by row and column, checked by the form's own schema. Bad rows are
 * fixed or dropped; the total estimated cost is confirmed in a dialog, then the run starts and the
 * page goes to the run's own page.
 */
import { useMemo, useState, useTransition, type ChangeEvent } from "react";
import { useRouter } from "next/navigation";
import { useDropzone } from "react-dropzone";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BackLink } from "@/components/ui/back-link";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogDescription, DialogPanel, DialogTitle } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { ScrollFrame } from "@/components/ui/scroll-frame";
import { dropZoneClasses } from "@/components/uploads/drop-zone-face";
import type { RenderRequest, RunEstimate } from "@/lib/contract";
import { loadContract, type Contract } from "@/lib/client/contract-loader";
import { useAction } from "@/lib/client/queries/action";
import { runKeys } from "@/lib/client/queries/run-keys";
import { runEstimateQueryOptions, startRun } from "@/lib/client/queries/runs";
import { readRunFile, toRequest, type Cells, type CellIssue } from "@/lib/client/runs/file-rows";
import { formatCredits, renderCount } from "@/lib/domain/format";
import { RUN_MAX_ROWS, RUN_NAME_MAX_CHARS, rendersAsked } from "@/lib/domain/runs";

interface PreviewRow {
  /** The row's number in the file (1: the first row under a CSV's header). */
  number: number;
  cells: Cells;
  request: RenderRequest | null;
  issues: CellIssue[];
}

interface Preview {
  fileName: string;
  columns: string[];
  ignored: string[];
  rows: PreviewRow[];
  contract: Contract;
}

const ACCEPT = {
  "text/csv": [".csv"],
  "application/x-ndjson": [".jsonl", ".ndjson"],
  "application/json": [".jsonl"],
  "text/plain": [".txt", ".csv", ".jsonl"],
};

export function RunFileImport() {
  const [preview, setPreview] = useState<Preview | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [name, setName] = useState("");

  const open = async (file: File) => {
    const read = readRunFile(file.name, await file.text());
    if (read.error) {
      setFileError(`${file.name}: ${read.error}`);
      return;
    }
    const contract = await loadContract();
    setFileError(null);
    setName(file.name.replace(/\.[^.]+$/, "").slice(0, RUN_NAME_MAX_CHARS));
    setPreview({
      fileName: file.name,
      columns: read.columns,
      ignored: read.ignored,
      rows: read.rows.map((cells, i) => ({ number: i + 1, cells, ...toRequest(cells, contract) })),
      contract,
    });
  };

  return (
    <div className="space-y-6">
      <BackLink href="/runs">All batch runs</BackLink>
      <header className="space-y-1">
        <h1 className="text-lg font-semibold">Batch from file</h1>
        <p className="max-w-3xl text-sm text-zinc-600 dark:text-zinc-400">
          A CSV with a header row, or a JSONL file with one object a line: a <code>prompt</code> column and
          any render settings (<code>kind</code>, <code>model</code>, <code>resolution</code>,{" "}
          <code>aspectRatio</code>, <code>durationSeconds</code>, <code>imageCount</code>,{" "}
          <code>generateAudio</code>, <code>negativePrompt</code>…), up to {RUN_MAX_ROWS} rows. Each row
          becomes one render request, sent once, a few at a time.
        </p>
      </header>
      <FileDrop onFile={(file) => void open(file)} />
      {fileError && <Notice tone="error">{fileError}</Notice>}
      {preview && <PreviewSection preview={preview} onChange={setPreview} name={name} onName={setName} />}
    </div>
  );
}

function FileDrop({ onFile }: { onFile: (file: File) => void }) {
  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    accept: ACCEPT,
    multiple: false,
    onDrop: (accepted, rejected) => {
      const file = accepted[0] ?? rejected[0]?.file;
      if (file) onFile(file);
    },
  });
  return (
    <div>
      <input {...getInputProps({ "aria-label": "Batch file (CSV or JSONL)" })} />
      <div
        {...getRootProps({ role: "button", "aria-label": "Choose a batch file" })}
        className={dropZoneClasses(isDragActive)}
      >
        <span className="font-medium text-zinc-800 dark:text-zinc-200">
          {isDragActive ? "Drop to read the file" : "Drop a CSV or JSONL file here, or click to choose"}
        </span>
        <span className="text-xs text-zinc-500 dark:text-zinc-400">
          Read in this browser: nothing is sent until you start the run.
        </span>
      </div>
    </div>
  );
}

function PreviewSection({
  preview,
  onChange,
  name,
  onName,
}: {
  preview: Preview;
  onChange: (preview: Preview) => void;
  name: string;
  onName: (name: string) => void;
}) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [opening, startOpening] = useTransition();
  const { rows, columns, contract } = preview;
  const invalid = rows.filter((row) => row.request === null);
  const requests = useMemo(() => rows.flatMap((row) => (row.request ? [row.request] : [])), [rows]);
  const renders = renderCount(requests.reduce((sum, request) => sum + rendersAsked(request), 0));
  const estimate = useQuery(runEstimateQueryOptions(requests));
  const start = useAction({
    mutationFn: () => startRun(name.trim(), requests),
    // The run exists: its page opens now, with what the answer holds, while the server draws the rest.
    onSuccess: (run) => {
      queryClient.setQueryData(runKeys.detail(run.id), run);
      startOpening(() => router.push(`/runs/${run.id}`));
    },
    onError: () => setConfirming(false),
  });
  // Busy from the press until the run's page replaces this one; a made run is never made again.
  const starting = start.isPending || start.isSuccess || opening;

  const setRows = (next: PreviewRow[]) => onChange({ ...preview, rows: next });
  const edit = (number: number, column: string, text: string) =>
    setRows(
      rows.map((row) => {
        if (row.number !== number) return row;
        const cells = { ...row.cells, [column]: text };
        return { ...row, cells, ...toRequest(cells, contract) };
      }),
    );

  return (
    <section aria-labelledby="preview-title" className="space-y-4">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 id="preview-title" className="text-base font-semibold">
          {preview.fileName}
        </h2>
        <span className="text-sm text-zinc-600 tabular-nums dark:text-zinc-400">
          {rows.length} {rows.length === 1 ? "row" : "rows"}
          {invalid.length > 0 && `, ${invalid.length} with problems`}
        </span>
      </div>
      {preview.ignored.length > 0 && (
        <Notice tone="warning">
          Ignored {preview.ignored.length === 1 ? "a column" : "columns"} no render takes:{" "}
          {preview.ignored.join(", ")}.
        </Notice>
      )}
      {invalid.length > 0 && (
        <div className="space-y-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800/60 dark:bg-red-950/40 dark:text-red-200">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-medium">Fix or drop these rows before starting:</p>
            <Button
              size="sm"
              variant="secondary"
              className="ml-auto"
              onClick={() => setRows(rows.filter((r) => r.request))}
            >
              Drop invalid rows ({invalid.length})
            </Button>
          </div>
          <ul aria-label="Problems" className="space-y-0.5">
            {invalid.flatMap((row) =>
              row.issues.map((issue) => (
                <li key={`${row.number}-${issue.column}`}>
                  Row {row.number}, {issue.column}: {issue.message}
                </li>
              )),
            )}
          </ul>
        </div>
      )}
      <PreviewTable
        rows={rows}
        columns={columns}
        onEdit={edit}
        onDrop={(n) => setRows(rows.filter((r) => r.number !== n))}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex flex-col gap-1 text-sm sm:w-80">
          <span className="font-medium">Run name</span>
          <input
            value={name}
            maxLength={RUN_NAME_MAX_CHARS}
            onChange={(event) => onName(event.target.value)}
            className="rounded-md border border-zinc-300 bg-white px-2 py-1.5 dark:border-zinc-700 dark:bg-zinc-900"
          />
        </label>
        <p className="text-sm sm:flex-1" aria-live="polite">
          <CostLine estimate={estimate.data} pending={estimate.isPending && requests.length > 0} />
        </p>
        <Button
          variant="primary"
          disabled={invalid.length > 0 || requests.length === 0}
          busy={starting}
          busyText="Starting…"
          onClick={() => setConfirming(true)}
        >
          Start run of {renders}
        </Button>
      </div>
      {start.isError && <Notice tone="error">Could not start the run: {start.error.message}</Notice>}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogPanel size="alert">
          <DialogTitle>Start {renders}?</DialogTitle>
          <DialogDescription className="mt-2">
            From {requests.length} {requests.length === 1 ? "row" : "rows"}.{" "}
            <CostLine estimate={estimate.data} pending={estimate.isPending} /> Credits are charged as each row
            is created; a failed render is refunded. You can cancel the rows not sent yet.
          </DialogDescription>
          <div className="mt-5 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary" disabled={starting}>
                Back
              </Button>
            </DialogClose>
            <Button variant="primary" busy={starting} busyText="Starting…" onClick={() => start.mutate()}>
              {totalText(estimate.data) ? `Start run, ${totalText(estimate.data)}` : "Start run"}
            </Button>
          </div>
        </DialogPanel>
      </Dialog>
    </section>
  );
}

/** The total as a button says it: "≈ 120 credits", "at least 120 credits", or nothing when unknown. */
function totalText(estimate: RunEstimate | undefined): string | null {
  if (!estimate) return null;
  if (estimate.unknownRows === estimate.rows.length) return null;
  return `${estimate.unknownRows > 0 ? "at least" : "≈"} ${formatCredits(estimate.credits)}`;
}

function CostLine({ estimate, pending }: { estimate: RunEstimate | undefined; pending: boolean }) {
  if (pending) return <>Estimating the cost…</>;
  if (!estimate) return null;
  const { unknownRows, rows } = estimate;
  if (unknownRows === rows.length)
    return <>No estimate yet for these settings: the cost is known as each row is created.</>;
  return (
    <>
      Estimated total: <strong>{totalText(estimate)}</strong>
      {unknownRows > 0 &&
        ` (${unknownRows} ${unknownRows === 1 ? "row has" : "rows have"} no estimate yet and ${unknownRows === 1 ? "is" : "are"} not counted).`}
      {unknownRows === 0 && "."}
    </>
  );
}

function PreviewTable({
  rows,
  columns,
  onEdit,
  onDrop,
}: {
  rows: PreviewRow[];
  columns: string[];
  onEdit: (number: number, column: string, text: string) => void;
  onDrop: (number: number) => void;
}) {
  return (
    <ScrollFrame
      label="Rows of the file"
      className="max-h-[60vh] overflow-y-auto rounded-md border border-zinc-200 dark:border-zinc-800"
    >
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">Rows of the file</caption>
        <thead className="sticky top-0 bg-zinc-50 dark:bg-zinc-900">
          <tr>
            <th scope="col" className="px-2 py-1.5 text-left font-medium">
              Row
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-2 py-1.5 text-left font-medium">
                {column}
              </th>
            ))}
            <th scope="col" className="px-2 py-1.5 text-left font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.number}
              aria-invalid={row.request === null || undefined}
              className={`border-t border-zinc-200 align-top dark:border-zinc-800 ${row.request ? "" : "bg-red-50/60 dark:bg-red-950/30"}`}
            >
              <th scope="row" className="px-2 pt-2 pb-1 text-left font-normal text-zinc-500 tabular-nums">
                {row.number}
              </th>
              {columns.map((column) => {
                const issue = row.issues.find((i) => i.column === column);
                const text = row.cells[column] ?? "";
                const field = {
                  "aria-label": `Row ${row.number} ${column}`,
                  "aria-invalid": issue ? true : undefined,
                  title: issue?.message,
                  value: text,
                  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
                    onEdit(row.number, column, event.target.value),
                  className: `rounded border bg-transparent px-1.5 py-1 ${
                    issue
                      ? "border-red-500"
                      : "border-transparent hover:border-zinc-300 dark:hover:border-zinc-700"
                  }`,
                };
                // The prompt takes the room the settings leave and wraps, so it is read whole; each
                // setting is as wide as its text.
                return column === "prompt" ? (
                  <td key={column} className="w-full min-w-64 px-1 py-1">
                    <textarea
                      {...field}
                      rows={1}
                      className={`${field.className} block [field-sizing:content] w-full resize-none`}
                    />
                  </td>
                ) : (
                  <td key={column} className="w-px px-1 py-1">
                    <input {...field} size={Math.max(4, text.length + 1)} />
                  </td>
                );
              })}
              <td className="px-1 py-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Drop row ${row.number}`}
                  onClick={() => onDrop(row.number)}
                >
                  Drop
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollFrame>
  );
}
