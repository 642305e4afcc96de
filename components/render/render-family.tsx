"use client";

/**
 * A render's family on its page: **Made from** (its parents: whose settings it reused, whose output
 * it took as a reference) and **Versions** (the renders made from it), each a thumbnail linking to
 * its page, and **Compare with parent**. Read with one list query of exactly those renders.
 */
import Link from "next/link";
import { useMemo } from "react";
import { Columns2Icon } from "lucide-react";
import type { LedgerRender } from "@/lib/contract";
import { rendersOf, useRenderList } from "@/lib/client/queries/renders";
import { compareHref, compareListFilter } from "@/lib/domain/compare";
import { modelLabel } from "./render-facts";
import { RenderMedia } from "./render-media";
import { renderHref } from "./render-links";
import { buttonClasses } from "@/components/ui/button";

export function RenderFamily({ render }: { render: LedgerRender }) {
  const parentIds = useMemo(() => render.parentIds ?? [], [render.parentIds]);
  const childIds = useMemo(() => render.childIds ?? [], [render.childIds]);
  const ids = useMemo(() => [...parentIds, ...childIds], [parentIds, childIds]);
  const list = useRenderList(compareListFilter(ids), { enabled: ids.length > 0 });
  const byId = useMemo(() => new Map(rendersOf(list.data).map((r) => [r.id, r])), [list.data]);
  if (ids.length === 0) return null;
  const [firstParent] = parentIds;
  return (
    <div className="space-y-5">
      {parentIds.length > 0 && (
        <section aria-labelledby="made-from" className="space-y-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="made-from" className="text-base font-semibold">
              Made from
            </h2>
            {firstParent && (
              <Link
                href={compareHref([firstParent, render.id])}
                className={buttonClasses({ variant: "ghost", size: "sm" })}
              >
                <Columns2Icon /> Compare with parent
              </Link>
            )}
          </div>
          <FamilyList ids={parentIds} byId={byId} label="Made from" />
        </section>
      )}
      {childIds.length > 0 && (
        <section aria-labelledby="versions" className="space-y-2">
          <h2 id="versions" className="text-base font-semibold">
            Versions <span className="font-normal text-zinc-500 tabular-nums">({childIds.length})</span>
          </h2>
          <FamilyList ids={childIds} byId={byId} label="Versions" />
        </section>
      )}
    </div>
  );
}

function FamilyList({
  ids,
  byId,
  label,
}: {
  ids: readonly string[];
  byId: ReadonlyMap<string, LedgerRender>;
  label: string;
}) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-3">
      {ids.map((id) => {
        const member = byId.get(id);
        return (
          <li key={id}>
            <Link
              href={renderHref(id)}
              className="flex w-36 flex-col gap-1 rounded-md text-xs focus-visible:outline-2 focus-visible:outline-indigo-500"
            >
              <span className="flex size-36 items-center justify-center overflow-hidden rounded-md border border-zinc-200 bg-zinc-100 dark:border-zinc-800 dark:bg-zinc-900">
                {member && <RenderMedia render={member} preview className="size-full object-cover" />}
              </span>
              <span className="truncate font-medium">{member ? member.prompt : id}</span>
              {member && (
                <span className="truncate text-zinc-500 dark:text-zinc-400">
                  {modelLabel(member)}
                  {member.member && <> · {member.member.name}</>}
                </span>
              )}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
