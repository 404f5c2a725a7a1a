/**
 * POST /profile/delete: the caller deletes their own account (docs/decisions/0038). Confirmed with the
 * password (confirm-password.ts). The row stays, because payments point at it for the admin's books, but
 * in one transaction:
 *
 * - personal data is replaced: the name becomes "Deleted user", the e-mail a unique address that can't
 *   receive mail (`deleted-<id>@deleted.invalid`, RFC 2606; the old address is free to sign up again), the
 *   password hash one argon2 can't parse (verifyPassword says false: sign-in answers as for a wrong
 *   password), the avatar goes, the account is inactive and `deleted_at` is set;
 * - the role becomes `guest`, which holds no permission: the analytics rollup of users per role (a
 *   trigger on `users`, migration 0002) then stops counting the account as a student or instructor, and
 *   a rebuild from the table agrees;
 * - every session ends, and unused e-mail links (account_tokens) and the messages sent to the address
 *   (mail_messages) are deleted;
 * - the learning data is deleted: enrollments, watch progress (the completion rollups follow through their
 *   triggers), reviews (with each course's rating recomputed under the course lock the review writes
 *   take, @lectio/db/course-rating), the reports the user made, certificates (they carry the name) and
 *   the user's private lesson notes;
 * - questions and answers stay (others' answers and follows hang on a question; an answer helps whoever
 *   reads it), shown by "Deleted user"; so do the user's upvotes (the counts stay true and need no
 *   recount). The questions the user followed and the reports they made on them are deleted
 *   (decision 0088);
 * - payments stay, pointing at the anonymised row.
 *
 * Refused with 409 while the account owns courses (a course needs its instructor; the user deletes the
 * courses first), and for the last active admin (someone must be able to administer the server). The
 * avatar files are removed from storage after the commit.
 */
import { PROFILE_MESSAGES } from '@lectio/contracts/messages';
import type { ConfirmPasswordRequest } from '@lectio/contracts/profile';
import { confirmPasswordRequestSchema } from '@lectio/contracts/profile';
import {
  accountTokens,
  certificates,
  courses,
  type Database,
  discussionReports,
  enrollments,
  lectureProgress,
  lessonNotes,
  mailMessages,
  questionFollows,
  reviewReports,
  reviews,
  users,
} from '@lectio/db';
import { lockCourseForRating, recomputeCourseRating } from '@lectio/db/course-rating';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { conflict } from '../../lib/errors';
import { avatarFolder } from '../../storage/storage-port';
import { revokeAllSessions } from '../auth/auth-service';
import type { Actor, ServiceContext } from '../context';
import { confirmPassword, type RequestOrigin } from './confirm-password';

/** A password hash argon2 can't parse: no password ever verifies against it. */
export const UNUSABLE_PASSWORD_HASH = '!deleted';

/** The e-mail a deleted account keeps: unique (the id) and undeliverable (`.invalid`, RFC 2606). */
export const deletedEmail = (userId: string) => `deleted-${userId}@deleted.invalid`;

const liveAdmins = and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt));

/**
 * Locks every live admin row, in id order. An admin's deletion takes these locks before anything else,
 * so of two admins deleting themselves at once the second waits for the first, then sees its deletion
 * (and is refused if no admin is left); the one order means they can't deadlock.
 */
async function lockLiveAdmins(tx: Database): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(liveAdmins).orderBy(users.id).for('update');
}

async function assertMayDelete(tx: Database, actor: Actor, role: string): Promise<void> {
  const [owned] = await tx
    .select({ courses: count() })
    .from(courses)
    .where(eq(courses.instructorId, actor.id));
  if ((owned?.courses ?? 0) > 0) throw conflict(PROFILE_MESSAGES.ownsCourses);
  if (role !== 'admin') return;
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(liveAdmins, ne(users.id, actor.id)));
  if (others.length === 0) throw conflict(PROFILE_MESSAGES.lastAdmin);
}

/** Deletes the user's reviews, each course's rating recomputed under its lock (in id order: no deadlock). */
async function deleteReviews(tx: Database, userId: string): Promise<void> {
  const reviewed = await tx
    .select({ courseId: reviews.courseId })
    .from(reviews)
    .where(eq(reviews.userId, userId))
    .orderBy(reviews.courseId);
  for (const { courseId } of reviewed) await lockCourseForRating(tx, courseId);
  await tx.delete(reviews).where(eq(reviews.userId, userId));
  for (const { courseId } of reviewed) await recomputeCourseRating(tx, courseId);
}

export async function deleteAccount(
  ctx: ServiceContext,
  actor: Actor,
  input: ConfirmPasswordRequest,
  origin: RequestOrigin,
): Promise<void> {
  const body = confirmPasswordRequestSchema.parse(input);
  await confirmPassword(ctx, actor, body.password, 'password', origin);
  const now = ctx.now();

  await ctx.db.transaction(async (tx) => {
    if (actor.role === 'admin') await lockLiveAdmins(tx);
    const [me] = await tx
      .select({ role: users.role })
      .from(users)
      .where(and(eq(users.id, actor.id), isNull(users.deletedAt)))
      .for('update');
    // Deleted meanwhile (another tab): nothing left to do.
    if (!me) return;
    await assertMayDelete(tx, actor, me.role);

    await deleteReviews(tx, actor.id);
    await tx.delete(reviewReports).where(eq(reviewReports.reporterId, actor.id));
    await tx.delete(questionFollows).where(eq(questionFollows.userId, actor.id));
    await tx.delete(discussionReports).where(eq(discussionReports.reporterId, actor.id));
    await tx.delete(certificates).where(eq(certificates.userId, actor.id));
    await tx.delete(lectureProgress).where(eq(lectureProgress.userId, actor.id));
    await tx.delete(lessonNotes).where(eq(lessonNotes.userId, actor.id));
    await tx.delete(enrollments).where(eq(enrollments.userId, actor.id));
    await tx.delete(accountTokens).where(eq(accountTokens.userId, actor.id));
    await tx.delete(mailMessages).where(eq(mailMessages.userId, actor.id));
    await revokeAllSessions(tx, now, actor.id, 'account_deleted');
    await tx
      .update(users)
      .set({
        name: PROFILE_MESSAGES.deletedUserName,
        email: deletedEmail(actor.id),
        passwordHash: UNUSABLE_PASSWORD_HASH,
        avatar: null,
        role: 'guest',
        isActive: false,
        emailVerifiedAt: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, actor.id));
  });

  try {
    await ctx.storage.deletePrefix(avatarFolder(actor.id));
  } catch (error) {
    console.warn(`lectio: could not delete the avatar files of user ${actor.id}:`, error);
  }
}
