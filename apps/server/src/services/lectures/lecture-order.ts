/**
 * Puts a course's lectures in the given flat order (the spec's `/videos` view) within their sections: a
 * lecture keeps its section, so the order is applied inside each section and the positions are then
 * renumbered in curriculum order (decision 0075). Moving lessons across sections is `curriculum.arrange`.
 */
import { type Database, lectures } from '@lectio/db';
import { renumberCurriculum } from '@lectio/db/curriculum';
import { and, eq, inArray, sql } from 'drizzle-orm';

export async function writeLectureOrder(db: Database, courseId: string, orderedIds: string[]): Promise<void> {
  if (orderedIds.length > 0) {
    const cases = orderedIds.map((id, index) => sql`when ${id}::uuid then ${index + 1}::integer`);
    await db
      .update(lectures)
      .set({ position: sql`case ${lectures.id} ${sql.join(cases, sql` `)} end` })
      .where(and(eq(lectures.courseId, courseId), inArray(lectures.id, orderedIds)));
  }
  await renumberCurriculum(db, courseId);
}

/** `ids` with `id` moved to 1-based position `order` (clamped to the list). */
export function moveTo(ids: string[], id: string, order: number): string[] {
  const rest = ids.filter((other) => other !== id);
  const index = Math.min(Math.max(order - 1, 0), rest.length);
  return [...rest.slice(0, index), id, ...rest.slice(index)];
}
