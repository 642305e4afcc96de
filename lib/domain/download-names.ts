/**
 * Names of downloaded files: `<yyyy-mm-dd>-<model>-<prompt-slug>-<id>.<ext>` for a render's output,
 * and the `Content-Disposition` header that carries a name to the browser.
 *
 * Every name is built only from letters, digits, `-` and `_` (and one `.` before the extension), so
 * no path character, control character, leading dot or `..` can reach a file system, whatever the
 * prompt, the model label or the id hold. Each name comes in two spellings: one keeping letters of
 * any script (the prompt's own words, for `filename*` and zip entries, which both carry UTF-8), and
 * an ASCII one for clients that read only `filename=` (accents dropped, other scripts left out).
 */

/** The most characters of the prompt a name keeps, cut at a word boundary when one is near. */
export const PROMPT_SLUG_MAX_CHARS = 40;
/** The model label's share of a name; labels are short, but they come from the service. */
const MODEL_SLUG_MAX_CHARS = 32;
/** Ids are the service's; they fit the render id pattern (at most 128), kept whole up to this. */
const ID_MAX_CHARS = 128;
/** Most file systems cap a name at 255 bytes; this leaves room for a `-2` and a long extension. */
export const FILE_NAME_MAX_BYTES = 240;

export interface FileName {
  /** Letters of any script kept (for `filename*` and zip entry names). */
  name: string;
  /** ASCII only (for `filename=`). */
  ascii: string;
}

/** Letters and digits of any script; everything else separates words. */
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const NOT_ASCII_WORD = /[^a-z0-9]+/g;

/**
 * A slug of `text`: lower case, words joined by `-`, at most `maxChars` characters (cut at a word
 * boundary when one is in the last third). `ascii` strips accents (é → e) and drops other letters.
 */
export function slugify(text: string, maxChars: number, ascii = false): string {
  // NFKD splits accented letters into letter + mark (é → e + ◌́) and folds compatibility forms
  // (full-width Ａ → A, ﬁ → fi); the marks are then separators or dropped.
  const words = text
    .normalize("NFKD")
    .toLowerCase()
    .replace(/\p{M}+/gu, "")
    .replace(ascii ? NOT_ASCII_WORD : NOT_WORD, "-")
    .replace(/^-+|-+$/g, "");
  const chars = Array.from(words);
  if (chars.length <= maxChars) return words;
  const cut = chars.slice(0, maxChars).join("");
  const lastDash = cut.lastIndexOf("-");
  const kept = lastDash >= (maxChars * 2) / 3 ? cut.slice(0, lastDash) : cut;
  return kept.replace(/-+$/, "");
}

/** `2026-01-05` from an ISO date and time, in UTC; null when it is not a date. */
function utcDate(iso: string): string | null {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? null : new Date(time).toISOString().slice(0, 10);
}

/** The id, with anything outside the render id alphabet (`A-Z a-z 0-9 _ -`) replaced. */
function safeId(id: string): string {
  return id
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, ID_MAX_CHARS);
}

/** Extensions by media type, for outputs whose URL names none. */
const EXTENSION_BY_TYPE: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "image/avif": "avif",
  "video/webm": "webm",
  "video/mp4": "mp4",
  "video/quicktime": "mov",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
  "audio/ogg": "ogg",
};
const KNOWN_EXTENSIONS = new Set([...Object.values(EXTENSION_BY_TYPE), "jpeg", "m4v", "m4a"]);

/**
 * The extension of an output: from its URL's path when it is a known media extension, else from
 * the answer's Content-Type, else `bin`.
 */
export function outputExtension(url: string | null, contentType: string | null): string {
  let fromUrl: string | undefined;
  try {
    const pathname = url ? new URL(url).pathname : "";
    fromUrl = /\.([A-Za-z0-9]{1,8})$/.exec(pathname)?.[1]?.toLowerCase();
  } catch {
    fromUrl = undefined;
  }
  if (fromUrl && KNOWN_EXTENSIONS.has(fromUrl)) return fromUrl;
  const type = contentType?.split(";")[0]?.trim().toLowerCase() ?? "";
  return EXTENSION_BY_TYPE[type] ?? "bin";
}

/** What a render's file name is made of. */
export interface NamedRender {
  id: string;
  createdAt: string;
  /** The model label (the service's `renderModel`, e.g. `kling 1080p`, or the model id). */
  model: string;
  prompt: string;
}

/** Joins the non-empty parts with `-`, the extension's own alphabet checked. */
function join(parts: readonly (string | null)[], extension: string): string {
  const ext = /^[a-z0-9]{1,8}$/.test(extension) ? extension : "bin";
  return `${parts.filter((p): p is string => p !== null && p !== "").join("-")}.${ext}`;
}

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** `<yyyy-mm-dd>-<model>-<prompt-slug>-<id>.<ext>`; parts that come out empty are left out. */
export function renderFileName(render: NamedRender, extension: string): FileName {
  const date = utcDate(render.createdAt);
  const id = safeId(render.id) || "render";
  const build = (ascii: boolean) => {
    const model = slugify(render.model, MODEL_SLUG_MAX_CHARS, ascii);
    // A prompt in a script of wide characters could pass the byte budget: shorten it until it fits.
    for (let max = PROMPT_SLUG_MAX_CHARS; ; max -= 4) {
      const name = join([date, model, slugify(render.prompt, Math.max(0, max), ascii), id], extension);
      if (utf8Bytes(name) <= FILE_NAME_MAX_BYTES || max <= 0) return name;
    }
  };
  return { name: build(false), ascii: build(true) };
}

/** `name-2.ext`, `name-3.ext`…: the first of `name` and its numbered forms not yet in `taken`. */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name;
  const dot = name.lastIndexOf(".");
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  for (let n = 2; ; n++) {
    const candidate = `${stem}-${n}${ext}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * `Content-Disposition: attachment` with both spellings: `filename="…"` (ASCII, quotes and
 * backslashes escaped) and `filename*=UTF-8''…` (RFC 5987 percent-encoding), which browsers prefer.
 */
export function attachmentDisposition(
  file: FileName,
  disposition: "attachment" | "inline" = "attachment",
): string {
  const ascii = file.ascii.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "\\$&");
  const encoded = encodeURIComponent(file.name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The zip's name: `<yyyy-mm-dd>-renders-<n>.zip` (today, UTC), or for one batch its first render's
 * name with `batch-<n>` in place of the id.
 */
export function zipFileName(count: number, now: Date, batch?: NamedRender): FileName {
  if (batch) return renderFileName({ ...batch, id: `batch-${count}` }, "zip");
  const name = `${now.toISOString().slice(0, 10)}-renders-${count}.zip`;
  return { name, ascii: name };
}
