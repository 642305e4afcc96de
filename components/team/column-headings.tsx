/** The header row of the Team pages' tables: one column heading a name. */
export function ColumnHeadings({ columns, className }: { columns: readonly string[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column) => (
          <th
            key={column}
            scope="col"
            className="px-3 py-2 text-left font-medium text-zinc-600 dark:text-zinc-400"
          >
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
