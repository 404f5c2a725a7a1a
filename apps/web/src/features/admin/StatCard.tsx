/** A figure card of the admin screens: label, value and an optional hint line. */
import type { ReactNode } from 'react';

export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="mt-2 text-3xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-sm text-slate-600 dark:text-slate-400">{hint}</dd> : null}
    </div>
  );
}

/** The row of cards, as a description list (label -> value). */
export function StatCards({ children, columns = 4 }: { children: ReactNode; columns?: 2 | 3 | 4 }) {
  const wide = columns === 4 ? 'xl:grid-cols-4' : columns === 3 ? 'xl:grid-cols-3' : '';
  return <dl className={`grid gap-4 sm:grid-cols-2 ${wide}`}>{children}</dl>;
}
