/**
 * A site page (/pages/{slug}: About, FAQ, Support, Privacy Policy, Terms): its title, when an admin last
 * saved it, and its Markdown rendered safely (MarkdownContent, loaded lazily). A slug the server doesn't
 * know is "Page not found".
 */
import { DATE_LOCALE } from '@lectio/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { errorMessage, serverFailure } from '~/lib/api-errors';
import { trpc } from '~/lib/trpc';
import { NotFoundPage } from '../errors/NotFoundPage';
import { PublicSiteLayout } from './PublicSiteLayout';
import { SITE_TEXT } from './site-text';

const MarkdownContent = lazy(() => import('./MarkdownContent'));

export function formatPageDate(iso: string): string {
  return new Date(iso).toLocaleDateString(DATE_LOCALE, { day: 'numeric', month: 'long', year: 'numeric' });
}

function Loading() {
  return (
    <p role="status" className="py-8 text-slate-700 dark:text-slate-300">
      {SITE_TEXT.loading}
    </p>
  );
}

export function SitePageView({ slug }: { slug: string }) {
  const query = useQuery(trpc.sitePages.get.queryOptions({ slug }));
  const page = query.data?.page;

  const status = serverFailure(query.error)?.status;
  // Shown as the app shows any unmatched path (it has its own main landmark).
  if (query.isError && (status === 400 || status === 404)) return <NotFoundPage />;
  return (
    <PublicSiteLayout title={page?.title}>
      <article className="mx-auto max-w-3xl px-6 py-12 lg:px-8">
        {query.isPending ? (
          <Loading />
        ) : query.isError || !page ? (
          <div role="alert" className="space-y-4">
            <p className="font-medium text-red-700 dark:text-red-400">
              {SITE_TEXT.loadFailed} {errorMessage(query.error)}
            </p>
            <button
              type="button"
              onClick={() => void query.refetch()}
              className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold hover:bg-slate-100 dark:border-slate-500 dark:hover:bg-slate-800"
            >
              {SITE_TEXT.retry}
            </button>
          </div>
        ) : (
          <>
            <h1 className="text-4xl font-bold tracking-tight text-slate-900 dark:text-white">{page.title}</h1>
            {page.updatedAt ? (
              <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                {SITE_TEXT.lastUpdated(formatPageDate(page.updatedAt))}
              </p>
            ) : null}
            <div className="mt-6">
              <Suspense fallback={<Loading />}>
                <MarkdownContent markdown={page.markdown} />
              </Suspense>
            </div>
          </>
        )}
      </article>
    </PublicSiteLayout>
  );
}
