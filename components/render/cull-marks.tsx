/**
 * What culling set, seen from the gallery: on a render's card, the caller's rating and pick or
 * reject, and the team's tags (the first few, then how many more). The viewer is where they change.
 */
import type { LedgerRender } from "@/lib/contract";
import { RATINGS } from "@/lib/domain/cull";

/** Tags a card names; the rest are counted, and listed in the count's tooltip. */
const TAGS_SHOWN = 3;

type Marked = Pick<LedgerRender, "rating" | "flag" | "tags">;

export const hasCullMarks = (render: Marked): boolean =>
  (render.rating ?? null) !== null || (render.flag ?? null) !== null || (render.tags?.length ?? 0) > 0;

const FLAGS = {
  pick: {
    label: "Picked",
    tone: "bg-emerald-100 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-300",
  },
  reject: { label: "Rejected", tone: "bg-red-100 text-red-800 dark:bg-red-500/15 dark:text-red-300" },
} as const;

export function CullMarks({ render }: { render: Marked }) {
  const rating = render.rating ?? null;
  const flag = render.flag ? FLAGS[render.flag] : null;
  const tags = render.tags ?? [];
  const more = tags.slice(TAGS_SHOWN);
  return (
    <>
      {rating !== null && (
        <span role="img" aria-label={`Rated ${rating} of ${RATINGS.length}`} className="text-xs leading-none">
          {RATINGS.map((value) => (
            <span
              key={value}
              className={value <= rating ? "text-amber-500" : "text-zinc-300 dark:text-zinc-600"}
            >
              ★
            </span>
          ))}
        </span>
      )}
      {flag && (
        <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${flag.tone}`}>{flag.label}</span>
      )}
      {tags.length > 0 && (
        <ul aria-label="Tags" className="flex min-w-0 flex-wrap gap-1">
          {tags.slice(0, TAGS_SHOWN).map((tag) => (
            <li
              key={tag}
              className="max-w-full truncate rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
            >
              {tag}
            </li>
          ))}
          {more.length > 0 && (
            <li title={more.join(", ")} className="py-0.5 text-xs text-zinc-500 dark:text-zinc-400">
              +{more.length} more
            </li>
          )}
        </ul>
      )}
    </>
  );
}
