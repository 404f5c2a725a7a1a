/**
 * Reading a course's reviews: the latest visible ones (keyset pages on created_at DESC, id DESC, which
 * the partial index reviews_course_visible_idx serves), the summary (the course's rating and count with
 * the star distribution, in one statement so the three always agree), and the viewer's own review with
 * what they may do. A course the viewer may not see is 404, as everywhere (decision 0007).
 */

import { REVIEW_STARS } from '@lectio/contracts/constants';
import { can } from '@lectio/contracts/permissions';
import type { MyReview, ReviewPage, ReviewSummary } from '@lectio/contracts/reviews';
import { roundRating } from '@lectio/contracts/reviews';
import { courses, reviews } from '@lectio/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { newestFirst, pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';
import { loadVisibleCourse } from '../courses/course-access';
import { reviewRefusal } from './review-eligibility';
import { presentOwnReview, presentReview, selectReviewRows } from './review-rows';

export interface ReviewListInput {
  courseId: string;
  cursor?: string | undefined;
  limit: number;
}

export async function listReviews(
  ctx: ServiceContext,
  actor: Actor | null,
  input: ReviewListInput,
): Promise<ReviewPage> {
  // Decoded first, so that a bad cursor is a 400 before any query runs.
  const { after, order } = newestFirst(reviews.createdAt, reviews.id, input.cursor);
  const { course } = await loadVisibleCourse(ctx, actor, input.courseId);
  const rows = await selectReviewRows(ctx.db)
    .where(and(eq(reviews.courseId, course.id), isNull(reviews.hiddenAt), after))
    .orderBy(...order)
    .limit(input.limit + 1);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    createdAt: row.createdAtExact,
    id: row.id,
  }));
  return { reviews: await Promise.all(page.map((row) => presentReview(ctx, row))), nextCursor };
}

const visibleOfCourse = sql`${reviews.courseId} = ${courses.id} and ${reviews.hiddenAt} is null`;

/** `[count of 5 stars, …, count of 1 star]` as JSON text, in REVIEW_STARS order. */
const distributionJson = sql<string>`(select json_build_array(${sql.join(
  REVIEW_STARS.map((stars) => sql`count(*) filter (where ${reviews.rating} = ${sql.raw(String(stars))})`),
  sql`, `,
)})::text from ${reviews} where ${visibleOfCourse})`;

export async function reviewSummary(
  ctx: ServiceContext,
  actor: Actor | null,
  courseId: string,
): Promise<ReviewSummary> {
  const { course } = await loadVisibleCourse(ctx, actor, courseId);
  const [row] = await ctx.db
    .select({ rating: courses.rating, ratingCount: courses.ratingCount, distribution: distributionJson })
    .from(courses)
    .where(eq(courses.id, course.id));
  if (!row) throw new Error(`course ${course.id} vanished`);
  const counts = JSON.parse(row.distribution) as number[];
  return {
    courseId: course.id,
    average: roundRating(row.rating),
    count: row.ratingCount,
    distribution: REVIEW_STARS.map((stars, index) => ({ stars, count: counts[index] ?? 0 })),
  };
}

export async function myReview(ctx: ServiceContext, actor: Actor, courseId: string): Promise<MyReview> {
  const { course, access } = await loadVisibleCourse(ctx, actor, courseId);
  const canReply = access.canManage;
  const [row] = await selectReviewRows(ctx.db)
    .where(and(eq(reviews.courseId, course.id), eq(reviews.userId, actor.id)))
    .limit(1);
  if (row) return { review: await presentOwnReview(ctx, row), canReview: false, canReply, notice: null };
  const refusal = await reviewRefusal(ctx, actor, course);
  // The reason is for students; the course's instructor and admins moderate instead of reviewing.
  const notice = refusal && can(actor, 'track_progress') && !canReply ? refusal : null;
  return { review: null, canReview: refusal === null, canReply, notice };
}
