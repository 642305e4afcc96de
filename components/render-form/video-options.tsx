"use client";
/** The video settings, limited to what the chosen video model offers. */
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { LIMITS, VIDEO_MODELS, clipCount, type VideoModel } from "@/lib/domain/catalogue";
import { durationRangeLabel, type RenderFormValues } from "@/lib/client/form";
import type { FitNote } from "@/lib/client/form/fit-model";
import { FieldMessages, describedBy } from "@/components/ui/field-messages";
import { Switch } from "@/components/ui/switch";
import { LABEL_CLASSES, SelectField, TextAreaField } from "./field";
import { noteFor } from "./notes";
import { DurationField } from "./duration-field";
import { VIDEO_MODEL_OPTIONS, aspectOptions, resolutionOptions } from "./options";

export function VideoOptions({
  notes,
  onModelChanged,
}: {
  notes: readonly FitNote[];
  onModelChanged: () => void;
}) {
  const [modelId, duration] = useWatch<RenderFormValues, ["model", "durationSeconds"]>({
    name: ["model", "durationSeconds"],
  });
  const model: VideoModel = VIDEO_MODELS.find((m) => m.id === modelId) ?? VIDEO_MODELS[0];
  const clips = clipCount(model.duration, duration);
  const clipSeconds = model.duration.type === "range" ? model.duration.clipSeconds : undefined;

  return (
    <div className="flex flex-col gap-3">
      <div className="grid grid-cols-2 gap-3 @xl:grid-cols-4">
        <SelectField name="model" label="Model" options={VIDEO_MODEL_OPTIONS} onChanged={onModelChanged} />
        <DurationField
          rule={model.duration}
          note={noteFor(notes, "durationSeconds")}
          hint={
            clips > 1
              ? `Will be stitched from ${clips} clips of up to ${clipSeconds} s`
              : `${model.label}: ${durationRangeLabel(model.duration)}`
          }
        />
        <SelectField
          name="resolution"
          label="Resolution"
          options={resolutionOptions(model.resolutions)}
          note={noteFor(notes, "resolution")}
        />
        <SelectField
          name="aspectRatio"
          label="Aspect ratio"
          options={aspectOptions(model.aspectRatios)}
          note={noteFor(notes, "aspectRatio")}
        />
      </div>
      {model.supportsAudio && <AudioSwitch note={noteFor(notes, "generateAudio")} />}
      <TextAreaField
        name="negativePrompt"
        label="Negative prompt"
        maxChars={LIMITS.negativePromptMaxChars}
        rows={2}
        placeholder="What to avoid, e.g. text, watermarks, blur"
      />
    </div>
  );
}

function AudioSwitch({ note }: { note?: string }) {
  const { control } = useFormContext<RenderFormValues>();
  const id = "field-generateAudio";
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-3">
        <Controller
          control={control}
          name="generateAudio"
          render={({ field }) => (
            <Switch
              id={id}
              ref={field.ref}
              checked={field.value}
              onCheckedChange={field.onChange}
              onBlur={field.onBlur}
              aria-describedby={describedBy(id, { note })}
            />
          )}
        />
        <label htmlFor={id} className={LABEL_CLASSES}>
          Generate audio
        </label>
      </div>
      <FieldMessages id={id} note={note} />
    </div>
  );
}
