/** Limits of team presets and of the prompt history, for the contract and the form alike. */

import { REFERENCE_URL_FIELDS } from "./catalogue";
import { NAME_MAX_CHARS } from "./names";

export const PRESET_NAME_MAX_CHARS = NAME_MAX_CHARS;
/** How many distinct prompts the prompt field suggests. */
export const PROMPT_HISTORY_SIZE = 20;
/** The longest text the prompt history is searched with. */
export const PROMPT_QUERY_MAX_CHARS = 200;

/** Request fields a preset does not keep among its settings: the prompt is kept apart, references never. */
const NOT_SETTINGS = ["kind", "prompt", ...Object.values(REFERENCE_URL_FIELDS)];

/** A render request's settings as a preset keeps them (spec §4.2 names). */
export function presetSettings(request: object): Record<string, unknown> {
  const settings: Record<string, unknown> = { ...request };
  for (const field of NOT_SETTINGS) delete settings[field];
  return settings;
}
