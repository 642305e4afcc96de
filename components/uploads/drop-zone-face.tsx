/**
 * How the reference drop zone looks, shared by the zone itself and the stand-in shown while its code
 * (react-dropzone) loads, so the form does not shift when it arrives.
 */
import { acceptedTypesText, type ReferenceKind } from "@/lib/client/form";
import { formatBytes } from "@/lib/domain/bytes";

export function dropZoneClasses(dragActive: boolean): string {
  return `flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors ${
    dragActive
      ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40"
      : "border-zinc-300 hover:border-zinc-400 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:border-zinc-600 dark:hover:bg-zinc-900"
  }`;
}

/** What the zone says: the action, then the accepted types and size limit (its description). */
export function DropZoneFace({
  hintId,
  dragActive,
  acceptedKinds,
  maxBytes,
}: {
  hintId: string;
  dragActive: boolean;
  acceptedKinds: readonly ReferenceKind[];
  maxBytes: number;
}) {
  return (
    <>
      <span className="font-medium text-zinc-800 dark:text-zinc-200">
        {dragActive ? "Drop to upload" : "Drop files here, or click to choose"}
      </span>
      <span id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
        {acceptedTypesText(acceptedKinds)}, up to {formatBytes(maxBytes)} each
      </span>
    </>
  );
}
