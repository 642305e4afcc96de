"use client";
/**
 * The form's Grid: up to two axes (X across, Y down), each a setting and the values it takes, picked
 * from what the catalogue offers for the kind and the models in play (lib/domain/grid.ts). Loaded
 * when Grid is first opened.
 */
import { useId } from "react";
import { useWatch } from "react-hook-form";
import { CONTROL_CLASSES, LABEL_CLASSES } from "@/components/ui/field-classes";
import type { RenderFormValues } from "@/lib/client/form";
import {
  GRID_MAX_SEEDS,
  axisChoices,
  axisKeysFor,
  axisLabel,
  axisValueLabel,
  type GridAxis,
  type GridAxisKey,
} from "@/lib/domain/grid";
import { parsePromptTemplate } from "@/lib/domain/prompt-variables";

/** X, then Y; null where no axis is picked. */
export type GridSlots = [GridAxis | null, GridAxis | null];

const SLOT_NAMES = ["X (across)", "Y (down)"] as const;
const DEFAULT_SEEDS = 3;

const seedValues = (count: number) => Array.from({ length: count }, (_, i) => String(i + 1));

/** What picking an axis starts with: the form's own model or duration, every other value offered. */
function startingValues(key: Exclude<GridAxisKey, "variable">, offered: string[], current: string): string[] {
  if (key === "seed") return seedValues(DEFAULT_SEEDS);
  if (key === "model" || key === "duration")
    return offered.includes(current) ? [current] : offered.slice(0, 1);
  return offered;
}

export default function GridAxes({
  slots,
  onChange,
}: {
  slots: GridSlots;
  onChange: (slots: GridSlots) => void;
}) {
  const values = useWatch<RenderFormValues>() as RenderFormValues;
  const { kind } = values;
  const formModel = kind === "image" ? values.imageModel : values.model;
  const template = parsePromptTemplate(values.prompt ?? "");
  const variables = template.ok ? template.variables : [];

  /** The models whose values the other axes offer: the model axis's, or the form's model. */
  const modelsInPlay = (slots.find((axis) => axis?.key === "model")?.values ?? []).concat(
    slots.some((axis) => axis?.key === "model") ? [] : [formModel],
  );
  const current: Record<Exclude<GridAxisKey, "variable">, string> = {
    model: formModel,
    duration: String(values.durationSeconds),
    aspectRatio: "",
    resolution: "",
    quality: "",
    seed: "",
  };

  const setSlot = (index: 0 | 1, axis: GridAxis | null) => {
    const next: GridSlots = [...slots];
    next[index] = axis;
    onChange(next);
  };

  const pick = (index: 0 | 1, choice: string) => {
    if (!choice) return setSlot(index, null);
    if (choice.startsWith("variable:")) {
      const variable = Number(choice.slice("variable:".length));
      return setSlot(index, { key: "variable", variable, values: variables[variable]?.options ?? [] });
    }
    const key = choice as Exclude<GridAxisKey, "variable">;
    const offered = axisChoices(kind, key, modelsInPlay);
    setSlot(index, { key, values: startingValues(key, offered, current[key]) });
  };

  return (
    <fieldset className="flex flex-col gap-4 rounded-lg border border-zinc-200 p-3 dark:border-zinc-800">
      <legend className="px-1 text-sm font-semibold">Grid</legend>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Up to two settings to vary, one render per combination. The prompt&apos;s own {"{a|b}"} variables take
        a free axis.
      </p>
      <div className="grid gap-4 @xl:grid-cols-2">
        {([0, 1] as const).map((index) => (
          <AxisPicker
            key={index}
            name={SLOT_NAMES[index]}
            axis={slots[index]}
            other={slots[1 - index] ?? null}
            keys={axisKeysFor(kind).filter((key) => key !== "variable")}
            variableCount={variables.length}
            offered={(key) => axisChoices(kind, key, modelsInPlay)}
            onPick={(choice) => pick(index, choice)}
            onValues={(axisValues) => {
              const axis = slots[index];
              if (axis) setSlot(index, { ...axis, values: axisValues });
            }}
          />
        ))}
      </div>
    </fieldset>
  );
}

const choiceOf = (axis: GridAxis | null) =>
  !axis ? "" : axis.key === "variable" ? `variable:${axis.variable ?? 0}` : axis.key;

function AxisPicker({
  name,
  axis,
  other,
  keys,
  variableCount,
  offered,
  onPick,
  onValues,
}: {
  name: string;
  axis: GridAxis | null;
  other: GridAxis | null;
  keys: Exclude<GridAxisKey, "variable">[];
  variableCount: number;
  offered: (key: Exclude<GridAxisKey, "variable">) => string[];
  onPick: (choice: string) => void;
  onValues: (values: string[]) => void;
}) {
  const id = useId();
  const taken = choiceOf(other);
  const options = [
    ...keys.map((key) => ({ value: key as string, label: axisLabel({ key }) })),
    ...Array.from({ length: variableCount }, (_, variable) => ({
      value: `variable:${variable}`,
      label: axisLabel({ key: "variable", variable }),
    })),
  ].filter(
    (option) =>
      option.value !== taken &&
      (option.value.startsWith("variable:") ||
        offered(option.value as Exclude<GridAxisKey, "variable">).length > 0),
  );
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <label htmlFor={id} className={LABEL_CLASSES}>
        Axis {name}
      </label>
      <select
        id={id}
        className={`${CONTROL_CLASSES} h-9 px-2`}
        value={choiceOf(axis)}
        onChange={(e) => onPick(e.target.value)}
      >
        <option value="">None</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {axis && (
        <AxisValues
          name={name}
          axis={axis}
          offered={axis.key === "variable" ? axis.values : offered(axis.key)}
          onValues={onValues}
        />
      )}
    </div>
  );
}

function AxisValues({
  name,
  axis,
  offered,
  onValues,
}: {
  name: string;
  axis: GridAxis;
  offered: string[];
  onValues: (values: string[]) => void;
}) {
  const id = useId();
  if (axis.key === "variable") {
    return <p className="text-xs text-zinc-600 dark:text-zinc-400">{axis.values.join(" · ")}</p>;
  }
  if (axis.key === "seed") {
    return (
      <div className="flex items-center gap-2">
        <label htmlFor={id} className="text-sm">
          Seeds on {name.slice(0, 1)}
        </label>
        <input
          id={id}
          type="number"
          min={1}
          max={GRID_MAX_SEEDS}
          value={axis.values.length}
          className={`${CONTROL_CLASSES} h-9 w-20 px-2`}
          onChange={(e) => {
            const count = Math.min(GRID_MAX_SEEDS, Math.max(1, Math.trunc(Number(e.target.value)) || 1));
            onValues(seedValues(count));
          }}
        />
      </div>
    );
  }
  // Kept in the catalogue's order whatever the order of the clicks.
  const toggle = (value: string, on: boolean) =>
    onValues(offered.filter((v) => (v === value ? on : axis.values.includes(v))));
  return (
    <fieldset className="flex flex-wrap gap-x-4 gap-y-1.5">
      <legend className="sr-only">{`${axisLabel(axis)} values on ${name.slice(0, 1)}`}</legend>
      {offered.map((value) => (
        <label key={value} className="flex items-center gap-1.5 text-sm">
          <input
            type="checkbox"
            checked={axis.values.includes(value)}
            onChange={(e) => toggle(value, e.target.checked)}
          />
          {axisValueLabel(axis.key, value)}
        </label>
      ))}
    </fieldset>
  );
}
