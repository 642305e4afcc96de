"use client";
/**
 * The drop zone for reference files (react-dropzone): drop, paste or pick several files. Every file is
 * checked here with the server's own limits before any byte is sent; refusals are listed by name.
 */
import { useId, useState } from "react";
import { useDropzone } from "react-dropzone";
import { acceptMap, checkReferenceFile, type ReferenceKind } from "@/lib/client/form";
import { DropZoneFace, dropZoneClasses } from "./drop-zone-face";

export interface ReferenceDropZoneProps {
  acceptedKinds: readonly ReferenceKind[];
  maxBytes: number;
  /** Names who refuses a file type, e.g. "Veo 3.1" or "Image renders". */
  takerLabel: string;
  onFiles: (files: { file: File; kind: ReferenceKind }[]) => void;
}

export default function ReferenceDropZone({
  acceptedKinds,
  maxBytes,
  takerLabel,
  onFiles,
}: ReferenceDropZoneProps) {
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
        className={dropZoneClasses(isDragActive)}
      >
        <DropZoneFace
          hintId={hintId}
          dragActive={isDragActive}
          acceptedKinds={acceptedKinds}
          maxBytes={maxBytes}
        />
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
