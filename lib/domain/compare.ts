/**
 * The compare page's selection, read from its address: `/compare?ids=a,b[,c,d]`. Pure, so the
 * page, the links that lead to it and the tests agree on what a valid selection is and on the words
 * that explain one that is not.
 */
import { RENDER_ID_PATTERN } from "./ids";

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export interface CompareSelection {
  /** Well-formed ids, each once, in the order given, at most COMPARE_MAX. */
  ids: string[];
  /** Entries that cannot be render ids, as given. */
  malformed: string[];
  /** Ids given more than once (each named once). */
  duplicates: string[];
  /** Well-formed ids beyond the first COMPARE_MAX, left out. */
  overflow: string[];
}

/**
 * Reads the `ids` parameter: comma-separated, blanks around entries and empty entries ignored. A
 * repeated parameter (`?ids=a&ids=b`) counts as one list.
 */
export function parseCompareIds(raw: string | readonly string[] | null | undefined): CompareSelection {
  const text = typeof raw === "string" ? raw : (raw ?? []).join(",");
  const entries = text
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  const selection: CompareSelection = { ids: [], malformed: [], duplicates: [], overflow: [] };
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!RENDER_ID_PATTERN.test(entry)) {
      if (!selection.malformed.includes(entry)) selection.malformed.push(entry);
    } else if (seen.has(entry)) {
      if (!selection.duplicates.includes(entry)) selection.duplicates.push(entry);
    } else {
      seen.add(entry);
      (selection.ids.length < COMPARE_MAX ? selection.ids : selection.overflow).push(entry);
    }
  }
  return selection;
}

/** The compare page of these renders. Ids are URL-safe by their pattern, so commas stay readable. */
export function compareHref(ids: readonly string[]): string {
  return `/compare?ids=${ids.map(encodeURIComponent).join(",")}`;
}

/**
 * The renders list filter of exactly these renders (`GET /api/renders?ids=…`), built one way for the
 * server's prefetch and the browser's query, so both name the same cache entry.
 */
export function compareListFilter(ids: readonly string[]): { ids: string } {
  return { ids: ids.join(",") };
}

export interface CompareProblems {
  /** One sentence per problem, naming the entries concerned. */
  messages: string[];
  /** The page with only the renders that can be compared, when that leaves enough of them. */
  fixHref: string | null;
}

const quoted = (entries: readonly string[]) => entries.map((entry) => `“${entry}”`).join(", ");

/**
 * What is wrong with a selection, once the ledger has said which of its ids exist (`unknown`: the
 * well-formed ids it does not hold; empty while that is not known yet).
 */
export function compareProblems(selection: CompareSelection, unknown: readonly string[]): CompareProblems {
  const messages: string[] = [];
  const { malformed, duplicates, overflow } = selection;
  if (malformed.length > 0) {
    messages.push(
      `${malformed.length === 1 ? "This is not a render id" : "These are not render ids"}: ${quoted(malformed)}.`,
    );
  }
  if (duplicates.length > 0)
    messages.push(`Listed more than once: ${quoted(duplicates)}. Each is shown once.`);
  if (unknown.length > 0) {
    messages.push(
      `${unknown.length === 1 ? "No render has the id" : "No renders have the ids"} ${quoted(unknown)}.`,
    );
  }
  if (overflow.length > 0) {
    messages.push(`Compare shows at most ${COMPARE_MAX} renders; left out: ${quoted(overflow)}.`);
  }
  const found = selection.ids.filter((id) => !unknown.includes(id));
  if (found.length < COMPARE_MIN) {
    messages.push(
      found.length === 0 && messages.length === 0
        ? `Choose ${COMPARE_MIN} to ${COMPARE_MAX} renders in the gallery to compare them.`
        : `Compare needs ${COMPARE_MIN} to ${COMPARE_MAX} renders; ${found.length === 1 ? "only 1 can" : "none can"} be shown.`,
    );
  }
  const fixable = messages.length > 0 && found.length >= COMPARE_MIN;
  return { messages, fixHref: fixable ? compareHref(found) : null };
}
