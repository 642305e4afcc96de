/**
 * What the form says about reference lists before submit. A reference the chosen kind and model do
 * not use (a list the model takes none of, or entries past its cap) stays in the form, marked as
 * ignored, and is left out of the request (`usedReferences`), so it never blocks a render and
 * switching to a model that takes it uses it again.
 */
import { findImageModel, findVideoModel } from "@/lib/domain/catalogue";
import { plural } from "./wording";
import { referenceCaps } from "./mapper";
import { REFERENCE_FIELDS, type ReferenceField, type ReferenceKind, type RenderFormValues } from "./values";

export interface ReferenceNote {
  field: ReferenceField;
  message: string;
}

const NOUN: Record<ReferenceKind, string> = {
  image: "reference image",
  video: "reference video",
  audio: "reference audio file",
};

/** The chosen model's name, as the form's notes and badges say it. */
export function chosenModelLabel(values: RenderFormValues): string {
  return (
    (values.kind === "image"
      ? findImageModel(values.imageModel)?.label
      : findVideoModel(values.model)?.label) ?? "This model"
  );
}

/** The media kinds the current kind and model take, e.g. for the drop zone's accepted types. */
export function acceptedReferenceKinds(values: RenderFormValues): ReferenceKind[] {
  const caps = referenceCaps(values);
  return (Object.keys(REFERENCE_FIELDS) as ReferenceKind[]).filter((kind) => caps[kind] > 0);
}

export function referenceNotes(values: RenderFormValues): ReferenceNote[] {
  const caps = referenceCaps(values);
  const label = chosenModelLabel(values);
  const notes: ReferenceNote[] = [];

  for (const kind of Object.keys(REFERENCE_FIELDS) as ReferenceKind[]) {
    const field = REFERENCE_FIELDS[kind];
    const count = values[field].length;
    const cap = caps[kind];
    if (count <= cap) continue;
    const noun = NOUN[kind];
    if (cap === 0) {
      const taker = values.kind === "image" ? "Image renders take" : `${label} takes`;
      const them = count === 1 ? "it stays here but won't be sent" : "they stay here but won't be sent";
      notes.push({ field, message: `${taker} no ${noun}s: ${them}.` });
    } else {
      const extra = count - cap;
      notes.push({
        field,
        message: `${label} uses only the first ${plural(cap, noun)}: ${extra} more ${extra === 1 ? "is" : "are"} ignored and won't be sent.`,
      });
    }
  }
  return notes;
}
