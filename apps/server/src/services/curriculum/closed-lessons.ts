/**
 * The lessons of a course still closed to a viewer by drip (drip.ts's rule, applied to each lesson of a
 * section that has one): what a course-wide list must leave out for a learner, as each lesson's own page
 * does. Empty for anyone drip doesn't hold back (the course's managers, visitors).
 */
import { courseSections, type Database, lectures } from '@lectio/db';
import { and, eq, isNotNull, or } from 'drizzle-orm';
import type { CourseAccess } from '../courses/course-access';
import { closedUntil, isLearner } from './drip';

export async function closedLessonIds(
  db: Database,
  courseId: string,
  access: Pick<CourseAccess, 'canManage' | 'enrolledAt'>,
  now: Date,
): Promise<string[]> {
  if (!isLearner(access)) return [];
  const rows = await db
    .select({
      id: lectures.id,
      isPreview: lectures.isPreview,
      opensAfterDays: courseSections.opensAfterDays,
      opensAt: courseSections.opensAt,
    })
    .from(lectures)
    .innerJoin(courseSections, eq(courseSections.id, lectures.sectionId))
    .where(
      and(
        eq(lectures.courseId, courseId),
        or(isNotNull(courseSections.opensAfterDays), isNotNull(courseSections.opensAt)),
      ),
    );
  return rows
    .filter(
      (row) =>
        closedUntil(
          {
            sectionOpensAfterDays: row.opensAfterDays,
            sectionOpensAtMs: row.opensAt?.getTime() ?? null,
            isPreview: row.isPreview,
          },
          access,
          now,
        ) !== null,
    )
    .map((row) => row.id);
}
