/**
 * What a screen shows in place of a query's data while it loads or after it failed: a polite status
 * line, or an alert with the reason and a "Try again" that refetches. Nothing once the data is there,
 * so a screen renders `{query.isPending || query.isError ? <QueryState … /> : …data…}`.
 */
import type { ReactNode } from 'react';
import { secondaryActionClassName } from '~/components/ui/ui-classes';

export function QueryState({
  query,
  loading,
  failed,
  retry,
  detail,
}: {
  query: { isPending: boolean; isError: boolean; refetch: () => Promise<unknown> };
  loading: string;
  failed: string;
  retry: string;
  /** More about the failure, under its line (e.g. the server's message). */
  detail?: ReactNode;
}) {
  if (query.isPending) {
    return (
      <p role="status" className="text-slate-700 dark:text-slate-300">
        {loading}
      </p>
    );
  }
  if (!query.isError) return null;
  return (
    <div role="alert" className="space-y-2">
      <p className="font-medium text-red-700 dark:text-red-400">{failed}</p>
      {detail}
      <button type="button" onClick={() => void query.refetch()} className={secondaryActionClassName}>
        {retry}
      </button>
    </div>
  );
}
