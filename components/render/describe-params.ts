/**
 * A render's request parameters (spec §4.2 field names) as labelled rows for the render page.
 * Known fields get a readable label and value; anything else is shown under its own name.
 */
import { findImageModel, findVideoModel } from "@/lib/domain/catalogue";

export interface ParamRow {
  key: string;
  label: string;
  /** Text, or a list of URLs (reference media). */
  value: string | string[];
}

const LABELS: Record<string, string> = {
  kind: "Kind",
  imageModel: "Model",
  model: "Model",
  imageResolution: "Resolution",
  resolution: "Resolution",
  imageQuality: "Quality",
  imageAspectRatio: "Aspect ratio",
  aspectRatio: "Aspect ratio",
  imageCount: "Variants",
  durationSeconds: "Duration",
  generateAudio: "Audio",
  negativePrompt: "Negative prompt",
  referenceImageUrls: "Reference images",
  referenceVideoUrls: "Reference videos",
  referenceAudioUrls: "Reference audio",
};

/** Shown elsewhere on the page. */
const SKIPPED = new Set(["prompt"]);

function describeValue(key: string, value: unknown): string | string[] {
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (key === "durationSeconds" && typeof value === "number") return `${value} s`;
  if (key === "imageModel" && typeof value === "string") return findImageModel(value)?.label ?? value;
  if (key === "model" && typeof value === "string") return findVideoModel(value)?.label ?? value;
  if (key === "kind") return value === "video" ? "Video" : "Image";
  if (typeof value === "string" || typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/**
 * The request as the render was made: the stored parameters, with the kind and the model the ledger
 * resolved filled in where the request left them to the service's defaults.
 */
export function requestParams(render: {
  kind: "image" | "video";
  model: string;
  params: Record<string, unknown>;
}): Record<string, unknown> {
  const modelField = render.kind === "image" ? "imageModel" : "model";
  return { kind: render.kind, [modelField]: render.model, ...render.params };
}

export function describeParams(params: Record<string, unknown>): ParamRow[] {
  const known = Object.keys(LABELS);
  const order = (key: string) => (known.includes(key) ? known.indexOf(key) : known.length);
  return Object.entries(params)
    .filter(([key, value]) => !SKIPPED.has(key) && value !== undefined && value !== null)
    .filter(([, value]) => !(Array.isArray(value) && value.length === 0))
    .sort(([a], [b]) => order(a) - order(b))
    .map(([key, value]) => ({ key, label: LABELS[key] ?? key, value: describeValue(key, value) }));
}
