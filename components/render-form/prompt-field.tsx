"use client";
/**
 * The prompt: a text area that is also a combobox offering the member's earlier prompts as they type.
 * Only the combobox's attributes and the slots for its handlers load with the page; the list itself
 * (./prompt-suggestions: fetching, keys, options) loads when the field is first focused.
 */
import { Suspense, lazy, useCallback, useRef, useState } from "react";
import { LIMITS } from "@/lib/domain/catalogue";
import { TextAreaField } from "./field";
import type { SuggestionHandlers, SuggestionState } from "./prompt-suggestions";

export const SUGGESTIONS_ID = "prompt-suggestions";

const PromptSuggestions = lazy(() => import("./prompt-suggestions"));

export function PromptField({ placeholder }: { placeholder: string }) {
  const [focused, setFocused] = useState(false);
  const [state, setState] = useState<SuggestionState>({ open: false });
  const handlers = useRef<SuggestionHandlers>({});
  const connect = useCallback((next: SuggestionHandlers) => {
    handlers.current = next;
  }, []);
  return (
    <TextAreaField
      name="prompt"
      label="Prompt"
      maxChars={LIMITS.promptMaxChars}
      rows={4}
      placeholder={placeholder}
      control={{
        role: "combobox",
        "aria-autocomplete": "list",
        "aria-controls": SUGGESTIONS_ID,
        "aria-expanded": state.open,
        "aria-activedescendant": state.activeId,
        onFocus: () => setFocused(true),
        onInput: () => handlers.current.input?.(),
        onKeyDown: (event) => handlers.current.keyDown?.(event),
        onBlur: () => handlers.current.blur?.(),
      }}
    >
      {focused && (
        <Suspense fallback={null}>
          <PromptSuggestions id={SUGGESTIONS_ID} connect={connect} onStateChange={setState} />
        </Suspense>
      )}
    </TextAreaField>
  );
}
