/**
 * A student's own review: create (once per course: a second is a 409, editing is `updateReview`), edit
 * and delete. Every write runs in `withCourseRating`: one transaction that locks the course row, writes,
 * and recomputes the course's rating and rating count from its visible reviews, so the figures can't lose
 * an update under concurrency (packages/db/src/course-rating.ts). The cached catalogue pages show the
 * rating, so they are dropped after each write, as course writes do.
 */
import { COURSE_MESSAGES, REVIEW_MESSAGES } from '@lectio/contracts/messages';
import type { OwnReview } from '@lectio/contracts/reviews';
import { type Database, reviews } from '@lectio/db';
import { lockCourseForRating, recomputeCourseRating } from '@lectio/db/course-rating';
import { and, eq } from 'drizzle-orm';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { loadVisibleCourse } from '../courses/course-access';
import { notifyReview } from '../notifications/events';
import { assertMayReview } from './review-eligibility';
import { findReviewRow, presentOwnReview, type ReviewRow } from './review-rows';

export interface CourseRating {
  rating: number;
  ratingCount: number;
}

/**
 * Runs `write` in a transaction that holds the course's row lock, then recomputes the course's rating in
 * the same transaction; once committed, the cached catalogue pages go. A course that no longer exists is
 * a 404 (its reviews went with it).
 */
export async function withCourseRating<T>(
  ctx: ServiceContext,
  courseId: string,
  write: (tx: Database) => Promise<T>,
): Promise<{ result: T; course: CourseRating }> {
  const outcome = await ctx.db.transaction(async (tx) => {
    if (!(await lockCourseForRating(tx, courseId))) throw notFound(COURSE_MESSAGES.courseNotFound);
    const result = await write(tx);
    const course = await recomputeCourseRating(tx, courseId);
    if (!course) throw new Error(`course ${courseId} vanished under its lock`);
    return { result, course };
  });
  invalidateCatalogue(ctx);
  return outcome;
}

/** Stored text: trimmed by the schema; blank is no text. */
const storedBody = (body: string | null | undefined): string | null => body?.trim() || null;

async function loadOwnReview(ctx: ServiceContext, reviewId: string): Promise<OwnReview> {
  const row = await findReviewRow(ctx.db, reviewId);
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  return presentOwnReview(ctx, row);
}

/** The actor's own review: 404 when there is none by that id, 403 when it is someone else's (visible) one. */
async function ownReviewRow(ctx: ServiceContext, actor: Actor, reviewId: string): Promise<ReviewRow> {
  const row = isUuid(reviewId) ? await findReviewRow(ctx.db, reviewId) : undefined;
  if (!row || (row.userId !== actor.id && row.hiddenAt !== null)) {
    throw notFound(REVIEW_MESSAGES.reviewNotFound);
  }
  if (row.userId !== actor.id) throw forbidden(REVIEW_MESSAGES.notYourReview);
  return row;
}

export interface CreateReviewInput {
  rating: number;
  body?: string | null | undefined;
}

export async function createReview(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
  input: CreateReviewInput,
): Promise<OwnReview> {
  const { course } = await loadVisibleCourse(ctx, actor, courseId);
  await assertMayReview(ctx, actor, course);
  const now = ctx.now();
  const { result: reviewId } = await withCourseRating(ctx, course.id, async (tx) => {
    const [created] = await tx
      .insert(reviews)
      .values({
        courseId: course.id,
        userId: actor.id,
        rating: input.rating,
        body: storedBody(input.body),
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [reviews.courseId, reviews.userId] })
      .returning({ id: reviews.id });
    if (!created) throw conflict(REVIEW_MESSAGES.alreadyReviewed);
    await notifyReview(tx, now, { authorId: actor.id, courseId: course.id, rating: input.rating });
    return created.id;
  });
  return loadOwnReview(ctx, reviewId);
}

export interface UpdateReviewInput {
  rating?: number | undefined;
  body?: string | null | undefined;
}

export async function updateReview(
  ctx: ServiceContext,
  actor: Actor,
  reviewId: string,
  input: UpdateReviewInput,
): Promise<OwnReview> {
  const existing = await ownReviewRow(ctx, actor, reviewId);
  await withCourseRating(ctx, existing.courseId, async (tx) => {
    const [updated] = await tx
      .update(reviews)
      .set({
        ...(input.rating !== undefined ? { rating: input.rating } : {}),
        ...(input.body !== undefined ? { body: storedBody(input.body) } : {}),
        updatedAt: ctx.now(),
      })
      .where(and(eq(reviews.id, existing.id), eq(reviews.userId, actor.id)))
      .returning({ id: reviews.id });
    // Deleted by a concurrent call since it was read.
    if (!updated) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  });
  return loadOwnReview(ctx, existing.id);
}

export async function deleteReview(ctx: ServiceContext, actor: Actor, reviewId: string): Promise<void> {
  const existing = await ownReviewRow(ctx, actor, reviewId);
  await withCourseRating(ctx, existing.courseId, async (tx) => {
    const deleted = await tx
      .delete(reviews)
      .where(and(eq(reviews.id, existing.id), eq(reviews.userId, actor.id)))
      .returning({ id: reviews.id });
    if (deleted.length === 0) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  });
}
