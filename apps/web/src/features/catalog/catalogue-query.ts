/**
 * The catalogue's paged query (spec section 9: student course lists stay fresh 300 s) and the cold-start
 * shortcut of /courses. Apart from course-queries.ts so the /courses first load gets none of the other
 * course queries.
 */
import { CACHE_SECONDS, DEFAULT_PAGE_LIMIT } from '@lectio/contracts/constants';
import { infiniteQueryOptions, keepPreviousData, type QueryClient } from '@tanstack/react-query';
import type { SessionStore } from '~/lib/session';
import { trpc } from '~/lib/trpc';
import { seconds } from './course-keys';
import { type CourseListFilters, type CoursePageBody, listPublishedCourses } from './published-courses-api';

type FirstPage = () => Promise<CoursePageBody> | undefined;

/**
 * The paged, filtered catalogue ('Load more' asks for the next cursor), under tRPC's infinite key of
 * `courses.list`. Its own queryFn sends the cursor only from the second page on, so the first page's
 * request is exactly the one index.html preloads (catalogue-first-page.ts). `firstPage` may hand over a
 * request for the first page that is already under way (see loadCatalogueDuringSessionCheck).
 */
export function catalogueQuery(
  filters: CourseListFilters,
  limit: number = DEFAULT_PAGE_LIMIT,
  firstPage?: FirstPage,
) {
  const input = { ...filters, limit };
  return infiniteQueryOptions({
    queryKey: trpc.courses.list.infiniteQueryKey(input),
    queryFn: ({ pageParam, signal }) =>
      (pageParam === null ? firstPage?.() : undefined) ??
      listPublishedCourses(pageParam === null ? input : { ...input, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CoursePageBody) => last.data.nextCursor,
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
 * /courses on a cold load (Lighthouse, bench/README.md): the route waits for the start-up session check,
 * because the cards link by sign-in state. Instead of asking for the course list only after it, this asks
 * for the anonymous first page at the same time (the anonymous list is the same for every visitor, and
 * the request carries no token), and once the check has settled:
 * - still anonymous: the request becomes the catalogue query's first fetch, so the page renders as soon
 *   as both have answered. It joins the cache only now, after the check: a failed check resets the
 *   cached API data (spec section 4) and would otherwise drop it.
 * - signed in: the request is cancelled; the catalogue asks again with the viewer's token (and the
 *   session module has dropped anything cached for the visitor).
 * Outside the start-up check (a client-side navigation) this only waits, as before.
 */
export async function loadCatalogueDuringSessionCheck(
  queryClient: QueryClient,
  session: SessionStore,
  filters: CourseListFilters,
): Promise<void> {
  if (session.get().status !== 'checking') return session.whenChecked();
  const controller = new AbortController();
  let early: Promise<CoursePageBody> | undefined = listPublishedCourses(
    { ...filters, limit: DEFAULT_PAGE_LIMIT },
    controller.signal,
  );
  // Its outcome is read by the query below, or not at all once the viewer is signed in.
  early.catch(() => {});
  await session.whenChecked();
  if (session.get().user) {
    controller.abort();
    return;
  }
  // One use only: a retry or a refetch asks the server again.
  const takeEarly = () => {
    const page = early;
    early = undefined;
    return page;
  };
  void queryClient.prefetchInfiniteQuery(catalogueQuery(filters, DEFAULT_PAGE_LIMIT, takeEarly));
}
