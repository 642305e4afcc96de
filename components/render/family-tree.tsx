"use client";

/**
 * **Family**: a render's ancestors and descendants as a tree, from its oldest ancestors down, each
 * with its thumbnail, model, maker and review state, the current render marked. A render made from two parents
 * shows under each. Keyboard: the tree is one tab stop (role="tree"); ↓ and ↑ move through the
 * items, → to an item's first child, ← to its parent, Home and End to the first and last, Enter
 * opens the render.
 */
import Link from "next/link";
import { useMemo, useRef, useState, type KeyboardEvent } from "react";
import type { LedgerRender } from "@/lib/contract";
import { useRenderFamily } from "@/lib/client/queries/family";
import { ReviewBadge } from "./review-badge";
import { modelLabel } from "./render-facts";
import { RenderMedia } from "./render-media";
import { renderHref } from "./render-links";

interface TreeRow {
  render: LedgerRender;
  level: number;
  /** The index of the row it sits under, or null for a root. */
  parentRow: number | null;
  key: string;
}

/** The family as rows in tree order: roots (renders with no parent in the family) first, oldest first. */
export function familyRows(renders: readonly LedgerRender[]): TreeRow[] {
  const byId = new Map(renders.map((r) => [r.id, r]));
  const byAge = [...renders].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const roots = byAge.filter((r) => !(r.parentIds ?? []).some((id) => byId.has(id)));
  const rows: TreeRow[] = [];
  const visit = (render: LedgerRender, level: number, parentRow: number | null, path: string) => {
    const index = rows.length;
    rows.push({ render, level, parentRow, key: `${path}/${render.id}` });
    for (const id of render.childIds ?? []) {
      const child = byId.get(id);
      // A loop cannot form (a parent exists before its child), but a path never repeats a render.
      if (child && !path.includes(child.id)) visit(child, level + 1, index, `${path}/${render.id}`);
    }
  };
  for (const root of roots) visit(root, 1, null, "");
  return rows;
}

export function FamilyTree({ render }: { render: LedgerRender }) {
  const hasFamily = (render.parentIds?.length ?? 0) + (render.childIds?.length ?? 0) > 0;
  const family = useRenderFamily(render.id, hasFamily);
  const rows = useMemo(() => familyRows(family.data?.renders ?? []), [family.data]);
  const current = Math.max(
    0,
    rows.findIndex((row) => row.render.id === render.id),
  );
  const [focused, setFocused] = useState<number | null>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  if (!hasFamily || rows.length === 0) return null;
  const active = focused ?? current;

  const move = (to: number | null | undefined) => {
    if (to === null || to === undefined || to < 0 || to >= rows.length) return;
    setFocused(to);
    items.current[to]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const row = rows[active];
    if (!row) return;
    const moves: Record<string, () => number | null | undefined> = {
      ArrowDown: () => active + 1,
      ArrowUp: () => active - 1,
      ArrowRight: () => (rows[active + 1]?.parentRow === active ? active + 1 : null),
      ArrowLeft: () => row.parentRow,
      Home: () => 0,
      End: () => rows.length - 1,
    };
    const to = moves[event.key];
    if (to) {
      event.preventDefault();
      move(to());
    } else if (event.key === "Enter") {
      items.current[active]?.querySelector("a")?.click();
    }
  };

  return (
    <section aria-labelledby="family" className="space-y-2">
      <h2 id="family" className="text-base font-semibold">
        Family
      </h2>
      <ul role="tree" aria-labelledby="family" onKeyDown={onKeyDown} className="flex flex-col gap-1">
        {rows.map((row, index) => {
          const isCurrent = row.render.id === render.id;
          return (
            <li
              key={row.key}
              ref={(element) => {
                items.current[index] = element;
              }}
              role="treeitem"
              aria-level={row.level}
              aria-selected={isCurrent}
              aria-current={isCurrent ? "page" : undefined}
              tabIndex={index === active ? 0 : -1}
              onFocus={() => setFocused(index)}
              style={{ paddingInlineStart: `${(row.level - 1) * 1.5}rem` }}
              className="rounded-md outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              <div
                className={`flex items-center gap-3 rounded-md p-1.5 ${isCurrent ? "bg-indigo-50 ring-1 ring-indigo-300 dark:bg-indigo-950 dark:ring-indigo-800" : ""}`}
              >
                <span className="size-12 shrink-0 overflow-hidden rounded bg-zinc-100 dark:bg-zinc-900">
                  <RenderMedia render={row.render} preview className="size-full object-cover" />
                </span>
                <span className="min-w-0 text-sm">
                  <Link href={renderHref(row.render.id)} tabIndex={-1} className="block truncate font-medium">
                    {row.render.prompt}
                  </Link>
                  <span className="flex min-w-0 items-center gap-2 text-xs text-zinc-500 dark:text-zinc-400">
                    <span className="truncate">
                      {modelLabel(row.render)}
                      {row.render.member && <> · {row.render.member.name}</>}
                      {isCurrent && <> · this render</>}
                    </span>
                    <ReviewBadge review={row.render.review} />
                  </span>
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
