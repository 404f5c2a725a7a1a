/**
 * GET /courses, the published catalogue (spec section 7), with its filter and page types. Apart from the
 * other course calls because the home page and /courses need only this one.
 *
 * Both are public first loads with a JavaScript budget, so this module names the route through the
 * schema-free `rest-paths` and checks the response's shape by hand (a page of objects with an id and a
 * title, and a cursor) instead of parsing it with the contract's zod schema, which would bring zod
 * (~25 KB gzip, plus the time to build the schemas) into both first loads. The types still come from the
 * contract, and the server checks every response against the same schema outside production, so the
 * server tests and the e2e suite catch contract drift.
 */
import type { Course, CourseListQuery } from '@lectio/contracts/course';
import { REST_PATHS } from '@lectio/contracts/rest-paths';
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

function isCourseSummary(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    '_id' in value &&
    typeof value._id === 'string' &&
    'title' in value &&
    typeof value.title === 'string'
  );
}

/** `{ data: { courses: [{ _id, title, ... }], nextCursor } }`: what the lists render from, checked without zod. */
export function isCoursePageBody(body: unknown): body is { data: CoursePage } {
  if (typeof body !== 'object' || body === null || !('data' in body)) return false;
  const { data } = body;
  return (
    typeof data === 'object' &&
    data !== null &&
    'courses' in data &&
    Array.isArray(data.courses) &&
    data.courses.every(isCourseSummary) &&
    'nextCursor' in data &&
    (data.nextCursor === null || typeof data.nextCursor === 'string')
  );
}

/** GET /courses: published courses, filtered and paged with a cursor (the shape is checked, see above). */
export async function listPublishedCourses(
  query: CourseListFilters & { limit?: number; cursor?: string | null },
  signal?: AbortSignal,
): Promise<CoursePage> {
  const body = await apiRequest(
    `${REST_PATHS.listCourses.path}${queryString({ ...query })}`,
    signal ? { signal } : {},
  );
  if (!isCoursePageBody(body)) throw new Error('Unexpected response from GET /courses');
  return body.data;
}

/** The home page's first `limit` published courses. */
export function listTrendingCourses(limit: number, signal?: AbortSignal): Promise<CoursePage> {
  return listPublishedCourses({ limit }, signal);
}
