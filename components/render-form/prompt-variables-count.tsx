"use client";
/**
 * Under the prompt, while it holds `{…|…}`: how many renders it makes, or why it cannot be read.
 * Loaded with the prompt's first brace, so a prompt without variables never loads the parser.
 */
import { useWatch } from "react-hook-form";
import type { RenderFormValues } from "@/lib/client/form";
import { renderCount } from "@/lib/domain/format";
import { GRID_MAX_RENDERS, parsePromptTemplate, promptCount } from "@/lib/domain/prompt-variables";

export default function PromptVariablesCount() {
  const [prompt, kind, imageCount] = useWatch<RenderFormValues, ["prompt", "kind", "imageCount"]>({
    name: ["prompt", "kind", "imageCount"],
  });
  const template = parsePromptTemplate(prompt);
  if (!template.ok) {
    return <p className="text-xs text-red-700 dark:text-red-400">{template.error}</p>;
  }
  if (template.variables.length === 0) return null;
  // Each prompt is one request: an image request makes its variants.
  const count = promptCount(template.variables) * (kind === "image" ? imageCount : 1);
  return (
    <p
      className={`text-xs tabular-nums ${count > GRID_MAX_RENDERS ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`}
    >
      This prompt makes {renderCount(count)}
      {count > GRID_MAX_RENDERS ? `: at most ${GRID_MAX_RENDERS} may be started at once.` : "."}
    </p>
  );
}
