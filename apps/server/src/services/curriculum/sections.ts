/**
 * A course's sections (decision 0075): add one at the end, rename one, delete an empty one. Only the
 * course's instructor or an admin; a section of a course the actor can't see is 404, as the course is.
 */
import { CURRICULUM_LIMITS, CURRICULUM_MESSAGES, type Section } from '@lectio/contracts/curriculum';
import { courseSections, type Database, lectures } from '@lectio/db';
import { lockCourse, renumberCurriculum } from '@lectio/db/curriculum';
import { and, count, eq, max } from 'drizzle-orm';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { assertCanManageCourse } from '../courses/course-access';

type SectionRow = typeof courseSections.$inferSelect;

export function presentSection(row: SectionRow): Section {
  return {
    _id: row.id,
    courseId: row.courseId,
    title: row.title,
    order: row.position,
    opensAfterDays: row.opensAfterDays,
    opensAt: row.opensAt?.toISOString() ?? null,
  };
}

/** A section's drip rule as the input sets it: a rule given replaces the other one; null removes it. */
export interface DripChange {
  opensAfterDays?: number | null | undefined;
  opensAt?: string | null | undefined;
}

function dripColumns(change: DripChange): Partial<Pick<SectionRow, 'opensAfterDays' | 'opensAt'>> {
  if (typeof change.opensAfterDays === 'number')
    return { opensAfterDays: change.opensAfterDays, opensAt: null };
  if (typeof change.opensAt === 'string') return { opensAt: new Date(change.opensAt), opensAfterDays: null };
  return {
    ...(change.opensAfterDays === null ? { opensAfterDays: null } : {}),
    ...(change.opensAt === null ? { opensAt: null } : {}),
  };
}

/** `sectionId` when it is a section of `courseId`; else a 400 naming the field (another course's or none). */
export async function sectionOfCourse(db: Database, courseId: string, sectionId: string): Promise<string> {
  const refuse = () =>
    badRequest(CURRICULUM_MESSAGES.sectionOfAnotherCourse, [
      { path: 'sectionId', message: CURRICULUM_MESSAGES.sectionOfAnotherCourse },
    ]);
  if (!isUuid(sectionId)) throw refuse();
  const [row] = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)));
  if (!row) throw refuse();
  return row.id;
}

/** The section when the actor may manage its course (404 when it doesn't exist or the course is hidden). */
async function loadManagedSection(ctx: ServiceContext, actor: Actor, sectionId: string): Promise<SectionRow> {
  if (!isUuid(sectionId)) throw notFound(CURRICULUM_MESSAGES.sectionNotFound);
  const [section] = await ctx.db.select().from(courseSections).where(eq(courseSections.id, sectionId));
  if (!section) throw notFound(CURRICULUM_MESSAGES.sectionNotFound);
  await assertCanManageCourse(
    ctx,
    actor,
    section.courseId,
    CURRICULUM_MESSAGES.noSectionPermission,
    CURRICULUM_MESSAGES.sectionNotFound,
  );
  return section;
}

export async function createSection(
  ctx: ServiceContext,
  actor: Actor,
  input: { courseId: string; title: string } & DripChange,
): Promise<Section> {
  const course = await assertCanManageCourse(
    ctx,
    actor,
    input.courseId,
    CURRICULUM_MESSAGES.noSectionPermission,
  );
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, course.id);
    const [current] = await tx
      .select({ sections: count(), last: max(courseSections.position) })
      .from(courseSections)
      .where(eq(courseSections.courseId, course.id));
    if ((current?.sections ?? 0) >= CURRICULUM_LIMITS.sections) {
      throw conflict(CURRICULUM_MESSAGES.tooManySections);
    }
    const [inserted] = await tx
      .insert(courseSections)
      .values({
        courseId: course.id,
        title: input.title,
        ...dripColumns(input),
        position: (current?.last ?? 0) + 1,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('section insert returned no row');
  invalidateCatalogue(ctx);
  return presentSection(row);
}

/** Renames a section and/or changes when it opens (fields left out stay as they are). */
export async function updateSection(
  ctx: ServiceContext,
  actor: Actor,
  sectionId: string,
  change: { title?: string | undefined } & DripChange,
): Promise<Section> {
  const section = await loadManagedSection(ctx, actor, sectionId);
  const [row] = await ctx.db
    .update(courseSections)
    .set({
      ...(change.title === undefined ? {} : { title: change.title }),
      ...dripColumns(change),
      updatedAt: ctx.now(),
    })
    .where(eq(courseSections.id, section.id))
    .returning();
  if (!row) throw notFound(CURRICULUM_MESSAGES.sectionNotFound);
  invalidateCatalogue(ctx);
  return presentSection(row);
}

/** Deletes a section that holds no lesson (409 otherwise: nothing is deleted with it). */
export async function deleteSection(ctx: ServiceContext, actor: Actor, sectionId: string): Promise<void> {
  const section = await loadManagedSection(ctx, actor, sectionId);
  await ctx.db.transaction(async (tx) => {
    await lockCourse(tx, section.courseId);
    const [held] = await tx
      .select({ lessons: count() })
      .from(lectures)
      .where(eq(lectures.sectionId, section.id));
    if ((held?.lessons ?? 0) > 0) throw conflict(CURRICULUM_MESSAGES.sectionNotEmpty);
    // Under the lock: of two deletes racing, the second finds nothing and answers 404.
    const deleted = await tx
      .delete(courseSections)
      .where(eq(courseSections.id, section.id))
      .returning({ id: courseSections.id });
    if (deleted.length === 0) throw notFound(CURRICULUM_MESSAGES.sectionNotFound);
    await renumberCurriculum(tx, section.courseId);
  });
  invalidateCatalogue(ctx);
}
