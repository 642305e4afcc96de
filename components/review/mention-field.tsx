"use client";
/**
 * A comment's text box with @mention suggestions: typing `@` and the start of a name lists the
 * team's members who match; the arrow keys move through them, Enter or Tab writes the one chosen,
 * Escape closes the list. A combobox in the ARIA sense, so a screen reader hears the suggestions.
 */
import { forwardRef, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from "react";
import { COMMENT_MAX_CHARS } from "@/lib/domain/review";
import { CONTROL_CLASSES } from "@/components/ui/field-classes";
import { insertMention, mentionAt, suggestNames, type MentionQuery } from "./mentions";

export interface MentionFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The team's names to suggest. */
  names: readonly string[];
  /** Ctrl+Enter or ⌘+Enter sends. */
  onSubmit: () => void;
  placeholder?: string;
  rows?: number;
}

export const MentionField = forwardRef<HTMLTextAreaElement, MentionFieldProps>(function MentionField(
  { label, value, onChange, names, onSubmit, placeholder, rows = 3 },
  ref,
) {
  const id = useId();
  const listId = `${id}-mentions`;
  const textarea = useRef<HTMLTextAreaElement>(null);
  useImperativeHandle(ref, () => textarea.current!, []);
  const [mention, setMention] = useState<MentionQuery | null>(null);
  const [active, setActive] = useState(0);
  const suggestions = mention ? suggestNames(names, mention.query) : [];
  const open = suggestions.length > 0;

  const follow = (element: HTMLTextAreaElement) => {
    setMention(mentionAt(element.value, element.selectionStart));
    setActive(0);
  };
  // Where the caret goes once the chosen name is written: set as that value is committed, before
  // the next key press is handled (a frame later, a fast typist's next letters would land before it).
  const caretAfter = useRef<number | null>(null);
  useLayoutEffect(() => {
    const element = textarea.current;
    if (caretAfter.current === null || !element) return;
    element.setSelectionRange(caretAfter.current, caretAfter.current);
    caretAfter.current = null;
  }, [value]);
  const choose = (name: string) => {
    const element = textarea.current;
    if (!element || !mention) return;
    const next = insertMention(value, element.selectionStart, mention, name);
    caretAfter.current = next.caret;
    onChange(next.text);
    setMention(null);
    element.focus();
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <textarea
        ref={textarea}
        id={id}
        value={value}
        rows={rows}
        maxLength={COMMENT_MAX_CHARS}
        placeholder={placeholder}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        className={`${CONTROL_CLASSES} resize-y px-2.5 py-1.5`}
        onChange={(event) => {
          onChange(event.target.value);
          follow(event.target);
        }}
        onClick={(event) => follow(event.currentTarget)}
        onBlur={() => setMention(null)}
        onKeyDown={(event) => {
          if (open && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setActive((at) => (at + step + suggestions.length) % suggestions.length);
          } else if (open && (event.key === "Enter" || event.key === "Tab")) {
            event.preventDefault();
            choose(suggestions[active]!);
          } else if (open && event.key === "Escape") {
            // Closes the list only, not the viewer around it.
            event.preventDefault();
            event.stopPropagation();
            setMention(null);
          } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
            event.preventDefault();
            onSubmit();
          }
        }}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Members to mention"
        hidden={!open}
        className="absolute z-20 mt-1 w-full overflow-hidden rounded-md border border-zinc-200 bg-white text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {suggestions.map((name, index) => (
          <li
            key={name}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className="cursor-pointer px-2.5 py-1.5 aria-selected:bg-indigo-50 dark:aria-selected:bg-indigo-950"
            // Before the textarea's blur closes the list.
            onPointerDown={(event) => {
              event.preventDefault();
              choose(name);
            }}
          >
            @{name}
          </li>
        ))}
      </ul>
    </div>
  );
});
