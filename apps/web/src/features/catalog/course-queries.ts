/**
 * TanStack Query options for the catalogue (spec section 9) from the tRPC options proxy: the student
 * course lists stay fresh 300 s, purchased courses 200 s, a single course is always refetched. The
 * published list is in course-keys.ts and catalogue-query.ts (re-exported here); the course-management
 * queries live in features/course-admin.
 *
 * The lists set refetchOnMount: the app's default is off, which would show a list invalidated by a change
 * (create, update, delete) from cache instead of refetching it; a list that is still fresh is not refetched.
 */
import { CACHE_SECONDS } from '@lectio/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';
import { trpc } from '~/lib/trpc';
import { seconds } from './course-keys';

export { catalogueQuery } from './catalogue-query';
export { publishedCoursesQuery, seconds } from './course-keys';

/** `courses.mine`: the courses the viewer purchased (the list itself in `data`). */
export function purchasedCoursesQuery() {
  return trpc.courses.mine.queryOptions(undefined, {
    staleTime: seconds(CACHE_SECONDS.purchasedCourses),
    refetchOnMount: true,
    select: (body) => body.data.courses,
  });
}

/**
 * `courses.get`: one course with the viewer-dependent canAccessAll and progress (the course itself in
 * `data`). "Always refetched" (spec section 7), so it is stale at once and refetched on every mount.
 */
export function courseQuery(id: string) {
  return trpc.courses.get.queryOptions(
    { id },
    { staleTime: 0, refetchOnMount: 'always', select: (body) => body.data },
  );
}

/**
 * `curriculum.get`: the course's sections and its lessons' outline (the course itself in `data`); refetched
 * on every mount like the course, whose lectures it groups.
 */
export function curriculumQuery(courseId: string) {
  return trpc.curriculum.get.queryOptions(
    { courseId },
    { staleTime: 0, refetchOnMount: 'always', select: (body) => body.data },
  );
}

/**
 * After a course was created, changed or deleted: every course list and course view is out of date, and
 * so is its curriculum outline (which carries the course, and which the course page groups lectures by).
 */
export async function invalidateCourses(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries(trpc.courses.pathFilter()),
    client.invalidateQueries(trpc.curriculum.pathFilter()),
  ]);
}
