/**
 * What a person does to a server-rendered part of a page before that part's code has arrived:
 * text typed, options chosen, radios and buttons pressed. The browser applies the edits itself, but
 * they would be lost when the part hydrates: its code sets each field to its first value as it
 * attaches (react-hook-form does), and a press found no handler to run. So the edits are recorded
 * from the page's first code on (those made before any code ran are read from the fields when
 * recording starts) and replayed, in order, through the part's own handlers once it has hydrated.
 * A press on a submit button is held (its native submission would reload the page) and replayed too.
 */

import { useEffect, useLayoutEffect } from "react";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

type Action =
  | { type: "value"; field: Field; value: string }
  | { type: "check"; field: HTMLInputElement }
  | { type: "press"; button: HTMLButtonElement }
  | { type: "shortcut"; target: Element; init: KeyboardEventInit };

const isField = (target: EventTarget | null): target is Field =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

const isToggle = (field: Field): field is HTMLInputElement =>
  field instanceof HTMLInputElement && (field.type === "radio" || field.type === "checkbox");

/** Whether a field differs from what the server rendered: edited before any code ran. */
function editedSinceRendered(field: Field): boolean {
  if (isToggle(field)) return field.checked !== field.defaultChecked;
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    // With no option marked selected in the markup, the browser shows the first one it can.
    if (!options.some((option) => option.defaultSelected))
      return field.selectedIndex !== options.findIndex((option) => !option.disabled);
    return options.some((option) => option.selected !== option.defaultSelected);
  }
  return field.value !== field.defaultValue;
}

/**
 * Sets a text field's value so that React takes the event that follows for a change. React keeps
 * the last value it saw through the element's own `value` setter and ignores an event that leaves
 * the value equal to it; setting through the prototype's setter, as typing does, leaves that record
 * behind.
 */
function typeInto(field: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const { selectionStart, selectionEnd } = field;
  const focused = field === document.activeElement;
  field.value = value === "" ? " " : "";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
  // Someone still typing keeps their caret where it was.
  if (focused && selectionStart !== null) field.setSelectionRange(selectionStart, selectionEnd);
}

export class InputBeforeHydration {
  private actions: Action[] = [];
  private root: HTMLElement | null = null;
  private done = false;

  private readonly onEdit = (event: Event) => {
    const field = event.target;
    if (!this.within(field) || !isField(field)) return;
    this.record(field);
  };

  private readonly onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !this.within(event.target)) return;
    const button = event.target.closest("button");
    if (!button || !this.within(button) || button.disabled) return;
    if (button.type === "submit") event.preventDefault();
    this.actions.push({ type: "press", button });
  };

  /** A key pressed with Ctrl or ⌘ (Ctrl+Enter starts a render): a shortcut only code can act on. */
  private readonly onKeyDown = (event: KeyboardEvent) => {
    if (!(event.ctrlKey || event.metaKey) || !(event.target instanceof Element) || !this.within(event.target))
      return;
    const { key, code, ctrlKey, metaKey, shiftKey, altKey } = event;
    this.actions.push({
      type: "shortcut",
      target: event.target,
      init: { key, code, ctrlKey, metaKey, shiftKey, altKey, bubbles: true, cancelable: true },
    });
  };

  /** A submission no press started (Enter in a text field) is held like a press on submit. */
  private readonly onSubmit = (event: SubmitEvent) => {
    if (!(event.target instanceof HTMLFormElement) || !this.within(event.target)) return;
    event.preventDefault();
    const button = event.target.querySelector<HTMLButtonElement>("button[type=submit]");
    if (button) this.actions.push({ type: "press", button });
  };

  private readonly listeners: [string, EventListener][] = [
    ["input", this.onEdit],
    ["change", this.onEdit],
    ["click", this.onClick as EventListener],
    ["keydown", this.onKeyDown as EventListener],
    ["submit", this.onSubmit as EventListener],
  ];

  /**
   * Starts recording what happens inside `root` (the part's server markup), after taking in the
   * edits made before any code ran. Nothing happens once the part has hydrated.
   */
  start(root: HTMLElement) {
    if (this.done || this.root) return;
    this.root = root;
    for (const field of root.querySelectorAll<Field>("input, textarea, select"))
      if (editedSinceRendered(field)) this.record(field);
    // On the window, while capturing: React stops the events aimed at a part it has not hydrated
    // at the document, before they reach the part.
    for (const [type, listener] of this.listeners) window.addEventListener(type, listener, true);
  }

  /** Stops recording: the part has hydrated and its own handlers take what comes next. */
  stop() {
    this.done = true;
    this.detach();
  }

  /** Stops listening (the part is gone); a later `start` listens again unless the part hydrated. */
  detach() {
    this.root = null;
    for (const [type, listener] of this.listeners) window.removeEventListener(type, listener, true);
  }

  /** Replays what was recorded through the hydrated part's handlers, in the order it happened. */
  replay() {
    this.stop();
    const actions = this.actions;
    this.actions = [];
    for (const action of actions) {
      if (action.type === "press") {
        if (action.button.isConnected && !action.button.disabled) action.button.click();
      } else if (action.type === "shortcut") {
        if (action.target.isConnected) action.target.dispatchEvent(new KeyboardEvent("keydown", action.init));
      } else if (action.type === "check") {
        // A radio the part's code unchecked is pressed again, as the person did.
        if (action.field.isConnected && !action.field.checked) action.field.click();
      } else if (action.field.isConnected) {
        if (action.field instanceof HTMLSelectElement) action.field.value = action.value;
        else typeInto(action.field, action.value);
        action.field.dispatchEvent(new Event("input", { bubbles: true }));
        action.field.dispatchEvent(new Event("change", { bubbles: true }));
      }
    }
  }

  private within(target: EventTarget | null): target is Node {
    return target instanceof Node && this.root !== null && this.root.contains(target);
  }

  /** One entry per field, at the place of its latest edit, holding its latest value. */
  private record(field: Field) {
    this.actions = this.actions.filter(
      (action) => (action.type !== "value" && action.type !== "check") || action.field !== field,
    );
    if (isToggle(field)) {
      if (field.checked) this.actions.push({ type: "check", field });
    } else this.actions.push({ type: "value", field, value: field.value });
  }
}

/**
 * For the part itself: recording stops as it hydrates (in its commit, before anything else can
 * reach it) and what was recorded is replayed once its fields and their watchers are live (its
 * effects, after its children's).
 */
export function useReplayInputBeforeHydration(input: InputBeforeHydration | undefined) {
  useLayoutEffect(() => input?.stop(), [input]);
  useEffect(() => input?.replay(), [input]);
}
