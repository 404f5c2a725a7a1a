/**
 * Query options of the course-management screens (spec section 9), from the tRPC options proxy: the
 * managed course list (`courses.instructorList`: own courses for an instructor, all for an admin) stays
 * fresh 300 s; a course's lectures and one lecture are refetched on every visit. One invalidation of the
 * `lectures` path refreshes every lecture view.
 *
 * The list sets refetchOnMount: the app's default is off, which would show a list invalidated by a change
 * from cache instead of refetching it; a list that is still fresh is not refetched.
 */
import { CACHE_SECONDS, MAX_PAGE_LIMIT } from '@lectio/contracts/constants';
import type { QueryClient } from '@tanstack/react-query';
import { invalidateCourses, seconds } from '~/features/catalog/course-queries';
import { trpc } from '~/lib/trpc';

/** Every managed course, `MAX_PAGE_LIMIT` a page ('Load more' asks for the next cursor). */
export function managedCoursesQuery() {
  return trpc.courses.instructorList.infiniteQueryOptions(
    { limit: MAX_PAGE_LIMIT },
    {
      getNextPageParam: (last) => last.data.nextCursor,
      staleTime: seconds(CACHE_SECONDS.instructorCourses),
      refetchOnMount: true,
    },
  );
}

/** `lectures.list`: the course's lectures in order (the list itself). */
export function courseLecturesQuery(courseId: string) {
  return trpc.lectures.list.queryOptions(
    { id: courseId },
    { staleTime: 0, refetchOnMount: 'always', select: (body) => body.videos },
  );
}

/** `lectures.get`: one lecture (the lecture itself). */
export function lectureQuery(lectureId: string) {
  return trpc.lectures.get.queryOptions(
    { lectureId },
    { staleTime: 0, refetchOnMount: 'always', select: (body) => body.data.lecture },
  );
}

/** After a lecture changed: every lecture view, and the courses and outlines (counts, durations, order). */
export async function invalidateLectures(client: QueryClient): Promise<void> {
  // A lesson's video processing starts over with a new upload.
  await Promise.all([
    client.invalidateQueries(trpc.lectures.pathFilter()),
    client.invalidateQueries(trpc.video.pathFilter()),
    invalidateCourses(client),
  ]);
}
