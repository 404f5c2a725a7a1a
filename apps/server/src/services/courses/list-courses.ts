/**
 * Course lists: the public catalogue (published only), an instructor's own courses (every course for an
 * admin), a viewer's purchased courses, and courses by id. The catalogue's lists flow one way: planned
 * (catalogue-plan.ts), then queried, paged and presented here, then cached (catalogue-cache.ts). Pages
 * are keyset-paginated in the list's order, each order with its own cursor and index; every list is one
 * query (see course-rows.ts).
 */
import type { Course, CourseListQuery } from '@lectio/contracts/course';
import { courseStats, courses, type Database, enrollments } from '@lectio/db';
import { and, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { sharedCatalogueValue } from './catalogue-cache';
import { type CataloguePlan, planCatalogue } from './catalogue-plan';
import { isAdmin } from './course-access';
import { type CourseListRow, selectCourseRows } from './course-rows';
import { relevanceCandidates } from './course-search';
import { presentCourses } from './present-course';

export interface CoursePage {
  courses: Course[];
  nextCursor: string | null;
}

/**
 * Stage 2, SQL: the page query of a plan (one row more than the limit, to know whether there is a next
 * page). A relevance list ranks only its candidates (course-search.ts, RELEVANCE_CANDIDATES).
 */
export function coursePageQuery(
  db: Database,
  viewer: Actor | null,
  scope: SQL[],
  query: CourseListQuery,
  plan: CataloguePlan = planCatalogue(query),
) {
  const { match, order } = plan;
  const after = plan.after ? [plan.after] : [];
  const selected =
    order.sort === 'relevance' && match
      ? [inArray(courses.id, relevanceCandidates(db, [...plan.refinements, ...scope], match))]
      : [...plan.filters, ...scope];
  const rows = selectCourseRows(db, viewer, order.key ?? undefined);
  const joined = order.joinsStats ? rows.innerJoin(courseStats, eq(courseStats.courseId, courses.id)) : rows;
  return joined
    .where(and(...after, ...selected))
    .orderBy(...order.orderBy)
    .limit(plan.limit + 1);
}

/** The catalogue's scope: published courses only. */
export const publishedScope = (): SQL[] => [eq(courses.isPublished, true)];

/** Stage 3, page and cursor: the rows of this page and the cursor of the next (null on the last). */
function pageOf(
  rows: CourseListRow[],
  plan: CataloguePlan,
): { rows: CourseListRow[]; nextCursor: string | null } {
  const page = rows.slice(0, plan.limit);
  const last = page.at(-1);
  const nextCursor =
    rows.length > plan.limit && last
      ? plan.order.cursorOf({
          key: last.sortKey,
          createdAtExact: last.createdAtExact,
          ratingExact: last.ratingExact,
          ratingCount: last.course.ratingCount,
          id: last.course.id,
        })
      : null;
  return { rows: page, nextCursor };
}

/** Stages 2 and 3 for one viewer: the page's query, its rows cut to the limit, presented. */
async function readPage(
  ctx: ServiceContext,
  actor: Actor | null,
  scope: SQL[],
  query: CourseListQuery,
  plan: CataloguePlan,
): Promise<CoursePage> {
  const { rows, nextCursor } = pageOf(await coursePageQuery(ctx.db, actor, scope, query, plan), plan);
  return { courses: await presentCourses(ctx, actor, rows), nextCursor };
}

/**
 * The public catalogue: published courses only, whoever asks; viewer fields are filled for a signed-in
 * viewer. Stage 4, cache: anonymous pages are the same for everyone, and a shared one (the plan's
 * `sharedKey`) is briefly kept (catalogue-cache.ts).
 */
export function listPublishedCourses(
  ctx: ServiceContext,
  actor: Actor | null,
  query: CourseListQuery,
): Promise<CoursePage> {
  const plan = planCatalogue(query);
  const read = () => readPage(ctx, actor, publishedScope(), query, plan);
  if (actor) return read();
  return sharedCatalogueValue(ctx, plan.sharedKey, read);
}

/** The courses the actor manages: their own (by instructor id), or every course for an admin; drafts included. */
export function listInstructorCourses(
  ctx: ServiceContext,
  actor: Actor,
  query: CourseListQuery,
): Promise<CoursePage> {
  const scope = isAdmin(actor) ? [] : [eq(courses.instructorId, actor.id)];
  return readPage(ctx, actor, scope, query, planCatalogue(query));
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
