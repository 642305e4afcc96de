/**
 * Control characters (Unicode's `Cc`), without zod: what the gallery's first load reads from its URL
 * (a tag filter) checks text with this alone. The rule for every text field is ./text.ts.
 */
export const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether `text` holds a control character. */
export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);
