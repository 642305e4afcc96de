/**
 * Reading an error response body of unknown shape (spec §7: "Shape of the error response body: not
 * shown") into a code, a message and an explicitly named field, each only when the body carries it.
 *
 * Pure: no I/O beyond draining the given response.
 */
import { fieldFromPath } from "./request-fields";

export interface ErrorBodyInfo {
  code?: string;
  message?: string;
  /** A field named by an explicit `field`/`param`/`path`/`loc` property, normalised to a request field. */
  field?: string;
}

/** Messages are shown to users and logged: long bodies are cut to this many characters. */
const MAX_MESSAGE_CHARS = 300;

/** A machine code looks like `plan_required` or `rate-limited`, never like a sentence. */
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

const MESSAGE_KEYS = ["message", "msg", "detail", "error_description", "error", "title"] as const;
const FIELD_KEYS = ["field", "param", "path", "loc"] as const;

/** Reads at most `maxBytes` of the body as UTF-8; a body that breaks off midway yields what arrived. */
export async function readBodyText(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } catch {
    // The connection dropped or the attempt timed out mid-body: describe the part we have.
  } finally {
    // Frees the connection when the body is longer than we care to read.
    reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(total, maxBytes));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, bytes.length - offset);
    bytes.set(part, offset);
    offset += part.length;
  }
  return new TextDecoder().decode(bytes);
}

export function describeErrorBody(text: string, contentType: string | null): ErrorBodyInfo {
  const trimmed = text.trim();
  if (trimmed === "") return {};
  const type = (contentType ?? "").toLowerCase();
  if (type.includes("json") || /^[[{"]/.test(trimmed)) {
    const json = parseJson(trimmed);
    if (json !== undefined) return fromJson(json);
  }
  if (type.includes("html") || /^</.test(trimmed)) return withMessage(htmlText(trimmed));
  return withMessage(trimmed);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function firstObject(value: unknown): Json | undefined {
  if (isObject(value)) return value;
  if (Array.isArray(value)) return value.find(isObject);
  return undefined;
}

function fromJson(json: unknown): ErrorBodyInfo {
  if (typeof json === "string") return withMessage(json);
  const root = firstObject(json);
  if (!root) return {};
  // Most specific first: `{"error":{...}}`, then `{"errors":[{...}]}`, FastAPI's `{"detail":[{...}]}`, then the root.
  const layers = [firstObject(root.error), firstObject(root.errors), firstObject(root.detail), root].filter(
    (layer): layer is Json => layer !== undefined,
  );
  const info: ErrorBodyInfo = {};
  const code = firstValue(layers, ["code"], (v) =>
    typeof v === "string" && CODE_PATTERN.test(v) ? v : undefined,
  );
  // OAuth-style `{"error":"invalid_token"}`: a token-shaped `error` string is a code.
  const codeFromError =
    typeof root.error === "string" && CODE_PATTERN.test(root.error) ? root.error : undefined;
  if (code ?? codeFromError) info.code = code ?? codeFromError;
  const message = firstValue(layers, MESSAGE_KEYS, (v) =>
    typeof v === "string" && v.trim() !== "" ? v : undefined,
  );
  if (message !== undefined) info.message = cap(message);
  const field = firstValue(layers, FIELD_KEYS, fieldFromPath);
  if (field !== undefined) info.field = field;
  return info;
}

/** The first value, over layers and then keys, that `accept` turns into something. */
function firstValue<T>(
  layers: readonly Json[],
  keys: readonly string[],
  accept: (value: unknown) => T | undefined,
) {
  for (const layer of layers) {
    for (const key of keys) {
      const accepted = accept(layer[key]);
      if (accepted !== undefined) return accepted;
    }
  }
  return undefined;
}

function withMessage(text: string): ErrorBodyInfo {
  const message = cap(text);
  return message === "" ? {} : { message };
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#")) {
      const code =
        name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/** Visible text of some HTML: tags, scripts, styles and comments removed, whitespace collapsed. */
function visibleText(html: string): string {
  const text = html
    .replace(/<(script|style|head)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]*>/g, " ");
  return decodeEntities(text).replace(/\s+/g, " ").trim();
}

/**
 * A proxy's or framework's error page: its <title> first (the status line, usually), then what the
 * page says beyond it, which is where a 422 page names the field.
 */
function htmlText(html: string): string {
  const titleHtml = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(html)?.[1] ?? "";
  const title = visibleText(titleHtml);
  const body = visibleText(html);
  const rest = title === "" ? body : body.replace(title, "").trim();
  return [title, rest].filter((part) => part !== "").join(": ");
}

function cap(text: string): string {
  const oneLine = text.replace(/\s+/g, " ").trim();
  return oneLine.length <= MAX_MESSAGE_CHARS ? oneLine : `${oneLine.slice(0, MAX_MESSAGE_CHARS - 1)}…`;
}
