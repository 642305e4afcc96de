/** A render's request parameters as a definition list: the render page's, and each compared render's. */
import { describeParams, type ParamRow } from "./describe-params";

export function RenderParameters({ params }: { params: Record<string, unknown> }) {
  return <ParameterList rows={describeParams(params)} />;
}

/** A row as listed; `differs` marks a value other renders on the page do not share. */
export interface ListedParam extends ParamRow {
  differs?: boolean;
}

export function ParameterList({ rows }: { rows: readonly ListedParam[] }) {
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map((row) => (
        <div
          key={row.key}
          data-differs={row.differs ? "" : undefined}
          className={
            row.differs
              ? "col-span-2 -mx-1.5 grid grid-cols-subgrid rounded-sm bg-amber-50 px-1.5 py-0.5 dark:bg-amber-500/10"
              : "contents"
          }
        >
          <dt className="text-zinc-500 dark:text-zinc-400">
            {row.label}
            {/* Said in words as well as shown by the background, for screen readers and colour blindness. */}
            {row.differs && (
              <span className="ml-1.5 rounded-sm border border-amber-400 px-1 text-[10px] font-semibold tracking-wide text-amber-900 uppercase dark:border-amber-500/60 dark:text-amber-300">
                Differs
              </span>
            )}
          </dt>
          <dd
            className={`min-w-0 break-words text-zinc-900 dark:text-zinc-100 ${row.differs ? "font-medium" : ""}`}
          >
            {Array.isArray(row.value) ? (
              <ul className="space-y-0.5">
                {row.value.map((url, i) => (
                  <li key={`${i}-${url}`} className="truncate">
                    <a
                      href={url}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-indigo-700 hover:underline dark:text-indigo-400"
                    >
                      {url.split("/").pop() || url}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              row.value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
