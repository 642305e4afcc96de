"use client";
/**
 * Whether the form makes a grid: Grid is open, or the prompt holds a brace (a `{a|b}` variable, or
 * an escaped brace the grid's reading turns into one). Read where it is shown, so the whole form
 * does not redraw with every key typed in the prompt.
 */
import { useWatch } from "react-hook-form";
import type { RenderFormValues } from "@/lib/client/form";

export const makesGrid = (gridOpen: boolean, prompt: string) => gridOpen || /[{}]/.test(prompt);

export function useMakesGrid(gridOpen: boolean): boolean {
  return makesGrid(gridOpen, useWatch<RenderFormValues, "prompt">({ name: "prompt" }));
}
