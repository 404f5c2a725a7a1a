/**
 * Course query keys (spec section 9) and the published-courses query, the part of the catalogue's queries
 * the home page's Trending section needs. Keys carry the viewer, because canAccessAll, progress and which
 * lectures play depend on who asks; every course key starts with 'courses' so one invalidation refreshes
 * every course view after a change.
 */
import { CACHE_SECONDS } from '@lectio/contracts/constants';
import { type CourseListFilters, type CoursePage, listTrendingCourses } from './published-courses-api';

/** Who is asking: the user id, or 'visitor'. */
export type ViewerKey = string;
export function viewerKey(user: { _id: string } | null | undefined): ViewerKey {
  return user?._id ?? 'visitor';
}

export const courseKeys = {
  all: ['courses'] as const,
  published: (viewer: ViewerKey, filters: CourseListFilters, limit: number) =>
    ['courses', 'published', viewer, filters, limit] as const,
  managed: (viewer: ViewerKey) => ['courses', 'managed', viewer] as const,
  purchased: (viewer: ViewerKey) => ['courses', 'purchased', viewer] as const,
  detail: (id: string, viewer: ViewerKey) => ['courses', 'detail', id, viewer] as const,
  /** Every viewer's copy of one course. */
  anyDetail: (id: string) => ['courses', 'detail', id] as const,
};

export const seconds = (value: number) => value * 1000;

/**
 * A fixed number of published courses (the home page's Trending section asks for 4). A plain options
 * object rather than queryOptions(), which would add a chunk to the landing page for an identity function.
 */
export function publishedCoursesQuery(viewer: ViewerKey, limit: number) {
  return {
    queryKey: courseKeys.published(viewer, {}, limit),
    queryFn: ({ signal }: { signal: AbortSignal }): Promise<CoursePage> => listTrendingCourses(limit, signal),
    staleTime: seconds(CACHE_SECONDS.studentCourses),
  };
}
