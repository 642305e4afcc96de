/**
 * Draws the installable app's icons (public/icons, named in app/manifest.ts) from the same shape as
 * public/icon.svg: the indigo tile with a white play mark, at 192 and 512 pixels, each as a rounded
 * tile ("any") and full-bleed with the mark inside the safe zone ("maskable": a launcher may crop to
 * the centre circle of 80 %). Plain Node (zlib) writes the PNGs, so nothing is added to the project.
 * Run once after changing the shape: `node scripts/draw-icons.mjs`; the PNGs are committed.
 */
import { writeFileSync } from "node:fs";
import { crc32, deflateSync } from "node:zlib";

const TILE = [0x4f, 0x46, 0xe5];
const MARK = [0xff, 0xff, 0xff];
/** Samples per pixel side: edges are smoothed by averaging 4 × 4 samples. */
const SAMPLES = 4;

/** The play mark of public/icon.svg (`M8 7.5v9l8-4.5z` on a 24-unit tile). */
function inMark(x, y) {
  if (x < 8 || x > 16) return false;
  const half = 4.5 * (1 - (x - 8) / 8);
  return y >= 12 - half && y <= 12 + half;
}

/** Inside the tile with its 6-unit corners. */
function inRoundedTile(x, y) {
  const r = 6;
  const cx = Math.min(Math.max(x, r), 24 - r);
  const cy = Math.min(Math.max(y, r), 24 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

/** RGBA of a point on the 24-unit tile. */
function colourAt(x, y, maskable) {
  if (maskable) {
    // The whole square is the tile; the mark shrinks into the safe zone around the centre.
    const scale = 0.8;
    const mx = 12 + (x - 12) / scale;
    const my = 12 + (y - 12) / scale;
    return [...(inMark(mx, my) ? MARK : TILE), 255];
  }
  if (!inRoundedTile(x, y)) return [0, 0, 0, 0];
  return [...(inMark(x, y) ? MARK : TILE), 255];
}

function draw(size, maskable) {
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++)
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = ((px + (sx + 0.5) / SAMPLES) / size) * 24;
          const y = ((py + (sy + 0.5) / SAMPLES) / size) * 24;
          const [r, g, b, a] = colourAt(x, y, maskable);
          sum[0] += r * a;
          sum[1] += g * a;
          sum[2] += b * a;
          sum[3] += a;
        }
      const alpha = sum[3] / SAMPLES ** 2;
      for (let c = 0; c < 3; c++) row[1 + px * 4 + c] = sum[3] ? Math.round(sum[c] / sum[3]) : 0;
      row[1 + px * 4 + 3] = Math.round(alpha);
    }
    rows.push(row);
  }
  return png(size, Buffer.concat(rows));
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** An 8-bit RGBA PNG from its filtered rows (filter byte 0 each). */
function png(size, rows) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) {
  writeFileSync(`public/icons/icon-${size}.png`, draw(size, false));
  writeFileSync(`public/icons/maskable-${size}.png`, draw(size, true));
}
