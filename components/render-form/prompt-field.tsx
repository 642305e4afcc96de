"use client";
/**
 * The prompt: a text area that is also a combobox offering the member's earlier prompts as they type.
 * Only the combobox's starting attributes load with the page; the list (./prompt-suggestions:
 * fetching, keys, options, and the attributes that follow them) loads when the field is first focused.
 */
import { Suspense, lazy, useState } from "react";
import { LIMITS } from "@/lib/domain/catalogue";
import { TextAreaField } from "./field";

const SUGGESTIONS_ID = "prompt-suggestions";

const PromptSuggestions = lazy(() => import("./prompt-suggestions"));

export function PromptField({ placeholder }: { placeholder: string }) {
  const [focused, setFocused] = useState(false);
  // Typing while the list's code is on the way: it opens on arrival, as if it had seen the typing.
  const [typed, setTyped] = useState(false);
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
        // Set here once; the list keeps it (and aria-activedescendant) current from then on.
        "aria-expanded": false,
        onFocus: () => setFocused(true),
        onInput: () => setTyped(true),
      }}
    >
      {focused && (
        <Suspense fallback={null}>
          <PromptSuggestions id={SUGGESTIONS_ID} typedBeforeLoad={typed} />
        </Suspense>
      )}
    </TextAreaField>
  );
}
