"use client";
/** The image settings, limited to what the chosen image model offers. */
import { useWatch } from "react-hook-form";
import { IMAGE_MODELS } from "@/lib/domain/catalogue";
import type { RenderFormValues } from "@/lib/client/form";
import type { FitNote } from "@/lib/client/form/fit-model";
import { SelectField } from "./field";
import {
  IMAGE_MODEL_OPTIONS,
  QUALITY_OPTIONS,
  VARIANT_OPTIONS,
  aspectOptions,
  resolutionOptions,
} from "./options";
import { noteFor } from "./notes";

export function ImageOptions({
  notes,
  onModelChanged,
}: {
  notes: readonly FitNote[];
  onModelChanged: () => void;
}) {
  const modelId = useWatch<RenderFormValues, "imageModel">({ name: "imageModel" });
  const model = IMAGE_MODELS.find((m) => m.id === modelId) ?? IMAGE_MODELS[0];
  return (
    <div className="grid grid-cols-2 gap-3 @xl:grid-cols-4">
      <SelectField name="imageModel" label="Model" options={IMAGE_MODEL_OPTIONS} onChanged={onModelChanged} />
      <SelectField
        name="imageResolution"
        label="Resolution"
        options={resolutionOptions(model.resolutions)}
        note={noteFor(notes, "imageResolution")}
      />
      {model.qualities.length > 0 && (
        <SelectField name="imageQuality" label="Quality" options={QUALITY_OPTIONS} />
      )}
      <SelectField
        name="imageAspectRatio"
        label="Aspect ratio"
        options={aspectOptions(model.aspectRatios)}
        note={noteFor(notes, "imageAspectRatio")}
      />
      <SelectField name="imageCount" label="Variants" options={VARIANT_OPTIONS} numeric />
    </div>
  );
}
