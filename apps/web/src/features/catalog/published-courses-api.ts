/**
 * GET /courses, the published catalogue (spec section 7), with its filter and page types. Apart from the
 * other course calls because the home page needs only this one.
 */
import type { Course, CourseListQuery } from '@lectio/contracts/course';
import { restRoutes } from '@lectio/contracts/rest';
import { apiRequest } from '~/lib/api';

export type CourseListFilters = Partial<Pick<CourseListQuery, 'search' | 'category' | 'level'>>;
export interface CoursePage {
  courses: Course[];
  nextCursor: string | null;
}

/** `?a=1&b=2` from the defined, non-empty values (no string at all when there are none). */
export function queryString(values: Record<string, string | number | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** GET /courses: published courses, filtered and paged with a cursor. */
export async function listPublishedCourses(
  query: CourseListFilters & { limit?: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<CoursePage> {
  const route = restRoutes.listCourses;
  const body = await apiRequest(`${route.path}${queryString({ ...query })}`, {
    schema: route.response,
    ...(signal ? { signal } : {}),
  });
  return body.data;
}
