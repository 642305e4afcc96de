"use client";
/**
 * The render's references: a drop zone, the uploads under way, the lists the request will carry and
 * the reference library. What the chosen model does with each list (start frame, cap, none) is said
 * here, before submit: what it does not use stays in the list, marked, and is not sent.
 */
import { Suspense, lazy, useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { ReferenceDropZone, ReferenceLibrary, type UploadQueue } from "@/components/uploads";
import { Notice } from "@/components/ui/notice";
import type { LedgerUpload } from "@/lib/contract";
import {
  REFERENCE_FIELDS,
  acceptedReferenceKinds,
  chosenModelLabel,
  referenceCaps,
  referenceNotes,
  type ReferenceKind,
  type RenderFormValues,
} from "@/lib/client/form";
import { useFieldError } from "./field";

/**
 * The lists of references and of uploads show once something is added: loaded once the page is
 * interactive, not with it.
 */
const loadReferenceList = () => import("@/components/uploads/reference-list");
const ReferenceList = lazy(() => loadReferenceList().then((m) => ({ default: m.ReferenceList })));
const loadUploadQueueList = () => import("@/components/uploads/upload-queue-list");
const UploadQueueList = lazy(() => loadUploadQueueList().then((m) => ({ default: m.UploadQueueList })));

const LIST_TITLES: Record<ReferenceKind, string> = {
  image: "Reference images",
  video: "Reference videos",
  audio: "Reference audio",
};

export interface ReferencesSectionProps {
  queue: UploadQueue;
  uploadMaxBytes: number;
  /** Adds an upload (from the library) to the list for its kind. */
  onUse: (upload: LedgerUpload) => void;
}

export function ReferencesSection({ queue, uploadMaxBytes, onUse }: ReferencesSectionProps) {
  const values = useWatch<RenderFormValues>() as RenderFormValues;
  const acceptedKinds = acceptedReferenceKinds(values);
  const caps = referenceCaps(values);
  const notes = referenceNotes(values);
  const modelLabel = chosenModelLabel(values);
  useEffect(() => {
    void loadReferenceList();
    void loadUploadQueueList();
  }, []);
  const inUse = new Set(Object.values(REFERENCE_FIELDS).flatMap((field) => values[field]));

  return (
    <section aria-labelledby="references-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h3 id="references-heading" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
            References <span className="font-normal text-zinc-500 dark:text-zinc-400">(optional)</span>
          </h3>
          <p className="text-xs text-zinc-500 dark:text-zinc-400">
            {capsSummary(values.kind, modelLabel, caps)}
          </p>
        </div>
        <ReferenceLibrary kinds={acceptedKinds} inUse={inUse} onUse={onUse} />
      </div>
      <ReferenceDropZone
        acceptedKinds={acceptedKinds}
        maxBytes={uploadMaxBytes}
        takerLabel={modelLabel}
        onFiles={queue.add}
      />
      {queue.items.length > 0 && (
        <Suspense>
          <UploadQueueList queue={queue} />
        </Suspense>
      )}
      {(Object.keys(REFERENCE_FIELDS) as ReferenceKind[]).map((kind) => (
        <ReferenceListField
          key={kind}
          kind={kind}
          used={caps[kind]}
          modelLabel={modelLabel}
          startFrame={values.kind === "video" && kind === "image"}
          notes={notes.filter((n) => n.field === REFERENCE_FIELDS[kind]).map((n) => n.message)}
        />
      ))}
    </section>
  );
}

/** What the model takes, in one line: "Kling: up to 2 images (the first is the start frame) and 1 video". */
function capsSummary(kind: string, modelLabel: string, caps: Record<ReferenceKind, number>): string {
  const parts: string[] = [];
  if (caps.image > 0) {
    parts.push(
      `up to ${caps.image} image${caps.image === 1 ? "" : "s"}${kind === "video" ? " (the first is the start frame)" : ""}`,
    );
  }
  if (caps.video > 0) parts.push(`${caps.video} video${caps.video === 1 ? "" : "s"}`);
  if (caps.audio > 0) parts.push(`${caps.audio} audio file${caps.audio === 1 ? "" : "s"}`);
  return `${modelLabel} takes ${parts.join(", ").replace(/, ([^,]*)$/, " and $1")}.`;
}

function ReferenceListField({
  kind,
  used,
  modelLabel,
  startFrame,
  notes,
}: {
  kind: ReferenceKind;
  used: number;
  modelLabel: string;
  startFrame: boolean;
  notes: string[];
}) {
  const field = REFERENCE_FIELDS[kind];
  const { setValue, formState } = useFormContext<RenderFormValues>();
  const urls = useWatch<RenderFormValues, typeof field>({ name: field });
  const error = useFieldError(field);
  const errorId = `field-${field}-error`;
  if (urls.length === 0 && !error) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <Suspense fallback={null}>
        <ReferenceList
          kind={kind}
          title={LIST_TITLES[kind]}
          urls={urls}
          used={used}
          modelLabel={modelLabel}
          startFrame={startFrame}
          errorId={error ? errorId : undefined}
          onChange={(next) =>
            setValue(field, next, { shouldDirty: true, shouldValidate: formState.isSubmitted })
          }
        />
      </Suspense>
      {/* A server or schema error wins over the note that foretold it. */}
      {error ? (
        <Notice tone="error">
          <span id={errorId}>{error}</span>
        </Notice>
      ) : (
        notes.map((note) => (
          <Notice key={note} tone="warning">
            {note}
          </Notice>
        ))
      )}
    </div>
  );
}
