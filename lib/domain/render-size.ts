/**
 * A render's shape and size at a glance, from the request as sent (spec §4.2): the aspect ratio its
 * output has (so a gallery card keeps it), and a short label such as `"16:9 · 1080p · 10 s"`.
 */
import { DEFAULT_IMAGE_ASPECT_RATIO } from "./catalogue";

interface Sized {
  kind: string;
  params: Record<string, unknown>;
}

/** Videos without a stated ratio: the spec gives no default, and most video models render landscape. */
const DEFAULT_VIDEO_ASPECT_RATIO = "16:9";

/** `"W:H"` as numbers, or null when the text is not a ratio of two positive numbers. */
function parseRatio(text: unknown): { width: number; height: number } | null {
  if (typeof text !== "string") return null;
  const match = /^\s*(\d+(?:\.\d+)?)\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const width = Number(match[1]);
  const height = Number(match[2]);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** The requested aspect ratio as text (`"9:16"`), or the kind's default when none was sent. */
export function aspectRatioText(render: Sized): string {
  const sent = render.kind === "image" ? render.params.imageAspectRatio : render.params.aspectRatio;
  if (parseRatio(sent)) return (sent as string).trim();
  return render.kind === "image" ? DEFAULT_IMAGE_ASPECT_RATIO : DEFAULT_VIDEO_ASPECT_RATIO;
}

/** Width over height of the output: `16:9` → 1.78, `9:16` → 0.56. */
export function aspectRatioOf(render: Sized): number {
  const ratio = parseRatio(aspectRatioText(render)) ?? { width: 1, height: 1 };
  return ratio.width / ratio.height;
}

/**
 * `"16:9 · 1080p · 10 s"` for a video, `"9:16 · 2K"` for an image; only what the request stated, and
 * nothing `alreadySaid` holds (the service's model label, `"kling 1080p"`, names the resolution).
 */
export function sizeLabel(render: Sized, alreadySaid = ""): string {
  const { params } = render;
  const resolution = render.kind === "image" ? params.imageResolution : params.resolution;
  const parts = [aspectRatioText(render)];
  if (typeof resolution === "string" && resolution !== "" && !alreadySaid.split(" ").includes(resolution)) {
    parts.push(resolution);
  }
  if (render.kind === "video" && typeof params.durationSeconds === "number") {
    parts.push(`${params.durationSeconds} s`);
  }
  return parts.join(" · ");
}
