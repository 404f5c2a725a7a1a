/**
 * Course lists: the public catalogue (published only), an instructor's own courses (every course for an
 * admin), a viewer's purchased courses, and courses by id. Pages are keyset-paginated in the list's
 * order (course-search.ts: relevance with a search, newest, rating, price, students), each order with
 * its own cursor and index; every list is one query (see course-rows.ts).
 */
import type { Course, CourseListQuery } from '@lectio/contracts/course';
import { courseStats, courses, type Database, enrollments } from '@lectio/db';
import { and, desc, eq, gt, inArray, type SQL } from 'drizzle-orm';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { cachedCataloguePage } from './catalogue-cache';
import { isAdmin } from './course-access';
import { type CourseListRow, selectCourseRows } from './course-rows';
import { relevanceCandidates, searchMatch, sortPlan } from './course-search';
import { presentCourses } from './present-course';

export interface CoursePage {
  courses: Course[];
  nextCursor: string | null;
}

/** Search, category, level and price filters, as conditions (the facets count with the same ones). */
export function filterConditions(
  query: Pick<CourseListQuery, 'search' | 'category' | 'level' | 'price'>,
  match = searchMatch(query.search),
): SQL[] {
  const conditions: SQL[] = [];
  if (query.category) conditions.push(eq(courses.category, query.category));
  if (query.level) conditions.push(eq(courses.level, query.level));
  if (query.price)
    conditions.push(query.price === 'free' ? eq(courses.priceMinor, 0) : gt(courses.priceMinor, 0));
  if (match) conditions.push(match.matches);
  return conditions;
}

/** The page query itself (one row more than the limit, to know whether there is a next page). */
export function coursePageQuery(
  db: Database,
  viewer: Actor | null,
  scope: SQL[],
  query: CourseListQuery,
  match = searchMatch(query.search),
  plan = sortPlan(query, match),
) {
  // Decoded first so that a bad cursor is a 400 before any query runs.
  const after = query.cursor ? [plan.after(query.cursor)] : [];
  // A relevance list ranks only its candidates (course-search.ts, RELEVANCE_CANDIDATES).
  const selected =
    plan.sort === 'relevance' && match
      ? [inArray(courses.id, relevanceCandidates(db, [...filterConditions(query, null), ...scope], match))]
      : [...filterConditions(query, match), ...scope];
  const rows = selectCourseRows(db, viewer, plan.key ?? undefined);
  const joined = plan.joinsStats ? rows.innerJoin(courseStats, eq(courseStats.courseId, courses.id)) : rows;
  return joined
    .where(and(...after, ...selected))
    .orderBy(...plan.orderBy)
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
  const match = searchMatch(query.search);
  const plan = sortPlan(query, match);
  const rows = await coursePageQuery(ctx.db, actor, scope, query, match, plan);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > query.limit && last
      ? plan.cursorOf({
          key: last.sortKey,
          createdAtExact: last.createdAtExact,
          ratingExact: last.ratingExact,
          ratingCount: last.course.ratingCount,
          id: last.course.id,
        })
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
