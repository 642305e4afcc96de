/** When a render was created, last changed and completed. */
import type { LedgerRender } from "@/lib/contract";
import { LocalTime } from "@/components/ui/local-time";

export function RenderTimeline({
  render,
}: {
  render: Pick<LedgerRender, "createdAt" | "updatedAt" | "completedAt">;
}) {
  const rows: [string, string | null][] = [
    ["Created", render.createdAt],
    ["Updated", render.updatedAt],
    ["Completed", render.completedAt],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map(([label, iso]) => (
        <div key={label} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
          <dd>
            {iso ? (
              <LocalTime iso={iso} />
            ) : (
              <span className="text-zinc-500 dark:text-zinc-400">Not yet</span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
