/**
 * The header of a dashboard screen that shows server figures: its title and subtitle, and on the right
 * whether the figures are up to date (refreshing, the error, or 'Up to date') beside the screen's own
 * actions (Try again, Create course).
 */
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import type { ReactNode } from 'react';
import { errorMessage } from '~/lib/api-errors';

export function StatusText({ fetching, error }: { fetching: boolean; error: unknown }) {
  if (fetching) {
    return <span className="text-slate-600 dark:text-slate-400">{ADMIN_MESSAGES.refreshing}</span>;
  }
  if (error) {
    return (
      <span className="font-medium text-amber-800 dark:text-amber-300">
        <span aria-hidden="true">⚠ </span>
        {errorMessage(error)}
      </span>
    );
  }
  return <span className="text-emerald-700 dark:text-emerald-400">{ADMIN_MESSAGES.upToDate}</span>;
}

export function ScreenHeader({
  title,
  subtitle,
  fetching,
  error,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  /** The figures' query state, shown as StatusText. */
  fetching: boolean;
  error: unknown;
  /** Actions beside the status. */
  children?: ReactNode;
}) {
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {subtitle ? <p className="max-w-3xl text-slate-700 dark:text-slate-300">{subtitle}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <p role="status" className="text-sm">
          <StatusText fetching={fetching} error={error} />
        </p>
        {children}
      </div>
    </header>
  );
}
