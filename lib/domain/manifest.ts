/**
 * The manifest of a zip of renders: one row per render asked for, as `manifest.json` and
 * `manifest.csv`, saying what each render was (prompt, model, every parameter, who, cost, times,
 * source, the rating, pick or reject of whoever asked for it and the team's tags) and what became of its file (in the zip, missing and why, or not ready). The CSV is
 * written for spreadsheets (./csv.ts).
 */
import { csvText } from "./csv";

/** The parts of a ledger render the manifest reports (a `LedgerRender` fits). */
export interface ManifestRender {
  id: string;
  kind: string;
  status: string;
  model: string;
  renderModel: string | null;
  prompt: string;
  params: Record<string, unknown>;
  member: { id: string; name: string } | null;
  creditsCharged: number;
  creditsRefunded: number;
  createdAt: string;
  completedAt: string | null;
  outputUrl: string | null;
  errorMessage: string | null;
  batchId: string | null;
  variantIndex: number;
  /** The renders it was made from (docs/architecture.md, "Iterating on outputs"), when known. */
  parentIds?: readonly string[];
  /** The rating and pick or reject of whoever asked for the zip, and the team's tags. */
  rating?: number | null;
  flag?: string | null;
  tags?: readonly string[];
}

/** What became of a render's file. */
export type FileOutcome =
  | { state: "included"; file: string; bytes: number }
  /** Cut off part way: the file in the zip holds only `bytes`. */
  | { state: "incomplete"; file: string; bytes: number; reason: string }
  /** Ready, but its output could not be fetched. */
  | { state: "missing"; reason: string }
  /** Not ready (failed, running…): it has no output to include. */
  | { state: "not-ready"; reason: string };

export interface ManifestRow {
  render: ManifestRender;
  outcome: FileOutcome;
}

/**
 * A zip of a run made from a grid: its axes (X, then Y) and each render's value on each, by render
 * id, so the manifest says where in the grid every render sits.
 */
export interface ManifestGrid {
  axes: { name: string; values: string[] }[];
  places: ReadonlyMap<string, string[]>;
}

/** A render's values on the grid's axes, by axis name (`{ Model: "seedream", "Aspect ratio": "1:1" }`). */
const gridPlace = (grid: ManifestGrid, id: string) =>
  Object.fromEntries(grid.axes.map((axis, i) => [axis.name, grid.places.get(id)?.[i] ?? null]));

/** Why a render that is not ready has no file. */
export function notReadyReason(render: Pick<ManifestRender, "status" | "errorMessage">): string {
  if (render.status === "failed") return `failed${render.errorMessage ? `: ${render.errorMessage}` : ""}`;
  if (render.status === "ready") return "ready, but the service gave no output URL";
  return `not finished (${render.status})`;
}

/** Parameters that have their own columns. */
const OWN_COLUMNS = new Set(["prompt", "negativePrompt"]);

/** Every parameter key found across the rows, sorted, without those that have their own column. */
export function parameterKeys(rows: readonly ManifestRow[]): string[] {
  const keys = new Set<string>();
  for (const { render } of rows) for (const key of Object.keys(render.params)) keys.add(key);
  return [...keys].filter((key) => !OWN_COLUMNS.has(key)).sort();
}

const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

function entry({ render, outcome }: ManifestRow) {
  return {
    id: render.id,
    status: render.status,
    file: outcome.state === "included" || outcome.state === "incomplete" ? outcome.file : null,
    fileStatus: outcome.state,
    fileBytes: outcome.state === "included" || outcome.state === "incomplete" ? outcome.bytes : null,
    missingReason: outcome.state === "included" ? null : outcome.reason,
    kind: render.kind,
    prompt: render.prompt,
    negativePrompt: text(render.params.negativePrompt),
    model: render.model,
    renderModel: render.renderModel,
    member: render.member?.name ?? null,
    memberId: render.member?.id ?? null,
    creditsCharged: render.creditsCharged,
    creditsRefunded: render.creditsRefunded,
    createdAt: render.createdAt,
    finishedAt: render.completedAt,
    sourceUrl: render.outputUrl,
    batchId: render.batchId,
    variantIndex: render.variantIndex,
    // Space-separated in the CSV's one cell; a list in the JSON (manifestJson).
    parentIds: (render.parentIds ?? []).join(" "),
    rating: render.rating ?? null,
    flag: render.flag ?? null,
    tags: (render.tags ?? []).join(", "),
  };
}

/** `manifest.json`: when it was made, how many renders and files, and one entry per render. */
export function manifestJson(
  rows: readonly ManifestRow[],
  generatedAt: Date,
  grid: ManifestGrid | null = null,
): string {
  const files = rows.filter((r) => r.outcome.state === "included").length;
  return `${JSON.stringify(
    {
      generatedAt: generatedAt.toISOString(),
      renders: rows.length,
      files,
      ...(grid && { grid: { axes: grid.axes } }),
      items: rows.map((row) => ({
        ...entry(row),
        ...(grid && { grid: gridPlace(grid, row.render.id) }),
        tags: row.render.tags ?? [],
        parentIds: [...(row.render.parentIds ?? [])],
        params: row.render.params,
      })),
    },
    null,
    2,
  )}\n`;
}

/**
 * `manifest.csv`: the same entries, with a `param.<key>` column per parameter found in any row and,
 * for a grid's run, `grid.x` and `grid.y`: each render's value on each axis.
 */
export function manifestCsv(rows: readonly ManifestRow[], grid: ManifestGrid | null = null): string {
  const keys = parameterKeys(rows);
  const axes = grid ? grid.axes.map((_, i) => (i === 0 ? "grid.x" : "grid.y")) : [];
  const header = [...Object.keys(entry(EMPTY_ROW)), ...axes, ...keys.map((key) => `param.${key}`)];
  return csvText([
    header,
    ...rows.map((row) => [
      ...Object.values(entry(row)),
      ...axes.map((_, i) => grid?.places.get(row.render.id)?.[i] ?? null),
      ...keys.map((key) => row.render.params[key]),
    ]),
  ]);
}

/** Names the columns, whatever the rows. */
const EMPTY_ROW: ManifestRow = {
  render: {
    id: "",
    kind: "",
    status: "",
    model: "",
    renderModel: null,
    prompt: "",
    params: {},
    member: null,
    creditsCharged: 0,
    creditsRefunded: 0,
    createdAt: "",
    completedAt: null,
    outputUrl: null,
    errorMessage: null,
    batchId: null,
    variantIndex: 0,
  },
  outcome: { state: "not-ready", reason: "" },
};
