/**
 * The media behind `outputUrl`: a PNG drawn for each image render and a bundled WebM clip for videos.
 *
 * Each picture's colours come from a hash of the render's prompt and id, so variants of one prompt
 * look related but differ, and a gallery of renders is not a wall of identical squares.
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { AspectRatio } from "@/lib/domain/catalogue";
import { hash32, unitFromSeed } from "./ids";
import { chunk, encodePng } from "./png";

const LONG_SIDE = 256;
const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), "assets");

export function pictureSize(aspectRatio: AspectRatio): { width: number; height: number } {
  const [w, h] = aspectRatio.split(":").map(Number) as [number, number];
  return w >= h
    ? { width: LONG_SIDE, height: Math.round((LONG_SIDE * h) / w) }
    : { width: Math.round((LONG_SIDE * w) / h), height: LONG_SIDE };
}

type Rgb = readonly [number, number, number];

function hslToRgb(h: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h * 12) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A diagonal gradient with a soft disc and faint stripes; hue from the prompt, details from the id. */
export function renderPicture(prompt: string, renderId: string, aspectRatio: AspectRatio): Buffer {
  const { width, height } = pictureSize(aspectRatio);
  const hue = (hash32(prompt) % 360) / 360;
  const from = hslToRgb(hue, 0.65, 0.35);
  const to = hslToRgb((hue + 0.33 * unitFromSeed(renderId, "hue")) % 1, 0.7, 0.6);
  const disc = hslToRgb((hue + 0.5) % 1, 0.8, 0.75);
  const cx = width * (0.25 + 0.5 * unitFromSeed(renderId, "cx"));
  const cy = height * (0.25 + 0.5 * unitFromSeed(renderId, "cy"));
  const radius = Math.min(width, height) * (0.15 + 0.15 * unitFromSeed(renderId, "r"));
  const stripe = 8 + Math.floor(16 * unitFromSeed(renderId, "stripe"));

  return encodePng(width, height, (x, y) => {
    let colour = mix(from, to, (x / width + y / height) / 2);
    if ((x + y) % (stripe * 2) < stripe) colour = mix(colour, [255, 255, 255], 0.06);
    const distance = Math.hypot(x - cx, y - cy);
    if (distance < radius) colour = mix(colour, disc, Math.min(1, (radius - distance) / 6) * 0.85);
    return colour;
  });
}

/** The bundled clip for an aspect ratio: a few seconds of VP9 test pattern. */
export function videoClipPath(aspectRatio: AspectRatio): string {
  return path.join(ASSETS, `clip-${aspectRatio.replace(":", "x")}.webm`);
}

/** Padding chunks by size: the same zeros (and CRC) serve every picture of one size. */
const paddings = new Map<number, Buffer>();
/** IEND's chunk: length 0, type, CRC. */
const IEND_BYTES = 12;

/**
 * The picture with `bytes` of padding in a private ancillary chunk (`paDd`) before IEND, for load
 * tests that need outputs of a real render's size: every PNG reader skips such a chunk, so it is
 * the same picture in a bigger file.
 */
export function padPicture(png: Buffer, bytes: number): Buffer {
  if (bytes <= 0) return png;
  let padding = paddings.get(bytes);
  if (!padding) {
    padding = chunk("paDd", Buffer.alloc(bytes));
    paddings.set(bytes, padding);
  }
  const end = png.length - IEND_BYTES;
  return Buffer.concat([png.subarray(0, end), padding, png.subarray(end)]);
}
