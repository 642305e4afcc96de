/**
 * Opaque page cursors: the position of the last item of a page, base64url-encoded so clients treat
 * it as a token rather than something to build by hand.
 */
import { sql, type RawBuilder } from "kysely";
import { AppError } from "@/lib/contract";
import { hasControlCharacters } from "@/lib/domain/text";

function encodeCursor(parts: readonly (string | number)[]): string {
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
  // A cursor is the client's text: a part it made up must not carry a NUL (or another control
  // character, which no position holds) into a query.
  const madeUp = (part: unknown) => typeof part === "string" && hasControlCharacters(part);
  if (!isValid(value) || value.some(madeUp))
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
  /** What the key orders by when it is not the column itself (a joined value with a default). */
  expression?: RawBuilder<unknown>;
  direction: "asc" | "desc";
}

/** A list's total order: main keys, then a unique tie-breaker last. */
export type KeysetOrder = readonly [SortKey, ...SortKey[]];

const after = (key: SortKey) => sql.raw(key.direction === "desc" ? "<" : ">");

/**
 * Rows strictly after `position` (one value per key of `order`) in `order`: the keyset condition of
 * the next page, `a > x or (a = x and (b > y or (b = y and …)))` with each key's direction.
 */
export function afterPosition(
  order: KeysetOrder,
  position: readonly (string | number)[],
): RawBuilder<boolean> {
  if (position.length !== order.length) throw new Error("a cursor position needs one value per sort key");
  const condition = (index: number): RawBuilder<boolean> => {
    const key = order[index] as SortKey;
    const column = key.expression ?? sql.ref(key.column);
    const value = position[index];
    const beyond = sql<boolean>`${column} ${after(key)} ${value}`;
    if (index === order.length - 1) return beyond;
    return sql<boolean>`(${beyond} or (${column} = ${value} and ${condition(index + 1)}))`;
  };
  return condition(0);
}
