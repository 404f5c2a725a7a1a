/**
 * The notifications of each event, written by `notify` in the transaction of the event itself. Each
 * function reads what its texts need (names, titles) through that transaction, so the notification says
 * what was true when the event committed.
 */
import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import { courses, type Database, users } from '@lectio/db';
import { eq } from 'drizzle-orm';
import { moneyText } from '../../lib/money';
import { notify } from './notifications';

async function courseAndOwner(tx: Database, courseId: string) {
  const [course] = await tx
    .select({ id: courses.id, title: courses.title, instructorId: courses.instructorId })
    .from(courses)
    .where(eq(courses.id, courseId));
  return course;
}

async function nameOf(tx: Database, userId: string): Promise<string> {
  const [user] = await tx.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return user?.name ?? '';
}

/**
 * A new enrollment: the buyer hears their purchase went through (a paid one), the course's instructor
 * that they have a new student (not when they enrolled in their own course).
 */
export async function notifyEnrollment(
  tx: Database,
  now: Date,
  enrollment: { userId: string; courseId: string; paid: boolean },
): Promise<void> {
  const course = await courseAndOwner(tx, enrollment.courseId);
  if (!course) return;
  const link = `course/${course.id}`;
  const items = [];
  if (enrollment.paid)
    items.push({
      userId: enrollment.userId,
      kind: 'purchase_succeeded' as const,
      ...NOTIFICATION_TEXT.purchaseSucceeded(course.title),
      link,
    });
  if (course.instructorId && course.instructorId !== enrollment.userId)
    items.push({
      userId: course.instructorId,
      kind: 'student_enrolled' as const,
      ...NOTIFICATION_TEXT.studentEnrolled(await nameOf(tx, enrollment.userId), course.title),
      link: 'course-list',
    });
  await notify(tx, now, items);
}

/** An admin published or unpublished someone else's course: its instructor hears it. */
export async function notifyPublication(
  tx: Database,
  now: Date,
  change: { courseId: string; published: boolean; actorId: string },
): Promise<void> {
  const course = await courseAndOwner(tx, change.courseId);
  if (!course?.instructorId || course.instructorId === change.actorId) return;
  await notify(tx, now, {
    userId: course.instructorId,
    kind: change.published ? 'course_published' : 'course_unpublished',
    ...(change.published
      ? NOTIFICATION_TEXT.coursePublished(course.title)
      : NOTIFICATION_TEXT.courseUnpublished(course.title)),
    link: `update/${course.id}`,
  });
}

/** A refund went through: the buyer hears how much and for which course. */
export async function notifyRefund(
  tx: Database,
  now: Date,
  refund: { userId: string; courseId: string | null; amountMinor: number; currency: string },
): Promise<void> {
  const course = refund.courseId ? await courseAndOwner(tx, refund.courseId) : undefined;
  await notify(tx, now, {
    userId: refund.userId,
    kind: 'refund_issued',
    ...NOTIFICATION_TEXT.refundIssued(moneyText(refund.amountMinor, refund.currency), course?.title ?? ''),
    link: 'purchases',
  });
}

/** A new review: the course's instructor hears who rated it and how. */
export async function notifyReview(
  tx: Database,
  now: Date,
  review: { authorId: string; courseId: string; rating: number },
): Promise<void> {
  const course = await courseAndOwner(tx, review.courseId);
  if (!course?.instructorId || course.instructorId === review.authorId) return;
  await notify(tx, now, {
    userId: course.instructorId,
    kind: 'review_posted',
    ...NOTIFICATION_TEXT.reviewPosted(await nameOf(tx, review.authorId), review.rating, course.title),
    link: `course/${course.id}`,
  });
}

/** The instructor (or an admin) replied to a review: its author hears it. */
export async function notifyReply(
  tx: Database,
  now: Date,
  reply: { authorId: string; courseId: string; replierId: string },
): Promise<void> {
  if (reply.authorId === reply.replierId) return;
  const course = await courseAndOwner(tx, reply.courseId);
  await notify(tx, now, {
    userId: reply.authorId,
    kind: 'review_replied',
    ...NOTIFICATION_TEXT.reviewReplied(await nameOf(tx, reply.replierId), course?.title ?? ''),
    link: `course/${reply.courseId}`,
  });
}

/** A payout reached the instructor's account. */
export async function notifyPayout(
  tx: Database,
  now: Date,
  payout: { instructorId: string; amountMinor: number; currency: string },
): Promise<void> {
  await notify(tx, now, {
    userId: payout.instructorId,
    kind: 'payout_paid',
    ...NOTIFICATION_TEXT.payoutPaid(moneyText(payout.amountMinor, payout.currency)),
    link: 'earnings',
  });
}

/** An admin changed a user's role or lifted their suspension. */
export async function notifyAccountChange(
  tx: Database,
  now: Date,
  change: { userId: string; newRole: string | null; reactivated: boolean },
): Promise<void> {
  const items = [];
  if (change.newRole !== null)
    items.push({
      userId: change.userId,
      kind: 'role_changed' as const,
      ...NOTIFICATION_TEXT.roleChanged(change.newRole.replaceAll('_', ' ')),
      link: '',
    });
  if (change.reactivated)
    items.push({
      userId: change.userId,
      kind: 'account_reactivated' as const,
      ...NOTIFICATION_TEXT.accountReactivated(),
      link: '',
    });
  await notify(tx, now, items);
}
