/**
 * Reading review rows and shaping them as the contracts' `Review`: the author's display name and avatar
 * URL, never their e-mail or id; the reply when there is one. Exact created_at text (microseconds) comes
 * along for the keyset cursors.
 */
import type { OwnReview, Review } from '@lectio/contracts/reviews';
import { type Database, reviews, users } from '@lectio/db';
import { eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../context';
import { avatarUrl } from '../users/present-user';

/** `to_char` of a timestamptz in UTC with microseconds, as the cursors carry it. */
export const exactInstant = (column: unknown) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export const reviewColumns = {
  id: reviews.id,
  courseId: reviews.courseId,
  userId: reviews.userId,
  rating: reviews.rating,
  body: reviews.body,
  instructorReply: reviews.instructorReply,
  repliedAt: reviews.repliedAt,
  hiddenAt: reviews.hiddenAt,
  hiddenReason: reviews.hiddenReason,
  createdAt: reviews.createdAt,
  updatedAt: reviews.updatedAt,
  createdAtExact: exactInstant(reviews.createdAt),
  authorName: users.name,
  authorAvatar: users.avatar,
};

/** Reviews joined with their authors; add `.where(...)`, order and limit. */
export function selectReviewRows(db: Database) {
  return db.select(reviewColumns).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).$dynamic();
}

export type ReviewRow = Awaited<ReturnType<ReturnType<typeof selectReviewRows>['execute']>>[number];

export async function presentReview(
  ctx: Pick<ServiceContext, 'storage' | 'config'>,
  row: Omit<ReviewRow, 'createdAtExact' | 'userId'>,
): Promise<Review> {
  return {
    _id: row.id,
    courseId: row.courseId,
    rating: row.rating,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    author: { name: row.authorName, avatar: await avatarUrl(ctx, row.authorAvatar) },
    reply:
      row.instructorReply !== null && row.repliedAt !== null
        ? { body: row.instructorReply, repliedAt: row.repliedAt.toISOString() }
        : null,
  };
}

export async function presentOwnReview(
  ctx: Pick<ServiceContext, 'storage' | 'config'>,
  row: Omit<ReviewRow, 'createdAtExact' | 'userId'>,
): Promise<OwnReview> {
  return { ...(await presentReview(ctx, row)), hidden: row.hiddenAt !== null };
}

/** One review with its author, or undefined (ids that aren't UUIDs name nothing). */
export async function findReviewRow(db: Database, reviewId: string): Promise<ReviewRow | undefined> {
  const [row] = await selectReviewRows(db).where(eq(reviews.id, reviewId)).limit(1);
  return row;
}
