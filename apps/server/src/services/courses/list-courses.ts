/**
 * Course lists: the public catalogue (published only), an instructor's own courses (every course for an
 * admin), a viewer's purchased courses, and courses by id. Pages are keyset-paginated on
 * (created_at DESC, id DESC), which the index courses_catalogue_idx (is_published, created_at desc,
 * id desc) serves directly for the catalogue; every list is one query (see course-rows.ts). With
 * `sort: 'rating'` the order is (rating DESC, rating_count DESC, id DESC), with its own cursor; no index
 * serves it yet, so PostgreSQL sorts the (filtered) published courses for each page.
 */
import type { Course, CourseListQuery } from '@lectio/contracts/course';
import { courses, type Database, enrollments } from '@lectio/db';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Actor, ServiceContext } from '../context';
import { cachedCataloguePage } from './catalogue-cache';
import { isAdmin, isUuid } from './course-access';
import { decodeCursor, decodeRatingCursor, encodeCursor, encodeRatingCursor } from './course-cursor';
import { type CourseListRow, selectCourseRows } from './course-rows';
import { presentCourses } from './present-course';
import { containsPattern } from './search-pattern';

export interface CoursePage {
  courses: Course[];
  nextCursor: string | null;
}

const byRating = (query: CourseListQuery) => query.sort === 'rating';

/** The cursor's condition for the list's order (a cursor of the other order is a 400). */
function cursorCondition(query: CourseListQuery, cursor: string): SQL {
  if (byRating(query)) {
    const position = decodeRatingCursor(cursor);
    return sql`(${courses.rating}, ${courses.ratingCount}, ${courses.id}) < (${position.rating}::real, ${position.ratingCount}::int, ${position.id}::uuid)`;
  }
  const position = decodeCursor(cursor);
  return sql`(${courses.createdAt}, ${courses.id}) < (${position.createdAt}::timestamptz, ${position.id}::uuid)`;
}

/** Search (title, short description, tags), category and level filters, and the cursor, as conditions. */
function listConditions(query: CourseListQuery): SQL[] {
  const conditions: SQL[] = [];
  // Decoded first so that a bad cursor is a 400 before any query runs.
  if (query.cursor) conditions.push(cursorCondition(query, query.cursor));
  if (query.category) conditions.push(eq(courses.category, query.category));
  if (query.level) conditions.push(eq(courses.level, query.level));
  const pattern = containsPattern(query.search);
  if (pattern) {
    conditions.push(
      sql`(${courses.title} ilike ${pattern} escape '\\' or ${courses.shortDescription} ilike ${pattern} escape '\\' or ${courses.tags} ilike ${pattern} escape '\\')`,
    );
  }
  return conditions;
}

/** The page query itself (one row more than the limit, to know whether there is a next page). */
export function coursePageQuery(db: Database, viewer: Actor | null, scope: SQL[], query: CourseListQuery) {
  return selectCourseRows(db, viewer)
    .where(and(...listConditions(query), ...scope))
    .orderBy(
      ...(byRating(query)
        ? [desc(courses.rating), desc(courses.ratingCount), desc(courses.id)]
        : [desc(courses.createdAt), desc(courses.id)]),
    )
    .limit(query.limit + 1);
}

/** The catalogue's scope: published courses only. */
export const publishedScope = (): SQL[] => [eq(courses.isPublished, true)];

async function pageOf(
  ctx: ServiceContext,
  actor: Actor | null,
  scope: SQL[],
  query: CourseListQuery,
): Promise<CoursePage> {
  const rows = await coursePageQuery(ctx.db, actor, scope, query);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? byRating(query)
        ? encodeRatingCursor({
            rating: last.ratingExact,
            ratingCount: last.course.ratingCount,
            id: last.course.id,
          })
        : encodeCursor({ createdAt: last.createdAtExact, id: last.course.id })
      : null;
  return { courses: await presentCourses(ctx, actor, page), nextCursor };
}

/** The public catalogue: published courses only, whoever asks; viewer fields are filled for a signed-in viewer. */
export function listPublishedCourses(
  ctx: ServiceContext,
  actor: Actor | null,
  query: CourseListQuery,
): Promise<CoursePage> {
  // Anonymous pages are the same for everyone: briefly cached (see catalogue-cache.ts).
  if (actor) return pageOf(ctx, actor, publishedScope(), query);
  return cachedCataloguePage(ctx, query, () => pageOf(ctx, null, publishedScope(), query));
}

/** The courses the actor manages: their own (by instructor id), or every course for an admin; drafts included. */
export function listInstructorCourses(
  ctx: ServiceContext,
  actor: Actor,
  query: CourseListQuery,
): Promise<CoursePage> {
  return pageOf(ctx, actor, isAdmin(actor) ? [] : [eq(courses.instructorId, actor.id)], query);
}

/** The courses the actor is enrolled in, most recent purchase first, published or not (they bought them). */
export async function listMyCourses(ctx: ServiceContext, actor: Actor): Promise<CoursePage> {
  const rows = await selectCourseRows(ctx.db, actor)
    .innerJoin(enrollments, and(eq(enrollments.courseId, courses.id), eq(enrollments.userId, actor.id)))
    .orderBy(desc(enrollments.createdAt), desc(courses.id));
  return { courses: await presentCourses(ctx, actor, rows), nextCursor: null };
}

/**
 * Courses by id in the requested order, only those the viewer may see (published, bought or managed);
 * unknown, hidden and repeated ids are skipped.
 */
export async function coursesByIds(
  ctx: ServiceContext,
  actor: Actor | null,
  courseIds: string[],
): Promise<Course[]> {
  const ids = [...new Set(courseIds.filter(isUuid).map((id) => id.toLowerCase()))];
  if (ids.length === 0) return [];
  const rows = await selectCourseRows(ctx.db, actor).where(inArray(courses.id, ids));
  const byId = new Map(rows.map((row) => [row.course.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row): row is CourseListRow => !!row);
  const presented = await presentCourses(ctx, actor, ordered);
  // canAccessAll is "manages or bought it", so published-or-canAccessAll is exactly "may see".
  return presented.filter((course) => course.isPublished || course.canAccessAll);
}
