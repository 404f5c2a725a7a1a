/**
 * TanStack Query options for the catalogue (spec section 9): the student course lists stay fresh 300 s,
 * purchased courses 200 s, a single course is always refetched. Keys are in course-keys.ts, the paged
 * catalogue in catalogue-query.ts (re-exported here); the course-management queries live in
 * features/course-admin.
 *
 * The lists set refetchOnMount: the app's default is off, which would show a list invalidated by a change
 * (create, update, delete) from cache instead of refetching it; a list that is still fresh is not refetched.
 */
import { CACHE_SECONDS } from '@lectio/contracts/constants';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { getCourse, listPurchasedCourses } from './course-api';
import { courseKeys, seconds, type ViewerKey } from './course-keys';

export { catalogueQuery } from './catalogue-query';
export {
  courseKeys,
  publishedCoursesQuery,
  seconds,
  type ViewerKey,
  viewerKey,
} from './course-keys';

export function purchasedCoursesQuery(viewer: ViewerKey) {
  return queryOptions({
    queryKey: courseKeys.purchased(viewer),
    queryFn: ({ signal }) => listPurchasedCourses(signal),
    staleTime: seconds(CACHE_SECONDS.purchasedCourses),
    refetchOnMount: true,
  });
}

/** One course: "always refetched" (spec section 7), so it is stale at once and refetched on every mount. */
export function courseQuery(id: string, viewer: ViewerKey) {
  return queryOptions({
    queryKey: courseKeys.detail(id, viewer),
    queryFn: ({ signal }) => getCourse(id, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** After a course was created, changed or deleted: every course list and course view is out of date. */
export function invalidateCourses(client: QueryClient): Promise<void> {
  return client.invalidateQueries({ queryKey: courseKeys.all });
}
