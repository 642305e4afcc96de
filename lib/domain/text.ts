/**
 * Text the dashboard takes in, one rule for every text field. Control characters (C0, U+0000 to
 * U+001F; DEL, U+007F; C1, U+0080 to U+009F) are invisible, mean nothing in a name or a prompt, and
 * break what stores or searches text: PostgreSQL refuses NUL in text, and SQLite's full-text search
 * stops at it. So a single-line field (a name, an email, an id or a filter) takes none of them, and
 * a multi-line one (a prompt, a negative prompt, a description, a note) takes line breaks and tabs
 * alone. Search text drops them instead (`withoutControls`): a stray control character pasted into a
 * search box is nothing the person meant to find, and refusing the search would only get in the way.
 */
import { z } from "zod/mini";
import { CONTROL, hasControlCharacters } from "./control-characters";

/** Control characters but the tab, the line feed and the carriage return. */
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export { hasControlCharacters };

/** A check of a single-line text field named `field`: no control character at all. */
export const singleLineText = (field: string) =>
  z.refine<string>((text) => !hasControlCharacters(text), {
    error: `${field} must be one line of text without control characters`,
  });

/** A check of a multi-line text field named `field`: line breaks and tabs, no other control character. */
export const multiLineText = (field: string) =>
  z.refine<string>((text) => !CONTROL_BUT_LINE_BREAKS.test(text), {
    error: `${field} must not contain control characters (line breaks and tabs are fine)`,
  });

/** White space among the control characters (tab, line breaks, NEL): it parts words. */
const CONTROL_SPACE = /[\t\n\u000b\u000c\r\u0085]/g;
const CONTROL_EVERY = new RegExp(CONTROL.source, "g");

/** `text` without control characters: those that part words become spaces, the others are dropped. */
export const withoutControls = (text: string): string =>
  text.replace(CONTROL_SPACE, " ").replace(CONTROL_EVERY, "");

/** Search text of at most `max` characters, given as `field`: its control characters dropped. */
export const searchText = (field: string, max: number) =>
  z
    .string()
    .check(
      z.maxLength(max, { error: `${field} must be at most ${max} characters` }),
      z.overwrite(withoutControls),
    );
