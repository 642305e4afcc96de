/**
 * How the form asks for a video's duration. A few choices (veo's 4, 6 or 8 s) read best as a select;
 * a long run of them (seedance's 56 whole seconds) as a slider with a number field beside it, over
 * the model's range and in the catalogue's steps.
 */
import { durationChoices, type DurationRule } from "@/lib/domain/catalogue";

/** Lists up to this long stay a select: every choice is seen at once. */
export const SHORT_DURATION_LIST = 6;

export type DurationControl =
  { type: "select"; choices: number[] } | { type: "slider"; min: number; max: number; step: number };

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

export function durationControl(rule: DurationRule): DurationControl {
  const choices = durationChoices(rule);
  const first = choices[0];
  const last = choices.at(-1);
  if (choices.length <= SHORT_DURATION_LIST || first === undefined || last === undefined)
    return { type: "select", choices };
  // The largest step that reaches every choice from the first; a value between two uneven choices
  // is then one the schema refuses on its field, as a typed one would be.
  const step = choices.reduce((acc, choice) => gcd(acc, choice - first), 0);
  return { type: "slider", min: first, max: last, step };
}
