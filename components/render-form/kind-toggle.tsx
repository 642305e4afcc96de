"use client";
/** Image or Video: native radios in a radio group, so arrow keys move between them. */
import { useId } from "react";
import { useFormContext } from "react-hook-form";
import type { RenderKind } from "@/lib/domain/catalogue";
import type { RenderFormValues } from "@/lib/client/form";
import { LABEL_CLASSES } from "@/components/ui/field-classes";

const KINDS: { value: RenderKind; label: string }[] = [
  { value: "image", label: "Image" },
  { value: "video", label: "Video" },
];

export function KindToggle() {
  const { register } = useFormContext<RenderFormValues>();
  const labelId = useId();
  return (
    <div className="flex items-center gap-3">
      <span id={labelId} className={LABEL_CLASSES}>
        Kind
      </span>
      <div
        role="radiogroup"
        aria-labelledby={labelId}
        className="inline-flex rounded-lg border border-zinc-300 bg-zinc-100 p-0.5 dark:border-zinc-700 dark:bg-zinc-900"
      >
        {KINDS.map((kind) => (
          <label key={kind.value} className="relative">
            {/* The real radio covers its label, so a click or tap lands on the control itself. */}
            <input
              type="radio"
              value={kind.value}
              className="peer absolute inset-0 cursor-pointer appearance-none rounded-md"
              {...register("kind")}
            />
            <span className="pointer-events-none block rounded-md px-4 py-1 text-sm font-medium text-zinc-600 transition-colors peer-checked:bg-white peer-checked:text-zinc-900 peer-checked:shadow-sm peer-hover:text-zinc-900 dark:text-zinc-400 dark:peer-checked:bg-zinc-700 dark:peer-checked:text-white dark:peer-hover:text-white">
              {kind.label}
            </span>
          </label>
        ))}
      </div>
    </div>
  );
}
