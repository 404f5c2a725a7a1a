/**
 * What the top-bar search looks in: the published catalogue (`courses.list` with `search`) for everyone,
 * plus the courses the user may see beyond it: for instructors and admins the courses they manage
 * (`courses.instructorList` with `search`, drafts included), for students their purchases
 * (`courses.mine`, filtered here), which stay theirs even if a course is unpublished later.
 * A source that fails is skipped; only when every source fails does the search fail.
 */
import type { Course } from '@lectio/contracts/course';
import { canAny, type HasRole } from '@lectio/contracts/permissions';
import { courseLink, sectionBase, sectionCoursesLink } from '~/lib/links';
import { queryClient } from '~/lib/query-client';
import { FRESH, trpc } from '~/lib/trpc';

export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_MIN_LENGTH = 2;
/** The top matches shown; 'See all results' opens the full list. */
export const SEARCH_RESULT_LIMIT = 6;

export type CourseHit = Pick<Course, '_id' | 'title' | 'instructorName' | 'category' | 'isPublished'>;

function matches(course: Course, term: string): boolean {
  const needle = term.toLowerCase();
  return [course.title, course.shortDescription, course.tags].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export async function searchCourses(term: string, viewer: HasRole): Promise<CourseHit[]> {
  const query = { search: term, limit: SEARCH_RESULT_LIMIT };
  const sources: Promise<Course[]>[] = [
    queryClient.fetchQuery(trpc.courses.list.queryOptions(query, FRESH)).then((body) => body.data.courses),
  ];
  if (canAny(viewer, ['create_courses', 'manage_own_courses'])) {
    sources.push(
      queryClient
        .fetchQuery(trpc.courses.instructorList.queryOptions(query, FRESH))
        .then((body) => body.data.courses),
    );
  } else if (canAny(viewer, ['access_purchased_courses'])) {
    // The purchased list has no search parameter; it is short, so it is filtered here.
    sources.push(
      queryClient
        .fetchQuery(trpc.courses.mine.queryOptions(undefined, FRESH))
        .then((body) => body.data.courses.filter((course) => matches(course, term))),
    );
  }

  const settled = await Promise.allSettled(sources);
  const lists = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  if (lists.length === 0) {
    const first = settled[0];
    throw first?.status === 'rejected' ? first.reason : new Error('Search failed');
  }

  const seen = new Set<string>();
  const hits: CourseHit[] = [];
  for (const course of lists.flat()) {
    if (seen.has(course._id)) continue;
    seen.add(course._id);
    hits.push({
      _id: course._id,
      title: course.title,
      instructorName: course.instructorName,
      category: course.category,
      isPublished: course.isPublished,
    });
  }
  return hits.slice(0, SEARCH_RESULT_LIMIT);
}

/** The course page inside the signed-in area: {base}/course/{id}. */
export function courseDetailLink(viewer: HasRole, courseId: string) {
  return courseLink(sectionBase(viewer.role), courseId);
}

/**
 * Every result for the search: the catalogue inside the section ({base}/courses, the same list, filters
 * and counts as the public /courses), so a signed-in user keeps the dashboard's navigation.
 */
export function allResultsLink(viewer: HasRole, term: string) {
  return { ...sectionCoursesLink(sectionBase(viewer.role)), search: { search: term } };
}
