import type { ReactNode } from 'react';

/** A column of a data table: its header text, and `numeric` for right-aligned figures. */
export interface TableColumn {
  label: ReactNode;
  numeric?: boolean;
}

/**
 * A data table's header row: one `<th scope="col">` per column, right-aligned for figures. `cellClassName`
 * pads every header cell (the last one keeps no right padding); `className` styles the row group. A
 * `false` column is left out, for columns only some viewers get.
 */
export function TableHead({
  columns,
  className,
  cellClassName = 'py-2 pr-4 font-medium last:pr-0',
}: {
  columns: (TableColumn | false)[];
  className?: string;
  cellClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr>
        {columns
          .filter((column) => column !== false)
          .map((column, index) => (
            <th
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's lifetime.
              key={index}
              scope="col"
              className={column.numeric ? `${cellClassName} text-right` : cellClassName}
            >
              {column.label}
            </th>
          ))}
      </tr>
    </thead>
  );
}
