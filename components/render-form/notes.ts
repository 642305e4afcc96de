import type { RenderFormField } from "@/lib/client/form";
import type { FitNote } from "@/lib/client/form/fit-model";

/** The model-switch note about one field, if the last switch changed it. */
export function noteFor(notes: readonly FitNote[], field: RenderFormField): string | undefined {
  return notes.find((n) => n.field === field)?.message;
}
