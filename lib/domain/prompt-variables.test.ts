import { describe, expect, it } from "vitest";
import { GRID_MAX_RENDERS, expandPrompt, parsePromptTemplate, promptCount } from "./prompt-variables";

const prompts = (prompt: string, max?: number) => {
  const expansion = expandPrompt(prompt, max);
  if (!expansion.ok) throw new Error(expansion.error);
  return expansion.prompts.map((p) => p.prompt);
};

describe("prompt variables", () => {
  it("gives one prompt per option, trimmed", () => {
    expect(prompts("a { red | blue|green } fox")).toEqual(["a red fox", "a blue fox", "a green fox"]);
  });

  it("multiplies several variables, the first changing slowest, and names each prompt's choices", () => {
    expect(prompts("{a|b} and {1|2|3}")).toEqual([
      "a and 1",
      "a and 2",
      "a and 3",
      "b and 1",
      "b and 2",
      "b and 3",
    ]);
    const expansion = expandPrompt("{a|b} {x|y}");
    expect(expansion.ok && expansion.prompts[1]?.choices).toEqual(["a", "y"]);
  });

  it("reads a prompt without variables as itself", () => {
    expect(prompts("just a fox")).toEqual(["just a fox"]);
  });

  it("takes \\{, \\}, \\| and \\\\ as the characters themselves, inside and outside a variable", () => {
    expect(prompts('json \\{"a": 1\\} {x\\|y|z\\}} \\\\')).toEqual([
      'json {"a": 1} x|y \\',
      'json {"a": 1} z} \\',
    ]);
    const literal = parsePromptTemplate("\\{red|blue\\}");
    expect(literal.ok && literal.variables).toEqual([]);
  });

  it("refuses nesting with an error that says so", () => {
    const template = parsePromptTemplate("a {red|{dark|light} blue} fox");
    expect(template.ok).toBe(false);
    expect(!template.ok && template.error).toMatch(/cannot be nested/);
  });

  it("refuses a brace left open or closed without its opening", () => {
    expect(parsePromptTemplate("a {red|blue fox")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/not closed/),
    });
    expect(parsePromptTemplate("a red} fox")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/without its \{/),
    });
  });

  it(`refuses more than ${GRID_MAX_RENDERS} renders before building them, naming the count`, () => {
    const ten = `{${Array.from({ length: 10 }, (_, i) => i).join("|")}}`;
    expect(prompts(`${ten} ${ten}`)).toHaveLength(GRID_MAX_RENDERS);
    const over = expandPrompt(`${ten} ${ten} {a|b}`);
    expect(over).toEqual({
      ok: false,
      error: expect.stringContaining(`makes ${GRID_MAX_RENDERS * 2} renders`),
    });
    const template = parsePromptTemplate(`${ten} ${ten} {a|b}`);
    expect(template.ok && promptCount(template.variables)).toBe(GRID_MAX_RENDERS * 2);
  });
});
