/**
 * Puts a course's sections and lessons in a new order in one call, as a drag-and-drop editor holds it
 * (decision 0075): the input lists every section of the course once, in order, each with every lesson it
 * should hold, in order, so lessons may move across sections. Anything else (a missing, repeated or
 * foreign section or lesson) is refused with 400 and nothing changes. Under the course row's lock.
 */
import { type ArrangeCurriculumRequest, CURRICULUM_MESSAGES } from '@lectio/contracts/curriculum';
import { courseSections, lectures } from '@lectio/db';
import { lockCourse, renumberCurriculum } from '@lectio/db/curriculum';
import { eq, type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { assertCanManageCourse } from '../courses/course-access';
import { type Curriculum, curriculumOf } from './read-curriculum';

/** Whether `listed` names every id of `known` exactly once and nothing else. */
function isExactly(listed: readonly string[], known: ReadonlySet<string>): boolean {
  return (
    listed.length === known.size &&
    new Set(listed).size === listed.length &&
    listed.every((id) => known.has(id))
  );
}

const caseOf = (column: SQL, pairs: [string, SQL][]) =>
  sql`case ${column} ${sql.join(
    pairs.map(([id, value]) => sql`when ${id}::uuid then ${value}`),
    sql` `,
  )} end`;

export async function arrangeCurriculum(
  ctx: ServiceContext,
  actor: Actor,
  input: ArrangeCurriculumRequest,
): Promise<Curriculum> {
  const course = await assertCanManageCourse(
    ctx,
    actor,
    input.courseId,
    CURRICULUM_MESSAGES.noSectionPermission,
  );
  const wanted = input.sections.map((section) => ({
    sectionId: section.sectionId.toLowerCase(),
    lessonIds: section.lessonIds.map((id) => id.toLowerCase()),
  }));
  const curriculum = await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const sections = await tx
      .select({ id: courseSections.id })
      .from(courseSections)
      .where(eq(courseSections.courseId, course.id));
    const lessons = await tx
      .select({ id: lectures.id })
      .from(lectures)
      .where(eq(lectures.courseId, course.id));
    const sameSections = isExactly(
      wanted.map((section) => section.sectionId),
      new Set(sections.map((row) => row.id)),
    );
    const sameLessons = isExactly(
      wanted.flatMap((section) => section.lessonIds),
      new Set(lessons.map((row) => row.id)),
    );
    if (!sameSections || !sameLessons) {
      throw badRequest(CURRICULUM_MESSAGES.arrangeMismatch, [
        { path: 'sections', message: CURRICULUM_MESSAGES.arrangeMismatch },
      ]);
    }
    await tx
      .update(courseSections)
      .set({
        position: caseOf(
          sql`${courseSections.id}`,
          wanted.map((section, index) => [section.sectionId, sql`${index + 1}::integer`]),
        ),
      })
      .where(eq(courseSections.courseId, course.id));
    const placed = wanted.flatMap((section) =>
      section.lessonIds.map((id) => ({ id, sectionId: section.sectionId })),
    );
    if (placed.length > 0) {
      await tx
        .update(lectures)
        .set({
          sectionId: caseOf(
            sql`${lectures.id}`,
            placed.map((lesson) => [lesson.id, sql`${lesson.sectionId}::uuid`]),
          ),
          position: caseOf(
            sql`${lectures.id}`,
            placed.map((lesson, index) => [lesson.id, sql`${index + 1}::integer`]),
          ),
        })
        .where(eq(lectures.courseId, course.id));
    }
    await renumberCurriculum(tx, course.id);
    return curriculumOf(tx, course.id);
  });
  invalidateCatalogue(ctx);
  return curriculum;
}
