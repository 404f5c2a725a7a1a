/**
 * The catalogue's paged query (spec section 9: student course lists stay fresh 300 s) and the cold-start
 * shortcut of /courses. Apart from course-queries.ts so the /courses first load gets none of the other
 * course queries.
 */
import { CACHE_SECONDS, DEFAULT_PAGE_LIMIT } from '@lectio/contracts/constants';
import { keepPreviousData } from '@tanstack/react-query';
import type { RouterContext } from '~/lib/router-context';
import { trpc } from '~/lib/trpc';
import { type CourseListFilters, coursePagesOptions } from './catalogue-first-page';
import { seconds } from './course-keys';

/**
 * The paged, filtered catalogue ('Load more' asks for the next cursor): `trpc.courses.list
 * .infiniteQueryOptions` (catalogue-first-page.ts, which the build reads the preloaded URL from).
 */
export function catalogueQuery(filters: CourseListFilters, limit: number = DEFAULT_PAGE_LIMIT) {
  return coursePagesOptions(trpc, filters, limit, {
    staleTime: seconds(CACHE_SECONDS.studentCourses),
    refetchOnMount: true,
  });
}

/**
 * `courses.facets` for the same search and filters as the list (its paging and order aside): the counts
 * per category, level and price band, and a respelling of a search that finds little. Asked for in the
 * same render as the list, so httpBatchLink sends both in one request. While new counts load, the
 * previous ones stay, so the filters don't jump.
 */
export function catalogueFacetsQuery(filters: CourseListFilters) {
  const { search, category, level, price } = filters;
  return trpc.courses.facets.queryOptions(
    { search, category, level, price },
    {
      staleTime: seconds(CACHE_SECONDS.studentCourses),
      refetchOnMount: true,
      placeholderData: keepPreviousData,
      // The counts are an aid: without them the filters still work (every option, no count), so a
      // failure shows that at once instead of after the app's retries; the next change asks again.
      retry: false,
      select: (body) => body.data,
    },
  );
}

/**
 * /courses' loader. The route waits for the start-up session check, because the cards link by sign-in
 * state. On a cold load (Lighthouse, bench/README.md) it then asks for the first page before the page
 * renders, alone (so the request is the one index.html preloaded, see catalogue-first-page.ts, and the
 * answer comes from the preload), and renders with it. Asked only after the check: a failed check resets
 * the cached API data (spec section 4), and a signed-in viewer's list carries their token. On a
 * client-side navigation it only waits, and the page's own query asks (batched with the facets).
 */
export async function loadCatalogue(
  { queryClient, session, isFirstLoad }: RouterContext,
  filters: CourseListFilters,
): Promise<void> {
  // Not the session's status: a visitor without the session hint is anonymous before any route loads.
  const coldStart = isFirstLoad();
  await session.whenChecked();
  // A failure is shown by the page's own query (with its retry), not as a route error.
  if (coldStart) await queryClient.prefetchInfiniteQuery(catalogueQuery(filters));
}
