/** All of a render's request parameters, as a definition list. */
import { describeParams } from "./describe-params";

export function RenderParameters({ params }: { params: Record<string, unknown> }) {
  const rows = describeParams(params);
  if (rows.length === 0) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
      {rows.map((row) => (
        <div key={row.key} className="contents">
          <dt className="text-zinc-500 dark:text-zinc-400">{row.label}</dt>
          <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">
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
