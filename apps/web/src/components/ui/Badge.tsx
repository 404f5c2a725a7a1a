/**
 * A small coloured label: a state, a role, whether something is hidden. The text says it, never the
 * colour alone; each tone keeps at least 4.5:1 contrast in both themes. Screens map their own states to a
 * tone (`Record<State, BadgeTone>`), so the colours are declared here once.
 */
import type { ReactNode } from 'react';

const BADGE_TONES = {
  green: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  amber: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  red: 'bg-red-100 text-red-800 dark:bg-red-950 dark:text-red-200',
  grey: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  sky: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  rose: 'bg-rose-100 text-rose-800 dark:bg-rose-950 dark:text-rose-200',
  indigo: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200',
  violet: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
  teal: 'bg-teal-100 text-teal-800 dark:bg-teal-950 dark:text-teal-200',
} as const;

export type BadgeTone = keyof typeof BADGE_TONES;

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}
