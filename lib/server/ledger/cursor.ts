/**
 * Opaque page cursors: the position of the last item of a page, base64url-encoded so clients treat
 * it as a token rather than something to build by hand.
 */
import { sql, type RawBuilder } from "kysely";
import { AppError } from "@/lib/contract";

export function encodeCursor(parts: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(parts)).toString("base64url");
}

export function decodeCursor<T extends readonly unknown[]>(
  cursor: string,
  isValid: (value: unknown) => value is T,
): T {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    value = undefined;
  }
  if (!isValid(value))
    throw new AppError("invalid_request", "cursor is not a valid page cursor", { field: "cursor" });
  return value;
}

/**
 * A page from rows fetched with `limit + 1`: the extra row only tells that more follow, and the
 * cursor is the position of the page's last item.
 */
export function toPage<Row, Item>(
  rows: readonly Row[],
  limit: number,
  toItem: (row: Row) => Item,
  positionOf: (row: Row) => readonly (string | number)[],
): { items: Item[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toItem),
    nextCursor: rows.length > limit && last ? encodeCursor(positionOf(last)) : null,
  };
}

/** One column of a list's order, and its direction. */
export interface SortKey {
  column: string;
  direction: "asc" | "desc";
}

/** A list's total order: a main key and a unique tie-breaker. */
export type KeysetOrder = readonly [SortKey, SortKey];

const after = (key: SortKey) => sql.raw(key.direction === "desc" ? "<" : ">");

/** Rows strictly after `position` in `order`: the keyset condition of the next page. */
export function afterPosition(
  order: KeysetOrder,
  [first, second]: readonly [string | number, string | number],
): RawBuilder<boolean> {
  const [a, b] = order.map((key) => sql.ref(key.column));
  return sql<boolean>`(${a} ${after(order[0])} ${first} or (${a} = ${first} and ${b} ${after(order[1])} ${second}))`;
}
