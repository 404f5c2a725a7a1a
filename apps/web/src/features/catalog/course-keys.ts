/**
 * The published-courses query, the part of the catalogue's queries the home page's Trending section
 * needs. Every course query lives under tRPC's `courses` keys, so `trpc.courses.pathFilter()` refreshes
 * every course view after a change (course-queries.ts). Answers depend on who asks (canAccessAll,
 * progress, which lectures play): the session module drops the cache when the signed-in user changes
 * (lib/api.ts `beginSession`, `endSession`), so the keys need not carry the viewer.
 */
import { CACHE_SECONDS } from '@lectio/contracts/constants';
import { trpc } from '~/lib/trpc';

export const seconds = (value: number) => value * 1000;

/** A fixed number of published courses (the home page's Trending section asks for 4). */
export function publishedCoursesQuery(limit: number) {
  return trpc.courses.list.queryOptions({ limit }, { staleTime: seconds(CACHE_SECONDS.studentCourses) });
}
