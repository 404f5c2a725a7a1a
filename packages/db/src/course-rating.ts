/**
 * A course's `rating` and `rating_count` are derived from its visible reviews (hidden_at is null), never
 * written by hand: every review write (create, edit, delete, hide, unhide) runs, in one transaction,
 * `lockCourseForRating` first, then its write, then `recomputeCourseRating`. The course row lock queues
 * concurrent writers on one course, so each recompute (a new statement, hence a new snapshot under READ
 * COMMITTED) sees every review committed before it: no lost update, whatever the interleaving
 * (docs/decisions/0036-reviews-and-ratings.md). The demo seed uses the same recompute.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { courses } from './schema/courses';
import { reviews } from './schema/reviews';

/** Locks the course row until the transaction ends; false when there is no such course. */
export async function lockCourseForRating(tx: Database, courseId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(eq(courses.id, courseId))
    .for('update');
  return rows.length > 0;
}

/**
 * Sets the course's rating (the mean of its visible reviews' stars, full `real` precision; 0 without
 * any) and rating_count (how many), in one statement. Returns the stored values.
 */
export async function recomputeCourseRating(
  tx: Database,
  courseId: string,
): Promise<{ rating: number; ratingCount: number } | undefined> {
  const visible = sql`${reviews.courseId} = ${courses.id} and ${reviews.hiddenAt} is null`;
  const [row] = await tx
    .update(courses)
    .set({
      rating: sql`coalesce((select avg(${reviews.rating}) from ${reviews} where ${visible}), 0)`,
      ratingCount: sql`(select count(*) from ${reviews} where ${visible})`,
    })
    .where(eq(courses.id, courseId))
    .returning({ rating: courses.rating, ratingCount: courses.ratingCount });
  return row;
}
