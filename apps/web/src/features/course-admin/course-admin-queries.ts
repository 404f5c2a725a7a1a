/**
 * Query options of the course-management screens (spec section 9): the managed course list (own courses
 * for an instructor, all for an admin) stays fresh 300 s; a course's lectures and one lecture are
 * refetched on every visit. Lecture keys start with 'lectures' so one invalidation refreshes them all.
 *
 * The list sets refetchOnMount: the app's default is off, which would show a list invalidated by a change
 * from cache instead of refetching it; a list that is still fresh is not refetched.
 */
import { CACHE_SECONDS, MAX_PAGE_LIMIT } from '@lectio/contracts/constants';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { courseKeys, seconds, type ViewerKey } from '~/features/catalog/course-queries';
import type { CoursePage } from '~/features/catalog/published-courses-api';
import { getLecture, listLectures, listManagedCourses } from './course-admin-api';

export const lectureKeys = {
  all: ['lectures'] as const,
  ofCourse: (courseId: string, viewer: ViewerKey) => ['lectures', 'course', courseId, viewer] as const,
  one: (lectureId: string, viewer: ViewerKey) => ['lectures', 'one', lectureId, viewer] as const,
};

export function managedCoursesQuery(viewer: ViewerKey) {
  return infiniteQueryOptions({
    queryKey: courseKeys.managed(viewer),
    queryFn: ({ pageParam, signal }) =>
      listManagedCourses({ limit: MAX_PAGE_LIMIT, cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CoursePage) => last.nextCursor,
    staleTime: seconds(CACHE_SECONDS.instructorCourses),
    refetchOnMount: true,
  });
}

export function courseLecturesQuery(courseId: string, viewer: ViewerKey) {
  return queryOptions({
    queryKey: lectureKeys.ofCourse(courseId, viewer),
    queryFn: ({ signal }) => listLectures(courseId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function lectureQuery(lectureId: string, viewer: ViewerKey) {
  return queryOptions({
    queryKey: lectureKeys.one(lectureId, viewer),
    queryFn: ({ signal }) => getLecture(lectureId, signal),
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

/** After a lecture changed: every lecture view, and the courses (lecture counts, durations). */
export async function invalidateLectures(client: QueryClient): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: lectureKeys.all }),
    client.invalidateQueries({ queryKey: courseKeys.all }),
  ]);
}
