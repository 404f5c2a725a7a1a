/**
 * The two writes every change to a course's curriculum shares (decision 0075): the section a lecture
 * goes to when none is named, and the renumbering that keeps `lectures.position` the lecture's place in
 * the whole course (by section, then within it), which is the order every reader uses.
 */
import { CURRICULUM_TEXT } from '@lectio/contracts/curriculum';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { courseSections, courses } from './schema/courses';

/**
 * Locks the course row for the rest of the transaction, so concurrent curriculum writers don't collide
 * on positions. FOR NO KEY UPDATE orders those writers all the same but, unlike FOR UPDATE, doesn't hold
 * up the foreign-key checks of rows that point at the course (enrollments, progress, reviews).
 */
export async function lockCourse(tx: Database, courseId: string): Promise<void> {
  await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, courseId)).for('no key update');
}

/** The course's last section, made first ("Course content") when the course has none. */
export async function lastSectionOf(db: Database, courseId: string, now: Date = new Date()): Promise<string> {
  const [last] = await db
    .select({ id: courseSections.id })
    .from(courseSections)
    .where(eq(courseSections.courseId, courseId))
    .orderBy(desc(courseSections.position), desc(courseSections.createdAt))
    .limit(1);
  if (last) return last.id;
  const [made] = await db
    .insert(courseSections)
    .values({ courseId, title: CURRICULUM_TEXT.defaultSection, position: 1, createdAt: now, updatedAt: now })
    .returning({ id: courseSections.id });
  if (!made) throw new Error('lastSectionOf: insert returned no row');
  return made.id;
}

/**
 * Renumbers the course's sections 1..n (in their order) and its lectures 1..n in curriculum order: by
 * section, then by the lecture's current position (a new or moved lecture's position only has to place it
 * within its section). Two statements; callers hold the course row's lock.
 */
export async function renumberCurriculum(db: Database, courseId: string): Promise<void> {
  await db.execute(sql`
    update course_sections s set position = o.n
      from (select id, row_number() over (order by position, created_at, id)::int as n
              from course_sections where course_id = ${courseId}) o
     where s.id = o.id and s.position <> o.n`);
  await db.execute(sql`
    update lectures l set position = o.n
      from (select l2.id, row_number() over (order by s.position, l2.position, l2.created_at, l2.id)::int as n
              from lectures l2 join course_sections s on s.id = l2.section_id
             where l2.course_id = ${courseId}) o
     where l.id = o.id and l.position <> o.n`);
}
