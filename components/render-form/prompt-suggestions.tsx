"use client";
/**
 * The prompt field's list of the member's earlier prompts (`GET /api/prompts/recent`), matching the
 * words typed so far, newest first. A listbox driven from the text area, which keeps the focus: it
 * opens as the member types (or on Alt+Down), Down and Up move through it, Enter or a click puts the
 * prompt in the field, Escape closes it.
 *
 * Loaded on the field's first focus, it listens on the text area itself and keeps its
 * `aria-expanded` and `aria-activedescendant` current, so none of this is in the page's first load.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { promptQuery, promptSuggestions, stepActive } from "@/lib/client/form/suggestions";
import type { RenderFormValues } from "@/lib/client/form";
import { recentPromptsQueryOptions } from "@/lib/client/queries/presets";
import { PROMPT_QUERY_MAX_CHARS } from "@/lib/domain/presets";

/** Waits for typing to pause before asking, so a word typed is one request, not one per letter. */
const TYPING_PAUSE_MS = 150;
const FIELD_ID = "field-prompt";

export default function PromptSuggestions({ id, typedBeforeLoad }: { id: string; typedBeforeLoad: boolean }) {
  const { setValue, formState } = useFormContext<RenderFormValues>();
  const typed = useWatch<RenderFormValues, "prompt">({ name: "prompt" });
  // Only the first render reads it: typing that came before this code did opens the list, later
  // typing is seen by the listeners below.
  const [open, setOpen] = useState(typedBeforeLoad);
  const [active, setActive] = useState(-1);
  const [query, setQuery] = useState<string | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(promptQuery(typed, PROMPT_QUERY_MAX_CHARS)), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const history = useQuery({
    ...recentPromptsQueryOptions(query ?? ""),
    enabled: open && query !== null,
    placeholderData: (previous) => previous,
  });
  const options = open && query !== null ? promptSuggestions(history.data ?? [], typed) : [];
  const shown = options.length > 0;
  const optionId = (index: number) => `${id}-${index}`;
  const activeId = shown && active >= 0 && active < options.length ? optionId(active) : undefined;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (prompt: string) => {
    setValue("prompt", prompt, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    close();
    const field = document.getElementById(FIELD_ID);
    if (field instanceof HTMLTextAreaElement) field.setSelectionRange(prompt.length, prompt.length);
  };

  // The text area's state for assistive technology, as the list is now.
  useEffect(() => {
    const field = document.getElementById(FIELD_ID);
    field?.setAttribute("aria-expanded", String(shown));
    if (activeId) {
      field?.setAttribute("aria-activedescendant", activeId);
      document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
    } else field?.removeAttribute("aria-activedescendant");
  }, [shown, activeId]);

  // Listeners on the text area, replaced after each render so they see this render's list.
  useEffect(() => {
    const field = document.getElementById(FIELD_ID);
    if (!field) return;
    const onInput = () => {
      setOpen(true);
      setActive(-1);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "ArrowDown" && event.altKey && !open) {
        event.preventDefault();
        setOpen(true);
        return;
      }
      if (!shown) return;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        setActive(stepActive(active, options.length, event.key === "ArrowDown" ? 1 : -1));
      } else if (event.key === "Enter" && !event.ctrlKey && !event.metaKey && !event.shiftKey) {
        const chosen = options[active];
        if (chosen === undefined) return;
        event.preventDefault();
        pick(chosen);
      } else if (event.key === "Escape") {
        // Closes the list only, not whatever holds the form.
        event.preventDefault();
        event.stopPropagation();
        close();
      } else if (event.key === "Tab") {
        close();
      }
    };
    field.addEventListener("input", onInput);
    field.addEventListener("keydown", onKeyDown);
    field.addEventListener("blur", close);
    return () => {
      field.removeEventListener("input", onInput);
      field.removeEventListener("keydown", onKeyDown);
      field.removeEventListener("blur", close);
    };
  });

  if (!shown) return null;
  return (
    <ul
      id={id}
      role="listbox"
      aria-label="Your recent prompts"
      // The text area keeps the focus while an option is clicked.
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-zinc-200 bg-white p-1 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
    >
      {options.map((prompt, index) => (
        <li
          key={prompt}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          onClick={() => pick(prompt)}
          onMouseEnter={() => setActive(index)}
          className="cursor-pointer truncate rounded-md px-2.5 py-1.5 text-zinc-800 aria-selected:bg-indigo-50 aria-selected:text-indigo-900 dark:text-zinc-100 dark:aria-selected:bg-indigo-950 dark:aria-selected:text-indigo-100"
        >
          {prompt}
        </li>
      ))}
    </ul>
  );
}
