"use client";
/**
 * The prompt field's list of the member's earlier prompts (`GET /api/prompts/recent`), matching the
 * words typed so far, newest first. A listbox driven from the text area (it keeps the focus): it opens
 * as the member types (or on Alt+Down), Down and Up move through it, Enter or a click puts the prompt
 * in the field, Escape closes it.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type KeyboardEvent } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { promptQuery, promptSuggestions, stepActive } from "@/lib/client/form/suggestions";
import type { RenderFormValues } from "@/lib/client/form";
import { recentPromptsQueryOptions } from "@/lib/client/queries/presets";
import { PROMPT_QUERY_MAX_CHARS } from "@/lib/domain/presets";

export interface SuggestionState {
  open: boolean;
  /** The id of the option the keys have reached, for `aria-activedescendant`. */
  activeId?: string;
}

/** What the text area hands on to the list. */
export interface SuggestionHandlers {
  input?: () => void;
  keyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  blur?: () => void;
}

/** Waits for typing to pause before asking, so a word typed is one request, not one per letter. */
const TYPING_PAUSE_MS = 150;

export default function PromptSuggestions({
  id,
  connect,
  onStateChange,
}: {
  id: string;
  /** Hands the text area this render's handlers. */
  connect: (handlers: SuggestionHandlers) => void;
  onStateChange: (state: SuggestionState) => void;
}) {
  const { setValue, getValues, formState } = useFormContext<RenderFormValues>();
  const typed = useWatch<RenderFormValues, "prompt">({ name: "prompt" });
  const [open, setOpen] = useState(false);
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

  useEffect(() => onStateChange({ open: shown, activeId }), [shown, activeId, onStateChange]);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: "nearest" });
  }, [activeId]);

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const pick = (prompt: string) => {
    setValue("prompt", prompt, { shouldDirty: true, shouldValidate: formState.isSubmitted });
    close();
    const field = document.getElementById("field-prompt");
    if (field instanceof HTMLTextAreaElement) field.setSelectionRange(prompt.length, prompt.length);
  };

  // Replaced after every render, so the text area's events always see this render's list.
  useEffect(() =>
    connect({
      input: () => {
        setOpen(true);
        setActive(-1);
      },
      blur: close,
      keyDown: (event) => {
        if (event.key === "ArrowDown" && event.altKey && !open) {
          event.preventDefault();
          setOpen(true);
          return;
        }
        if (!shown) return;
        if (event.key === "ArrowDown" || event.key === "ArrowUp") {
          event.preventDefault();
          setActive(stepActive(active, options.length, event.key === "ArrowDown" ? 1 : -1));
        } else if (
          event.key === "Enter" &&
          !event.ctrlKey &&
          !event.metaKey &&
          !event.shiftKey &&
          active >= 0
        ) {
          event.preventDefault();
          pick(options[active] ?? getValues("prompt"));
        } else if (event.key === "Escape") {
          // Closes the list only, not whatever holds the form.
          event.preventDefault();
          event.stopPropagation();
          close();
        } else if (event.key === "Tab") {
          close();
        }
      },
    }),
  );

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
