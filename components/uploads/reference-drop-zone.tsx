"use client";
/**
 * The drop zone for reference files (react-dropzone): drop, paste or pick several files. Every file is
 * checked here with the server's own limits before any byte is sent; refusals are listed by name.
 */
import { useId, useState } from "react";
import { useDropzone } from "react-dropzone";
import { acceptMap, acceptedTypesText, checkReferenceFile, type ReferenceKind } from "@/lib/client/form";
import { formatBytes } from "@/lib/domain/bytes";

export interface ReferenceDropZoneProps {
  acceptedKinds: readonly ReferenceKind[];
  maxBytes: number;
  /** Names who refuses a file type, e.g. "Veo 3.1" or "Image renders". */
  takerLabel: string;
  onFiles: (files: { file: File; kind: ReferenceKind }[]) => void;
}

export function ReferenceDropZone({ acceptedKinds, maxBytes, takerLabel, onFiles }: ReferenceDropZoneProps) {
  const hintId = useId();
  const [refusals, setRefusals] = useState<string[]>([]);

  const { getRootProps, getInputProps, isDragActive } = useDropzone({
    // `accept` only narrows the file picker; checkReferenceFile decides, with a message per file.
    accept: acceptMap(acceptedKinds),
    multiple: true,
    onDrop: (accepted, rejected) => {
      const files = [...accepted, ...rejected.map((r) => r.file)];
      const ok: { file: File; kind: ReferenceKind }[] = [];
      const messages: string[] = [];
      for (const file of files) {
        const check = checkReferenceFile(file, { acceptedKinds, maxBytes, takerLabel });
        if (check.ok) ok.push({ file, kind: check.kind });
        else messages.push(check.message);
      }
      setRefusals(messages);
      if (ok.length > 0) onFiles(ok);
    },
  });

  return (
    <div>
      {/* The input sits outside the button so the button holds no focusable descendant. */}
      <input {...getInputProps({ "aria-label": "Upload reference files" })} />
      <div
        {...getRootProps({
          role: "button",
          "aria-label": "References",
          "aria-describedby": hintId,
        })}
        className={`flex cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed px-4 py-5 text-center text-sm transition-colors ${
          isDragActive
            ? "border-indigo-500 bg-indigo-50 dark:bg-indigo-950/40"
            : "border-zinc-300 hover:border-zinc-400 hover:bg-zinc-50 dark:border-zinc-700 dark:hover:border-zinc-600 dark:hover:bg-zinc-900"
        }`}
      >
        <span className="font-medium text-zinc-800 dark:text-zinc-200">
          {isDragActive ? "Drop to upload" : "Drop files here, or click to choose"}
        </span>
        <span id={hintId} className="text-xs text-zinc-500 dark:text-zinc-400">
          {acceptedTypesText(acceptedKinds)}, up to {formatBytes(maxBytes)} each
        </span>
      </div>
      {refusals.length > 0 && (
        <ul role="alert" className="mt-2 flex flex-col gap-1 text-xs text-red-700 dark:text-red-400">
          {refusals.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
