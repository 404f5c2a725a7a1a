/**
 * The heading of a screen of figures read live from the server (admin dashboard, revenue, earnings,
 * instructor home): title and subtitle at the left; at the right a polite status saying whether the
 * figures are being refreshed, up to date, or why they failed, then the screen's own actions.
 */
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import type { ReactNode } from 'react';
import { errorMessage } from '~/lib/api-errors';

/** 'Refreshing...' while loading, a warning with the error's message on error, otherwise 'Up to date'. */
function RefreshStatus({ fetching, error }: { fetching: boolean; error: unknown }) {
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

export function FiguresHeader({
  title,
  subtitle,
  query,
  children,
}: {
  title: string;
  subtitle?: string | undefined;
  /** The query the screen's figures come from. */
  query: { isFetching: boolean; error: unknown };
  /** The screen's actions, after the status. */
  children?: ReactNode;
}) {
  const status = (
    <p role="status" className="text-sm">
      <RefreshStatus fetching={query.isFetching} error={query.error} />
    </p>
  );
  return (
    <header className="flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
        {subtitle ? <p className="max-w-3xl text-slate-700 dark:text-slate-300">{subtitle}</p> : null}
      </div>
      {children ? (
        <div className="flex flex-wrap items-center gap-4">
          {status}
          {children}
        </div>
      ) : (
        status
      )}
    </header>
  );
}
