/**
 * Prompt variables: `{red|blue|green}` in a prompt stands for one render per option, and several
 * variables multiply. `\{`, `\}`, `\|` and `\\` are the characters themselves. Pure, so the form's
 * count as the prompt is typed, the grid's preview and the tests read a prompt one way.
 */

/** The most renders one prompt (or one grid) may ask for. */
export const GRID_MAX_RENDERS = 100;

/** A `{…|…}` in a prompt: its options, trimmed, in the order written. */
export interface PromptVariable {
  options: string[];
}

/** A prompt as text and variables in the order written. */
export type PromptPart = string | PromptVariable;

export type PromptTemplate =
  { ok: true; parts: PromptPart[]; variables: PromptVariable[] } | { ok: false; error: string };

const ESCAPABLE = new Set(["{", "}", "|", "\\"]);

/** Reads a prompt's variables, or says in words why it cannot (nesting, a brace left open). */
export function parsePromptTemplate(prompt: string): PromptTemplate {
  const parts: PromptPart[] = [];
  const variables: PromptVariable[] = [];
  let text = "";
  // The options of the variable being read, and the option being read; null outside braces.
  let options: string[] | null = null;
  let option = "";
  for (let i = 0; i < prompt.length; i++) {
    const char = prompt[i] as string;
    const next = prompt[i + 1];
    if (char === "\\" && next !== undefined && ESCAPABLE.has(next)) {
      if (options) option += next;
      else text += next;
      i++;
    } else if (char === "{") {
      if (options) {
        return {
          ok: false,
          error:
            "Prompt variables cannot be nested: close the first { before opening another (write \\{ for a brace).",
        };
      }
      options = [];
      option = "";
    } else if (char === "}") {
      if (!options) {
        return { ok: false, error: "A } without its {: write \\} for a brace." };
      }
      options.push(option.trim());
      const variable = { options };
      if (text) parts.push(text);
      parts.push(variable);
      variables.push(variable);
      text = "";
      options = null;
    } else if (char === "|" && options) {
      options.push(option.trim());
      option = "";
    } else if (options) {
      option += char;
    } else {
      text += char;
    }
  }
  if (options) return { ok: false, error: "A { is not closed: close it with } or write \\{ for a brace." };
  if (text) parts.push(text);
  return { ok: true, parts, variables };
}

/** How many prompts a template makes: the product of its variables' options (1 without any). */
export function promptCount(variables: readonly PromptVariable[]): number {
  return variables.reduce((product, v) => product * v.options.length, 1);
}

/** One prompt a template makes, with the option it took of each variable (in the variables' order). */
export interface ExpandedPrompt {
  prompt: string;
  choices: string[];
}

/**
 * The template with its i-th variable set to `fixed[i]` where given, every other variable's options
 * multiplied (the first variable changes slowest, as a reader lists them).
 */
export function expandTemplate(
  parts: readonly PromptPart[],
  fixed: ReadonlyMap<number, string> = new Map(),
): ExpandedPrompt[] {
  let out: ExpandedPrompt[] = [{ prompt: "", choices: [] }];
  let index = 0;
  for (const part of parts) {
    if (typeof part === "string") {
      out = out.map((e) => ({ prompt: e.prompt + part, choices: e.choices }));
      continue;
    }
    const options = fixed.has(index) ? [fixed.get(index) as string] : part.options;
    out = out.flatMap((e) => options.map((o) => ({ prompt: e.prompt + o, choices: [...e.choices, o] })));
    index++;
  }
  return out;
}

export type PromptExpansion = { ok: true; prompts: ExpandedPrompt[] } | { ok: false; error: string };

/** Every prompt a prompt makes, refused past `max` renders (before any is built). */
export function expandPrompt(prompt: string, max = GRID_MAX_RENDERS): PromptExpansion {
  const template = parsePromptTemplate(prompt);
  if (!template.ok) return template;
  const count = promptCount(template.variables);
  if (count > max) {
    return { ok: false, error: `This prompt makes ${count} renders; at most ${max} may be started at once.` };
  }
  return { ok: true, prompts: expandTemplate(template.parts) };
}
