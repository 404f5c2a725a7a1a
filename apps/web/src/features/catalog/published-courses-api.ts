/**
 * `courses.list`, the published catalogue (spec section 7), with its filter and page types. Apart from the
 * other course calls because the home page and /courses need only this one.
 *
 * Both are public first loads with a JavaScript budget. The tRPC client only carries the router's type
 * (no schema), and this module checks the answer's shape by hand (a page of objects with an id and a
 * title, and a cursor) instead of parsing it with the contract's zod schema, which would bring zod
 * (~25 KB gzip, plus the time to build the schemas) into both first loads. The server checks every answer
 * against the same schema in every environment (decision 0005), so a drifted answer is a 500 there, and the
 * server tests and the e2e suite catch it.
 */
import type { Course, CourseListQuery } from '@lectio/contracts/course';
import { trpcClient } from '~/lib/trpc';

export type CourseListFilters = Partial<
  Pick<CourseListQuery, 'search' | 'category' | 'level' | 'price' | 'sort'>
>;
export interface CoursePage {
  courses: Course[];
  nextCursor: string | null;
}
/** What `courses.list` (and `courses.instructorList`, `courses.mine`) answer: the page in `data`. */
export interface CoursePageBody {
  data: CoursePage;
}
export type CourseListInput = CourseListFilters & { limit?: number; cursor?: string };

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
export function isCoursePageBody(body: unknown): body is CoursePageBody {
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

/** `courses.list`: published courses, filtered and paged with a cursor (the shape is checked, see above). */
export async function listPublishedCourses(
  input: CourseListInput,
  signal?: AbortSignal,
): Promise<CoursePageBody> {
  const body: unknown = await trpcClient.courses.list.query(input, signal ? { signal } : undefined);
  if (!isCoursePageBody(body)) throw new Error('Unexpected answer from courses.list');
  return body;
}
