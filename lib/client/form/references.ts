/**
 * What the form says about reference lists before submit. The service drops reference images past a
 * video model's cap without a word (spec §8), and refuses videos or audio a model cannot take, so the
 * form says which references will be used, ignored, or must go.
 */
import { LIMITS, findImageModel, findVideoModel } from "@/lib/domain/catalogue";
import { plural } from "./wording";
import { referenceCaps } from "./mapper";
import { REFERENCE_FIELDS, type ReferenceField, type ReferenceKind, type RenderFormValues } from "./values";

export interface ReferenceNote {
  field: ReferenceField;
  /** `blocking`: the server would refuse the request as it is. `warning`: some references will not be used. */
  tone: "warning" | "blocking";
  message: string;
}

const NOUN: Record<ReferenceKind, string> = {
  image: "reference image",
  video: "reference video",
  audio: "reference audio file",
};

/** The media kinds the current kind and model take, e.g. for the drop zone's accepted types. */
export function acceptedReferenceKinds(values: RenderFormValues): ReferenceKind[] {
  const caps = referenceCaps(values);
  return (Object.keys(REFERENCE_FIELDS) as ReferenceKind[]).filter((kind) => caps[kind] > 0);
}

export function referenceNotes(values: RenderFormValues): ReferenceNote[] {
  const caps = referenceCaps(values);
  const label =
    (values.kind === "image"
      ? findImageModel(values.imageModel)?.label
      : findVideoModel(values.model)?.label) ?? "This model";
  const notes: ReferenceNote[] = [];

  for (const kind of Object.keys(REFERENCE_FIELDS) as ReferenceKind[]) {
    const field = REFERENCE_FIELDS[kind];
    const count = values[field].length;
    const cap = caps[kind];
    if (count === 0 || count <= cap) continue;
    const noun = NOUN[kind];
    const extra = count - cap;
    if (cap === 0) {
      notes.push({
        field,
        tone: "warning",
        message:
          values.kind === "image"
            ? `Image renders take no ${noun}s: ${count === 1 ? "it" : "these"} won't be sent.`
            : `${label} takes no ${noun}s: ${count === 1 ? "it" : "these"} won't be sent.`,
      });
    } else if (kind === "image" && values.kind === "video" && count > LIMITS.videoReferenceImagesMax) {
      // Past the schema's bound against abuse, the request is refused, not trimmed.
      notes.push({
        field,
        tone: "blocking",
        message: `${label} uses only the first ${plural(cap, noun)}, and a render takes at most ${LIMITS.videoReferenceImagesMax}: remove ${count - LIMITS.videoReferenceImagesMax} before starting.`,
      });
    } else if (kind === "image" && values.kind === "video") {
      // The service keeps the first `cap` images and drops the rest without an error.
      notes.push({
        field,
        tone: "warning",
        message: `${label} uses only the first ${plural(cap, noun)}: ${plural(extra, "more image", "more images")} will be ignored.`,
      });
    } else {
      notes.push({
        field,
        tone: "blocking",
        message: `${label} takes at most ${plural(cap, noun)}: remove ${extra} before starting.`,
      });
    }
  }
  return notes;
}
