/**
 * GET /courses/coures-overview: real per-course counts for the courses the actor manages (their own,
 * every course for an admin): students, lectures (preview and not) and succeeded revenue, plus totals.
 * Four queries whatever the number of courses: the courses, then three GROUP BY aggregates.
 */
import type { courseOverviewResponseSchema } from '@lectio/contracts/course';
import { courses, enrollments, lectures, payments } from '@lectio/db';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { toMajorUnits } from '../../lib/money';
import type { Actor, ServiceContext } from '../context';
import { isAdmin } from './course-access';

export type CourseOverview = z.input<typeof courseOverviewResponseSchema>['data'];

export async function courseOverview(ctx: ServiceContext, actor: Actor): Promise<CourseOverview> {
  const ownCourses = isAdmin(actor)
    ? undefined
    : ctx.db.select({ id: courses.id }).from(courses).where(eq(courses.instructorId, actor.id));
  const scoped = (
    column: typeof enrollments.courseId | typeof lectures.courseId | typeof payments.courseId,
  ) => (ownCourses ? inArray(column, ownCourses) : undefined);

  const [rows, students, lectureCounts, revenue] = await Promise.all([
    ctx.db
      .select({
        id: courses.id,
        title: courses.title,
        isPublished: courses.isPublished,
        status: courses.status,
      })
      .from(courses)
      .where(ownCourses ? eq(courses.instructorId, actor.id) : undefined)
      .orderBy(desc(courses.createdAt), desc(courses.id)),
    ctx.db
      .select({ courseId: enrollments.courseId, students: count() })
      .from(enrollments)
      .where(scoped(enrollments.courseId))
      .groupBy(enrollments.courseId),
    ctx.db
      .select({
        courseId: lectures.courseId,
        total: count(),
        previews: sql<number>`count(*) filter (where ${lectures.isPreview})`.mapWith(Number),
      })
      .from(lectures)
      .where(scoped(lectures.courseId))
      .groupBy(lectures.courseId),
    ctx.db
      .select({
        courseId: payments.courseId,
        minor: sql<number>`coalesce(sum(${payments.amountMinor}), 0)`.mapWith(Number),
      })
      .from(payments)
      .where(and(eq(payments.status, 'succeeded'), scoped(payments.courseId) as SQL | undefined))
      .groupBy(payments.courseId),
  ]);

  const studentsBy = new Map(students.map((row) => [row.courseId, row.students]));
  const lecturesBy = new Map(lectureCounts.map((row) => [row.courseId, row]));
  const revenueBy = new Map(revenue.map((row) => [row.courseId, row.minor]));
  const list = rows.map((course) => {
    const counts = lecturesBy.get(course.id);
    const total = counts?.total ?? 0;
    const previews = counts?.previews ?? 0;
    return {
      _id: course.id,
      title: course.title,
      isPublished: course.isPublished,
      status: course.status,
      studentsCount: studentsBy.get(course.id) ?? 0,
      lecturesCount: total,
      publicLectures: previews,
      privateLectures: total - previews,
      revenue: toMajorUnits(revenueBy.get(course.id) ?? 0),
    };
  });
  const published = list.filter((course) => course.isPublished).length;
  return {
    totalCourses: list.length,
    publishedCourses: published,
    draftCourses: list.length - published,
    courses: list,
  };
}
