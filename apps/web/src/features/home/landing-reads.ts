/**
 * The landing page's reads, its live figures (`platform.stats`) and the four Trending courses, started by
 * the landing route's loader through the query client (`fetchQuery` on the tRPC options, so they are
 * cached and shared with the rest of the app) and handed to the page as TanStack Router's deferred loader
 * data: promises the loader does not wait for, so the hero paints at once. Each settles to its answer or
 * to a failure the section shows, never rejects. Sections read them with React's `use` under Suspense
 * rather than with useQuery, whose observer would put the page over its 150 KB JavaScript budget
 * (e2e/tests/budget.spec.ts; decision 0054).
 */
import { HOME_FEATURED_COURSES } from '@lectio/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';
import { useLoaderData } from '@tanstack/react-router';
import { publishedCoursesQuery } from '~/features/catalog/course-keys';
import { trpc } from '~/lib/trpc';

/** How long the landing page's figures (and the footer's profiles) stay fresh. */
export const LANDING_STALE_MS = 60_000;

export type Settled<T> = { ok: true; data: T } | { ok: false };

function settled<T>(read: Promise<T>): Promise<Settled<T>> {
  return read.then(
    (data) => ({ ok: true, data }),
    () => ({ ok: false }),
  );
}

export function landingReads(queryClient: QueryClient) {
  return {
    stats: settled(
      queryClient.fetchQuery(trpc.platform.stats.queryOptions(undefined, { staleTime: LANDING_STALE_MS })),
    ),
    trending: settled(queryClient.fetchQuery(publishedCoursesQuery(HOME_FEATURED_COURSES))),
  };
}

/** The reads the landing route's loader started (only under that route). */
export function useLandingReads(): ReturnType<typeof landingReads> {
  return useLoaderData({ from: '/_entry/' });
}
