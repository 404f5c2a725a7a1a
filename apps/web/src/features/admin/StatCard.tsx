/** Figure cards of the dashboard screens: label, value and an optional hint line, in a description list. */
import type { ReactNode } from 'react';

export interface Stat {
  label: string;
  value: ReactNode;
  hint?: string | undefined;
}

function StatCard({ label, value, hint }: Stat) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-2 text-3xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

/** A row of cards (label -> value), two columns from small screens and up to `columns` on wide ones. */
export function StatCards({ stats, columns = 4 }: { stats: readonly Stat[]; columns?: 2 | 3 | 4 }) {
  const wide = columns === 4 ? 'xl:grid-cols-4' : columns === 3 ? 'xl:grid-cols-3' : '';
  return (
    <dl className={`grid gap-4 sm:grid-cols-2 ${wide}`}>
      {stats.map((stat) => (
        <StatCard key={stat.label} {...stat} />
      ))}
    </dl>
  );
}
