/**
 * Which parameters set compared renders apart. Rows are matched by what they mean (their label), so
 * an image's `imageModel` lines up with a video's `model` and `imageResolution` with `resolution`.
 */
import type { ParamRow } from "@/components/render/describe-params";

export interface DiffRow {
  label: string;
  /** One value per render, in the renders' order; null where that render does not set it. */
  values: (ParamRow["value"] | null)[];
  /** True when not every render has the same value (a value set in some and not others counts). */
  differs: boolean;
}

const same = (a: ParamRow["value"] | null, b: ParamRow["value"] | null) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Lines up the described parameters of each render (`describeParams`' rows, plus any the caller
 * adds, such as the prompt): every label any of them has, in the order they first appear.
 */
export function diffParams(rowSets: readonly (readonly ParamRow[])[]): DiffRow[] {
  const labels: string[] = [];
  for (const rows of rowSets) {
    for (const row of rows) if (!labels.includes(row.label)) labels.push(row.label);
  }
  return labels.map((label) => {
    const values = rowSets.map((rows) => rows.find((row) => row.label === label)?.value ?? null);
    return { label, values, differs: values.some((value) => !same(value, values[0] ?? null)) };
  });
}

/** The labels of the rows that differ, for a one-line summary. */
export function differingLabels(rows: readonly DiffRow[]): string[] {
  return rows.filter((row) => row.differs).map((row) => row.label);
}
