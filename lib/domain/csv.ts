/**
 * CSV for spreadsheets: UTF-8 with a byte-order mark (so Excel reads accents and CJK), CRLF rows,
 * RFC 4180 quoting, and text that a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab,
 * carriage return first) led by `'`, since prompts and names are anyone's text.
 */

/** A leading character that makes a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: text guarded against formulas, then quoted when it holds `"`, `,` or a line break. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  let cell = typeof value === "string" ? value : JSON.stringify(value);
  if (FORMULA_START.test(cell)) cell = `'${cell}`;
  return /[",\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** Rows of CSV, each ended by CRLF: a piece of a file written in parts (a streamed export). */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

/** A whole CSV file's text: the byte-order mark, then each row (the header first), each ended by CRLF. */
export function csvText(rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${csvLines(rows)}`;
}
