/**
 * The published-courses query, the part of the catalogue's queries the home page's Trending section
 * needs. Every course query lives under tRPC's `courses` keys, so `trpc.courses.pathFilter()` refreshes
 * every course view after a change (course-queries.ts). Answers depend on who asks (canAccessAll,
 * progress, which lectures play): the session module drops the cache when the signed-in user changes
 * (lib/api.ts `beginSession`, `endSession`), so the keys need not carry the viewer.
 */
import { CACHE_SECONDS } from '@lectio/contracts/constants';
import { trpc } from '~/lib/trpc';
import { type CoursePageBody, listPublishedCourses } from './published-courses-api';

export const seconds = (value: number) => value * 1000;

/**
 * A fixed number of published courses (the home page's Trending section asks for 4), under the key of
 * `trpc.courses.list.queryOptions({ limit })`, fetched with the shape check of published-courses-api.ts.
 * A plain options object rather than queryOptions(), which would add a chunk to the landing page for an
 * identity function.
 */
export function publishedCoursesQuery(limit: number) {
  const input = { limit };
  return {
    queryKey: trpc.courses.list.queryKey(input),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<CoursePageBody> =>
      listPublishedCourses(input, signal),
    staleTime: seconds(CACHE_SECONDS.studentCourses),
  };
}
