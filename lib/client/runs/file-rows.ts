/**
 * A batch file's rows (README, "Batch runs from a file"): CSV with a header row, or JSON Lines (one
 * object a line). Every cell is kept as the text a person would edit; `toRequest` turns a row's
 * cells into a render request (numbers, booleans and lists from text) and names each problem by the
 * file's own column, checked by the same schema the form and the server use.
 */
import Papa from "papaparse";
import type { z } from "zod/mini";
import type { RenderRequest } from "@/lib/contract";
import type { Contract } from "@/lib/client/contract-loader";
import { REFERENCE_URL_FIELDS, VIDEO_MODEL_IDS } from "@/lib/domain/catalogue";
import { RUN_MAX_ROWS } from "@/lib/domain/runs";

/** A row as read: each column's text (empty: not given). */
export type Cells = Record<string, string>;

export interface FileRows {
  /** Columns in the file's order, the known ones only. */
  columns: string[];
  rows: Cells[];
  /** Columns no render takes: left out of every request, and said so once. */
  ignored: string[];
  /** What stops the file from being read at all (not CSV or JSONL, no rows, too many). */
  error: string | null;
}

export interface CellIssue {
  column: string;
  message: string;
}

/** Every field a render request takes, by how a cell's text becomes its value. */
const FIELD_VALUES: Record<string, "text" | "number" | "boolean" | "list"> = {
  prompt: "text",
  kind: "text",
  model: "text",
  imageModel: "text",
  resolution: "text",
  imageResolution: "text",
  aspectRatio: "text",
  imageAspectRatio: "text",
  imageQuality: "text",
  imageCount: "number",
  durationSeconds: "number",
  generateAudio: "boolean",
  negativePrompt: "text",
  ...Object.fromEntries(Object.values(REFERENCE_URL_FIELDS).map((field) => [field, "list" as const])),
};
const isKnown = (column: string) => Object.hasOwn(FIELD_VALUES, column);
/** On an image row, `model`, `resolution` and `aspectRatio` mean the image's own fields. */
const IMAGE_NAMES: Record<string, string> = {
  model: "imageModel",
  resolution: "imageResolution",
  aspectRatio: "imageAspectRatio",
};
/** Fields only a video takes: a row with one of them and no kind is a video. */
const VIDEO_ONLY = [
  "durationSeconds",
  "generateAudio",
  "negativePrompt",
  "referenceVideoUrls",
  "referenceAudioUrls",
];

const isJsonLines = (name: string, text: string) =>
  /\.(jsonl|ndjson)$/i.test(name) || (!/\.csv$/i.test(name) && text.trimStart().startsWith("{"));

/** Reads a file's text into rows of text cells. */
export function readRunFile(name: string, text: string): FileRows {
  const read = isJsonLines(name, text) ? readJsonLines(text) : readCsv(text);
  if ("error" in read) return { columns: [], rows: [], ignored: [], error: read.error };
  const { records } = read;
  const seen = [...new Set(records.flatMap((record) => Object.keys(record)))];
  const columns = seen.filter(isKnown);
  const ignored = seen.filter((column) => !isKnown(column));
  const rows = records.map((record) => Object.fromEntries(columns.map((c) => [c, record[c] ?? ""])));
  if (rows.length === 0) return { columns, rows, ignored, error: "The file has no rows." };
  if (!columns.includes("prompt"))
    return { columns, rows: [], ignored, error: "The file has no prompt column." };
  if (rows.length > RUN_MAX_ROWS)
    return {
      columns,
      rows: [],
      ignored,
      error: `The file has ${rows.length} rows; a run takes at most ${RUN_MAX_ROWS}.`,
    };
  return { columns, rows, ignored, error: null };
}

type Read = { records: Cells[] } | { error: string };

function readCsv(text: string): Read {
  const parsed = Papa.parse<Record<string, string | undefined>>(text, {
    header: true,
    skipEmptyLines: "greedy",
    transformHeader: (header) => header.trim(),
  });
  // A one-column file has no delimiter to detect: only broken quoting makes a file unreadable.
  const broken = parsed.errors.find((e) => e.type === "Quotes");
  if (broken) return { error: `Not a readable CSV file (row ${(broken.row ?? 0) + 1}: ${broken.message}).` };
  return {
    records: parsed.data.map((record) =>
      Object.fromEntries(Object.entries(record).map(([k, v]) => [k, (v ?? "").trim()])),
    ),
  };
}

function readJsonLines(text: string): Read {
  const records: Cells[] = [];
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return { error: `Line ${i + 1} is not JSON: each line of a JSONL file is one object.` };
    }
    if (typeof value !== "object" || value === null || Array.isArray(value))
      return { error: `Line ${i + 1} is not an object: each line of a JSONL file is one object.` };
    records.push(Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asText(v)])));
  }
  return { records };
}

/** A JSON value as the text a cell shows: lists as their items on one line, separated by spaces. */
function asText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(asText).join(" ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value as string | number | boolean);
}

/** A cell's text as the request field takes it; text that is not a number or boolean stays text, for the schema to name. */
function fromText(field: string, text: string): unknown {
  switch (FIELD_VALUES[field]) {
    case "number":
      return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
    case "boolean": {
      const lower = text.toLowerCase();
      if (["true", "yes", "1"].includes(lower)) return true;
      if (["false", "no", "0"].includes(lower)) return false;
      return text;
    }
    case "list":
      return text.split(/[\s,;|]+/).filter(Boolean);
    default:
      return text;
  }
}

/** A row's request as sent, and which file column each request field came from. */
function requestOf(cells: Cells): { request: Record<string, unknown>; source: Map<string, string> } {
  const given = Object.entries(cells).filter(([, text]) => text.trim() !== "");
  const named = (column: string) => given.find(([c]) => c === column)?.[1];
  const model = named("model");
  const video =
    named("kind") === undefined
      ? VIDEO_ONLY.some((f) => named(f) !== undefined) ||
        (model !== undefined && (VIDEO_MODEL_IDS as readonly string[]).includes(model))
      : named("kind") === "video";
  const request: Record<string, unknown> = { kind: video ? "video" : "image" };
  const source = new Map<string, string>([["kind", "kind"]]);
  for (const [column, text] of given) {
    const field =
      !video && IMAGE_NAMES[column] && named(IMAGE_NAMES[column]) === undefined
        ? IMAGE_NAMES[column]
        : column;
    request[field] = fromText(field, column === "prompt" ? text : text.trim());
    source.set(field, column);
  }
  return { request, source };
}

/**
 * A row's render request, or the problems with it, each under the file column it concerns (a
 * problem of the row as a whole under "row").
 */
export function toRequest(
  cells: Cells,
  contract: Pick<Contract, "renderRequestSchema" | "safeParseWith">,
): { request: RenderRequest; issues: [] } | { request: null; issues: CellIssue[] } {
  const { request, source } = requestOf(cells);
  const parsed = contract.safeParseWith(contract.renderRequestSchema, request);
  if (parsed.success) return { request: parsed.data, issues: [] };
  return { request: null, issues: issuesOf(parsed.error, source) };
}

function issuesOf(error: z.core.$ZodError, source: ReadonlyMap<string, string>): CellIssue[] {
  const issues = new Map<string, CellIssue>();
  for (const issue of error.issues) {
    const field = typeof issue.path[0] === "string" ? issue.path[0] : undefined;
    const column = (field && (source.get(field) ?? field)) || "row";
    if (!issues.has(column)) issues.set(column, { column, message: issue.message });
  }
  return [...issues.values()];
}
