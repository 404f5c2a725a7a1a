/**
 * A table of figures that reads at any width: from `breakpoint` up a table whose first column heads each
 * row; below it one short block per row, the first column as its title and the others as label/value
 * lines. The columns are declared once for both. A `false` column is left out (columns only some viewers
 * get); `numeric` columns are right-aligned with tabular figures.
 */
import { Fragment, type ReactNode } from 'react';
import { type TableColumn, TableHead } from './TableHead';

export interface StackedColumn<Row> extends TableColumn {
  label: string;
  cell: (row: Row) => ReactNode;
}

// Whole class names per breakpoint, so Tailwind finds them in the source.
const LAYOUTS = {
  sm: {
    table: 'hidden w-full text-left text-sm sm:table',
    blocks: 'divide-y divide-slate-200 sm:hidden dark:divide-slate-700',
  },
  md: {
    table: 'hidden w-full text-left text-sm md:table',
    blocks: 'divide-y divide-slate-200 md:hidden dark:divide-slate-700',
  },
} as const;

const termClassName = 'text-slate-600 dark:text-slate-400';

export function StackedTable<Row>({
  rows,
  rowKey,
  columns,
  breakpoint,
  alignTop = false,
}: {
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The first column heads each row. */
  columns: readonly (StackedColumn<Row> | false)[];
  breakpoint: keyof typeof LAYOUTS;
  /** Top-align a row's cells (for cells of more than one line). */
  alignTop?: boolean;
}) {
  const [head, ...rest] = columns.filter((column) => column !== false);
  if (!head) return null;
  const layout = LAYOUTS[breakpoint];
  return (
    <>
      <table className={layout.table}>
        <TableHead className={termClassName} columns={[head, ...rest]} />
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {rows.map((row) => (
            <tr key={rowKey(row)} className={alignTop ? 'align-top' : undefined}>
              <th scope="row" className="py-2 pr-4 font-medium">
                {head.cell(row)}
              </th>
              {rest.map((column) => (
                <td
                  key={column.label}
                  className={`py-2 pr-4 last:pr-0${column.numeric ? ' text-right tabular-nums' : ''}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className={layout.blocks}>
        {rows.map((row) => (
          <li key={rowKey(row)} className="py-3">
            <p className="font-medium wrap-anywhere">{head.cell(row)}</p>
            <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
              {rest.map((column) => (
                <Fragment key={column.label}>
                  <dt className={termClassName}>{column.label}</dt>
                  {/* An e-mail or a long title wraps inside its half of the card instead of running past it. */}
                  <dd className={`min-w-0 text-right wrap-anywhere${column.numeric ? ' tabular-nums' : ''}`}>
                    {column.cell(row)}
                  </dd>
                </Fragment>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
