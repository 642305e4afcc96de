/**
 * The drop zone's check of a file before it is sent: the same accepted types and size limit as the
 * upload route (`UPLOAD_LIMITS`, `UPLOAD_MAX_BYTES`), narrowed to the media the chosen model takes,
 * so a refusal reads as a sentence here instead of a 413/415 after a long upload.
 */
import { UPLOAD_LIMITS } from "@/lib/domain/uploads";
import { formatBytes } from "@/lib/domain/bytes";
import { orList } from "./wording";
import type { ReferenceKind } from "./values";

const TYPE_LABELS: Record<string, string> = {
  "image/png": "PNG",
  "image/jpeg": "JPEG",
  "image/webp": "WebP",
  "image/gif": "GIF",
  "video/mp4": "MP4",
  "video/webm": "WebM",
  "video/quicktime": "MOV",
  "audio/mpeg": "MP3",
  "audio/wav": "WAV",
  "audio/x-wav": "WAV",
  "audio/ogg": "OGG",
  "audio/mp4": "M4A",
  "audio/webm": "WebM",
};

const KIND_NOUNS: Record<ReferenceKind, string> = { image: "images", video: "videos", audio: "audio" };

/** The upload kind of a content type, if the dashboard accepts that type at all. */
export function uploadKindOf(contentType: string): ReferenceKind | undefined {
  const essence = contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  const kinds = Object.keys(UPLOAD_LIMITS.acceptedTypes) as ReferenceKind[];
  return kinds.find((kind) => (UPLOAD_LIMITS.acceptedTypes[kind] as readonly string[]).includes(essence));
}

/** "PNG, JPEG, WebP or GIF images or MP4, WebM or MOV videos". */
export function acceptedTypesText(kinds: readonly ReferenceKind[]): string {
  return orList(
    kinds.map((kind) => {
      const labels = [...new Set(UPLOAD_LIMITS.acceptedTypes[kind].map((t) => TYPE_LABELS[t] ?? t))];
      return `${orList(labels)} ${KIND_NOUNS[kind]}`;
    }),
  );
}

/** The `accept` map for the file picker: the accepted MIME types of the given kinds. */
export function acceptMap(kinds: readonly ReferenceKind[]): Record<string, string[]> {
  return Object.fromEntries(
    kinds.flatMap((kind) => UPLOAD_LIMITS.acceptedTypes[kind].map((type) => [type, []])),
  );
}

export type FileCheck = { ok: true; kind: ReferenceKind } | { ok: false; message: string };

export interface FileCheckContext {
  /** What the chosen kind and model take as references. */
  acceptedKinds: readonly ReferenceKind[];
  maxBytes: number;
  /** Names the refusal, e.g. "Veo 3.1" or "Image renders". */
  takerLabel: string;
}

export function checkReferenceFile(
  file: { name: string; type: string; size: number },
  { acceptedKinds, maxBytes, takerLabel }: FileCheckContext,
): FileCheck {
  const kind = uploadKindOf(file.type);
  if (kind === undefined) {
    const what = file.type ? `${file.type} files` : "files of an unknown type";
    return {
      ok: false,
      message: `${file.name}: ${what} can't be references. Use ${acceptedTypesText(acceptedKinds)}.`,
    };
  }
  if (!acceptedKinds.includes(kind)) {
    return {
      ok: false,
      message: `${file.name}: ${takerLabel} takes no reference ${KIND_NOUNS[kind]}. Use ${acceptedTypesText(acceptedKinds)}.`,
    };
  }
  if (file.size > maxBytes) {
    return {
      ok: false,
      message: `${file.name} is ${formatBytes(file.size)}: uploads are limited to ${formatBytes(maxBytes)}.`,
    };
  }
  return { ok: true, kind };
}
