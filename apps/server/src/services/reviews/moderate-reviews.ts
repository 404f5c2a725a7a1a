/**
 * Moderation: the course's instructor (or an admin) replies once to a review; any signed-in user reports a
 * review once (reporting again changes nothing and answers the same); an admin lists the reported reviews
 * and hides one (it stops counting towards the course's rating, recomputed in the same transaction) or
 * shows it again.
 */
import { REVIEW_MESSAGES } from '@lectio/contracts/messages';
import type { ReportedReviewPage, Review } from '@lectio/contracts/reviews';
import { roundRating } from '@lectio/contracts/reviews';
import { courses, reviewReports, reviews, users } from '@lectio/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { newestFirst, pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';
import { canManageCourse, findCourse, isAdmin, loadVisibleCourse } from '../courses/course-access';
import { notifyReply } from '../notifications/events';
import { exactInstant, findReviewRow, presentReview, type ReviewRow, reviewColumns } from './review-rows';
import { type CourseRating, withCourseRating } from './write-review';

/** A review the actor may act on: it exists, and is visible unless the actor is an admin. */
async function reviewFor(ctx: ServiceContext, actor: Actor, reviewId: string): Promise<ReviewRow> {
  const row = isUuid(reviewId) ? await findReviewRow(ctx.db, reviewId) : undefined;
  if (!row || (row.hiddenAt !== null && !isAdmin(actor))) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  return row;
}

export async function replyToReview(
  ctx: ServiceContext,
  actor: Actor,
  reviewId: string,
  body: string,
): Promise<Review> {
  const row = await reviewFor(ctx, actor, reviewId);
  const course = await findCourse(ctx, row.courseId);
  if (!course) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  if (!canManageCourse(actor, course)) {
    // A review of a course the actor can't even see is as good as absent.
    await loadVisibleCourse(ctx, actor, course.id);
    throw forbidden(REVIEW_MESSAGES.replyNotAllowed);
  }
  const replied = await ctx.db.transaction(async (tx) => {
    const [written] = await tx
      .update(reviews)
      .set({ instructorReply: body.trim(), repliedAt: ctx.now() })
      .where(and(eq(reviews.id, row.id), isNull(reviews.instructorReply)))
      .returning({ id: reviews.id });
    if (written)
      await notifyReply(tx, ctx.now(), { authorId: row.userId, courseId: row.courseId, replierId: actor.id });
    return written;
  });
  if (!replied) {
    const current = await findReviewRow(ctx.db, row.id);
    throw current ? conflict(REVIEW_MESSAGES.alreadyReplied) : notFound(REVIEW_MESSAGES.reviewNotFound);
  }
  const updated = await findReviewRow(ctx.db, row.id);
  if (!updated) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  return presentReview(ctx, updated);
}

export async function reportReview(
  ctx: ServiceContext,
  actor: Actor,
  reviewId: string,
  reason: string | undefined,
): Promise<void> {
  const row = isUuid(reviewId) ? await findReviewRow(ctx.db, reviewId) : undefined;
  // Hidden reviews are already dealt with, and nobody but admins can see them.
  if (!row || row.hiddenAt !== null) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  await loadVisibleCourse(ctx, actor, row.courseId);
  if (row.userId === actor.id) throw forbidden(REVIEW_MESSAGES.cannotReportOwn);
  await ctx.db
    .insert(reviewReports)
    .values({ reviewId: row.id, reporterId: actor.id, reason: reason?.trim() || null, createdAt: ctx.now() })
    .onConflictDoNothing({ target: [reviewReports.reviewId, reviewReports.reporterId] });
}

export interface ReportedListInput {
  cursor?: string | undefined;
  limit: number;
}

const lastReported = sql`max(${reviewReports.createdAt})`;

/** The latest five reasons given for a review, newest first, as JSON text. */
const latestReasons = sql<string>`(select coalesce(json_agg(latest.reason), '[]')::text from (select r2.reason from ${reviewReports} r2 where r2.review_id = ${reviews.id} and r2.reason is not null order by r2.created_at desc limit 5) latest)`;

export async function listReportedReviews(
  ctx: ServiceContext,
  input: ReportedListInput,
): Promise<ReportedReviewPage> {
  const { after, order } = newestFirst(lastReported, reviews.id, input.cursor);
  const rows = await ctx.db
    .select({
      ...reviewColumns,
      courseTitle: courses.title,
      reportCount: sql<number>`count(*)::int`,
      lastReportedAt: lastReported.mapWith(reviewReports.createdAt),
      lastReportedExact: exactInstant(lastReported),
      reasons: latestReasons,
    })
    .from(reviewReports)
    .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
    .innerJoin(courses, eq(courses.id, reviews.courseId))
    // The author, for their name and avatar (reviewColumns reads them from `users`).
    .innerJoin(users, eq(users.id, reviews.userId))
    // Grouped by each table's primary key, so their other columns may be selected.
    .groupBy(reviews.id, courses.id, users.id)
    .having(after)
    .orderBy(...order)
    .limit(input.limit + 1);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    createdAt: row.lastReportedExact,
    id: row.id,
  }));
  return {
    reviews: await Promise.all(
      page.map(async (row) => ({
        ...(await presentReview(ctx, row)),
        hidden: row.hiddenAt !== null,
        hiddenAt: row.hiddenAt?.toISOString() ?? null,
        hiddenReason: row.hiddenReason,
        course: { _id: row.courseId, title: row.courseTitle },
        reportCount: row.reportCount,
        lastReportedAt: (row.lastReportedAt as Date).toISOString(),
        reasons: JSON.parse(row.reasons) as string[],
      })),
    ),
    nextCursor,
  };
}

export async function setReviewHidden(
  ctx: ServiceContext,
  actor: Actor,
  reviewId: string,
  hidden: boolean,
): Promise<{ hidden: boolean; courseId: string; course: CourseRating }> {
  const row = isUuid(reviewId) ? await findReviewRow(ctx.db, reviewId) : undefined;
  if (!row) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  const { course } = await withCourseRating(ctx, row.courseId, async (tx) => {
    const [changed] = await tx
      .update(reviews)
      .set(
        hidden
          ? {
              hiddenAt: sql`coalesce(${reviews.hiddenAt}, ${ctx.now().toISOString()}::timestamptz)`,
              hiddenBy: actor.id,
            }
          : { hiddenAt: null, hiddenBy: null, hiddenReason: null },
      )
      .where(eq(reviews.id, row.id))
      .returning({ id: reviews.id });
    if (!changed) throw notFound(REVIEW_MESSAGES.reviewNotFound);
  });
  return {
    hidden,
    courseId: row.courseId,
    course: { rating: roundRating(course.rating), ratingCount: course.ratingCount },
  };
}
