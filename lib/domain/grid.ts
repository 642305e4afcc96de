/**
 * Parameter grids: one render request made many along up to two axes (X across, Y down), each axis a
 * setting and the values it takes. Pure, so the form's preview, the run the server stores and the
 * tests build a grid one way (docs/architecture.md, "Grids").
 */
import {
  ASPECT_RATIOS,
  IMAGE_MODELS,
  IMAGE_QUALITIES,
  VIDEO_MODELS,
  durationChoices,
  findImageModel,
  findVideoModel,
  type RenderKind,
} from "./catalogue";
import {
  GRID_MAX_RENDERS,
  expandTemplate,
  parsePromptTemplate,
  type PromptVariable,
} from "./prompt-variables";
import type { RenderRequest } from "./render-request";
import { rendersAsked } from "./runs";

/**
 * What an axis may vary. `seed` repeats the same settings: the service takes no seed, so each of its
 * values is one more render, which the service seeds at random. `variable` is one of the prompt's
 * variables, its options the axis's values.
 */
export const GRID_AXIS_KEYS = [
  "model",
  "aspectRatio",
  "resolution",
  "duration",
  "quality",
  "seed",
  "variable",
] as const;
export type GridAxisKey = (typeof GRID_AXIS_KEYS)[number];

export const GRID_AXIS_LABELS: Record<GridAxisKey, string> = {
  model: "Model",
  aspectRatio: "Aspect ratio",
  resolution: "Resolution",
  duration: "Duration",
  quality: "Quality",
  seed: "Seed",
  variable: "Prompt variable",
};

/** The most seeds a seed axis takes. */
export const GRID_MAX_SEEDS = 10;

export interface GridAxis {
  key: GridAxisKey;
  /** Which of the prompt's variables (0-based), for a `variable` axis. */
  variable?: number;
  values: string[];
}

/** The axes a kind may vary: quality is an image setting, duration a video one. */
export function axisKeysFor(kind: RenderKind): GridAxisKey[] {
  return GRID_AXIS_KEYS.filter((key) => (kind === "image" ? key !== "duration" : key !== "quality"));
}

/** An axis's name as its header says it: "Model", "Prompt variable 2". */
export function axisLabel(axis: Pick<GridAxis, "key" | "variable">): string {
  const label = GRID_AXIS_LABELS[axis.key];
  return axis.key === "variable" ? `${label} ${(axis.variable ?? 0) + 1}` : label;
}

/** A value as a header says it: a model's label, seconds with their unit, "Seed 2". */
export function axisValueLabel(key: GridAxisKey, value: string): string {
  if (key === "model") return (findImageModel(value) ?? findVideoModel(value))?.label ?? value;
  if (key === "duration") return `${value} s`;
  if (key === "seed") return `Seed ${value}`;
  return value;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The values an axis may take for a kind, over the models in play (the model axis's, or the form's
 * one model): every value at least one of them takes, in the catalogue's order. A seed axis offers
 * 1 to GRID_MAX_SEEDS; a variable axis, its options.
 */
export function axisChoices(
  kind: RenderKind,
  key: Exclude<GridAxisKey, "variable">,
  models: readonly string[],
): string[] {
  const imageModels = IMAGE_MODELS.filter((m) => models.includes(m.id));
  const videoModels = VIDEO_MODELS.filter((m) => models.includes(m.id));
  switch (key) {
    case "model":
      return (kind === "image" ? IMAGE_MODELS : VIDEO_MODELS).map((m) => m.id);
    case "aspectRatio":
      return [...ASPECT_RATIOS];
    case "resolution":
      return kind === "image"
        ? unique(imageModels.flatMap((m) => [...m.resolutions]))
        : unique(videoModels.flatMap((m) => [...m.resolutions]));
    case "duration":
      return unique(videoModels.flatMap((m) => durationChoices(m.duration)))
        .sort((a, b) => a - b)
        .map(String);
    case "quality":
      return imageModels.some((m) => m.qualities.length > 0) ? [...IMAGE_QUALITIES] : [];
    case "seed":
      return Array.from({ length: GRID_MAX_SEEDS }, (_, i) => String(i + 1));
  }
}

/** One cell of a grid: its place, the requests it sends, or why the cell's model cannot be there. */
export interface GridCell {
  x: number;
  y: number;
  requests: RenderRequest[];
  /** Why nothing is sent for this cell (a model that cannot take a value); null when sent. */
  leftOut: string | null;
}

export interface GridPlan {
  axes: GridAxis[];
  /** Row by row (Y), then across (X): `cells[y * columns + x]`. */
  cells: GridCell[];
  columns: number;
  /** Every request to send, in the cells' order, with its cell. */
  rows: { request: RenderRequest; x: number; y: number }[];
  /** Renders the rows ask for (an image row may ask for several). */
  renders: number;
  /** Why the grid cannot be started (a prompt that cannot be read, more than the limit); null if it can. */
  problem: string | null;
}

/** The request field each axis sets, by kind; seed and variable set none. */
const AXIS_FIELDS: Record<RenderKind, Partial<Record<GridAxisKey, string>>> = {
  image: {
    model: "imageModel",
    aspectRatio: "imageAspectRatio",
    resolution: "imageResolution",
    quality: "imageQuality",
  },
  video: {
    model: "model",
    aspectRatio: "aspectRatio",
    resolution: "resolution",
    duration: "durationSeconds",
  },
};

/** Sets one axis's value on a request; a value a model cannot take is caught by `whyLeftOut`. */
function withValue(request: RenderRequest, key: GridAxisKey, value: string): RenderRequest {
  const field = AXIS_FIELDS[request.kind][key];
  if (!field) return request;
  return { ...request, [field]: key === "duration" ? Number(value) : value } as RenderRequest;
}

/**
 * Why a request cannot be sent as it is, in words for the preview ("Seedance Fast takes no 1080p"),
 * from the catalogue; null when its model takes every value.
 */
export function whyLeftOut(request: RenderRequest): string | null {
  if (request.kind === "image") {
    const model = findImageModel(request.imageModel ?? "seedream");
    if (!model) return `No image model ${request.imageModel}`;
    if (request.imageResolution && !model.resolutions.includes(request.imageResolution))
      return `${model.label} takes no ${request.imageResolution}`;
    if (request.imageQuality && !model.qualities.includes(request.imageQuality))
      return `${model.label} takes no quality setting`;
    if (request.imageAspectRatio && !model.aspectRatios.includes(request.imageAspectRatio))
      return `${model.label} takes no ${request.imageAspectRatio}`;
    return null;
  }
  const model = findVideoModel(request.model ?? "kling");
  if (!model) return `No video model ${request.model}`;
  if (request.resolution && !model.resolutions.includes(request.resolution))
    return `${model.label} takes no ${request.resolution}`;
  if (request.aspectRatio && !model.aspectRatios.includes(request.aspectRatio))
    return `${model.label} takes no ${request.aspectRatio}`;
  const seconds = request.durationSeconds;
  if (seconds !== undefined && (seconds < model.duration.min || seconds > model.duration.max))
    return `${model.label} takes ${model.duration.min} to ${model.duration.max} s, not ${seconds} s`;
  if ((request.referenceVideoUrls?.length ?? 0) > model.maxReferenceVideos)
    return `${model.label} takes ${model.maxReferenceVideos || "no"} reference videos`;
  if ((request.referenceAudioUrls?.length ?? 0) > model.maxReferenceAudios)
    return `${model.label} takes ${model.maxReferenceAudios || "no"} reference audio`;
  return null;
}

/**
 * A quality the form kept for gpt-image-2 means nothing to another model on a model axis: it is
 * dropped there rather than leaving the cell out. A quality axis still leaves such a cell out.
 */
function withoutForeignQuality(request: RenderRequest, qualityOnAxis: boolean): RenderRequest {
  if (request.kind !== "image" || qualityOnAxis || request.imageQuality === undefined) return request;
  const model = findImageModel(request.imageModel ?? "seedream");
  if (model && model.qualities.length > 0) return request;
  const rest = { ...request };
  delete rest.imageQuality;
  return rest;
}

/**
 * The axes as the prompt now reads: a variable axis takes its variable's options (and goes when the
 * prompt no longer has it), and the prompt's variables that no axis names take the free axes (X
 * first), so every render of a grid has a labelled place; variables past two axes multiply inside
 * the cells.
 */
export function withVariableAxes(
  axes: readonly GridAxis[],
  variables: readonly PromptVariable[],
): GridAxis[] {
  const out = axes.slice(0, 2).flatMap((axis): GridAxis[] => {
    if (axis.key !== "variable") return [axis];
    const variable = variables[axis.variable ?? 0];
    return variable ? [{ ...axis, values: variable.options }] : [];
  });
  variables.forEach((variable, index) => {
    if (out.length >= 2 || out.some((a) => a.key === "variable" && a.variable === index)) return;
    out.push({ key: "variable", variable: index, values: variable.options });
  });
  return out;
}

/**
 * The grid of a request (its prompt may hold variables) along its axes (none, one or two): each
 * cell the request with the cell's values, the prompt's other variables multiplied inside it.
 */
export function buildGrid(base: RenderRequest, axes: readonly GridAxis[]): GridPlan {
  const template = parsePromptTemplate(base.prompt);
  const empty = { axes: [...axes], cells: [], columns: 0, rows: [], renders: 0 };
  if (!template.ok) return { ...empty, problem: template.error };
  const xs = axes[0]?.values ?? [""];
  const ys = axes[1]?.values ?? [""];
  if (xs.length === 0 || ys.length === 0)
    return { ...empty, problem: "Pick at least one value on each axis." };
  const qualityOnAxis = axes.some((a) => a.key === "quality");
  const cells: GridCell[] = [];
  const rows: GridPlan["rows"] = [];
  let renders = 0;
  ys.forEach((yValue, y) => {
    xs.forEach((xValue, x) => {
      let request = base;
      const fixed = new Map<number, string>();
      const place = (axis: GridAxis | undefined, value: string) => {
        if (axis?.key === "variable") fixed.set(axis.variable ?? 0, value);
        else if (axis) request = withValue(request, axis.key, value);
      };
      place(axes[0], xValue);
      place(axes[1], yValue);
      request = withoutForeignQuality(request, qualityOnAxis);
      const leftOut = whyLeftOut(request);
      const requests = leftOut
        ? []
        : expandTemplate(template.parts, fixed).map((p) => ({ ...request, prompt: p.prompt }));
      cells.push({ x, y, requests, leftOut });
      for (const r of requests) {
        rows.push({ request: r, x, y });
        renders += rendersAsked(r);
      }
    });
  });
  const problem =
    renders > GRID_MAX_RENDERS
      ? `This grid makes ${renders} renders; at most ${GRID_MAX_RENDERS} may be started at once.`
      : rows.length === 0
        ? "Every cell is left out: no model on this grid takes these values."
        : rows.some((r) => !r.request.prompt.trim())
          ? "A prompt this grid makes is empty."
          : null;
  return { axes: [...axes], cells, columns: xs.length, rows, renders, problem };
}
