"use client";
/**
 * The form's grid, loaded with the prompt's first brace or the first press of Grid, so the page's
 * first load holds only the button: how many renders the prompt makes, the axes (while Grid is
 * open, kept per kind), and the preview of a submitted grid.
 */
import { useState } from "react";
import { useWatch } from "react-hook-form";
import type { RenderFormValues } from "@/lib/client/form";
import type { RenderRequest } from "@/lib/domain/render-request";
import GridAxes, { type GridSlots } from "./grid-axes";
import GridPreviewDialog from "./grid-preview-dialog";
import PromptVariablesCount from "./prompt-variables-count";

const NO_AXES: GridSlots = [null, null];

export default function GridSlot({
  open,
  preview,
  onPreviewClose,
}: {
  open: boolean;
  /** The form's request once submitted: the preview shows its grid. */
  preview: RenderRequest | null;
  onPreviewClose: () => void;
}) {
  const kind = useWatch<RenderFormValues, "kind">({ name: "kind" });
  const [axes, setAxes] = useState<{ kind: string; slots: GridSlots }>({ kind, slots: NO_AXES });
  // An axis's setting and values belong to a kind: another kind starts without them.
  const slots = open && axes.kind === kind ? axes.slots : NO_AXES;
  return (
    <>
      <PromptVariablesCount />
      {open && <GridAxes slots={slots} onChange={(next) => setAxes({ kind, slots: next })} />}
      {preview && (
        <GridPreviewDialog
          request={preview}
          axes={slots.filter((axis) => axis !== null)}
          onClose={onPreviewClose}
        />
      )}
    </>
  );
}
