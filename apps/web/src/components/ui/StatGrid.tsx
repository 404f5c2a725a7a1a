/**
 * The figures at the top of a dashboard, as a description list of cards: each a label, its value and an
 * optional hint line. Two abreast from `sm`, up to `columns` from `xl`.
 */
import type { ReactNode } from 'react';
import { cardClassName } from './Card';

export interface StatFigure {
  label: string;
  value: ReactNode;
  hint?: string | undefined;
}

const WIDE_COLUMNS = { 2: '', 3: 'xl:grid-cols-3', 4: 'xl:grid-cols-4' } as const;

export function StatGrid({
  figures,
  columns = 4,
}: {
  figures: readonly StatFigure[];
  columns?: keyof typeof WIDE_COLUMNS;
}) {
  return (
    <dl className={`grid gap-4 sm:grid-cols-2 ${WIDE_COLUMNS[columns]}`}>
      {figures.map(({ label, value, hint }) => (
        <div key={label} className={cardClassName}>
          <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="mt-2 text-3xl font-bold tabular-nums">{value}</dd>
          {hint ? <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</dd> : null}
        </div>
      ))}
    </dl>
  );
}
