/**
 * The notifications of each event, written by `notify` in the transaction of the event itself. Each
 * function reads what its texts need (names, titles) through that transaction, so the notification says
 * what was true when the event committed.
 */
import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import { questionLink } from '@lectio/contracts/questions';
import { courseQuestions, courses, type Database, enrollments, questionFollows, users } from '@lectio/db';
import { and, eq, ne, or, sql } from 'drizzle-orm';
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

/** A new question: the course's instructor hears who asked what (not when they asked it themselves). */
export async function notifyQuestionAsked(
  tx: Database,
  now: Date,
  question: { id: string; courseId: string; lectureId: string | null; title: string; askerId: string },
): Promise<void> {
  const course = await courseAndOwner(tx, question.courseId);
  if (!course?.instructorId || course.instructorId === question.askerId) return;
  await notify(tx, now, {
    userId: course.instructorId,
    kind: 'question_asked',
    ...NOTIFICATION_TEXT.questionAsked(await nameOf(tx, question.askerId), question.title, course.title),
    link: questionLink(question),
  });
}

/** Who heard of a new answer, and what the notification told them (its e-mail tells the same). */
export interface AnswerHeard {
  courseId: string;
  questionTitle: string;
  authorName: string;
  /** The notification's link: a path inside each recipient's dashboard section. */
  link: string;
  followers: { userId: string }[];
}

/**
 * A new answer: every follower of the question but the answer's author hears it, as long as they may
 * still read it (enrolled, the course's instructor, or an admin: a refunded follower is left out).
 * Returns who heard it (null when no one did).
 */
export async function notifyQuestionAnswered(
  tx: Database,
  now: Date,
  answer: { questionId: string; authorId: string },
): Promise<AnswerHeard | null> {
  const [question] = await tx
    .select({
      id: courseQuestions.id,
      courseId: courseQuestions.courseId,
      lectureId: courseQuestions.lectureId,
      title: courseQuestions.title,
      instructorId: courses.instructorId,
    })
    .from(courseQuestions)
    .innerJoin(courses, eq(courses.id, courseQuestions.courseId))
    .where(eq(courseQuestions.id, answer.questionId));
  if (!question) return null;
  const followers = await tx
    .select({ userId: questionFollows.userId })
    .from(questionFollows)
    .innerJoin(users, eq(users.id, questionFollows.userId))
    .where(
      and(
        eq(questionFollows.questionId, question.id),
        ne(questionFollows.userId, answer.authorId),
        or(
          eq(users.role, 'admin'),
          question.instructorId ? eq(users.id, question.instructorId) : undefined,
          sql`exists (select 1 from ${enrollments} where ${enrollments.userId} = ${users.id} and ${enrollments.courseId} = ${question.courseId})`,
        ),
      ),
    );
  if (followers.length === 0) return null;
  const authorName = await nameOf(tx, answer.authorId);
  const text = NOTIFICATION_TEXT.questionAnswered(authorName, question.title);
  const link = questionLink(question);
  await notify(
    tx,
    now,
    followers.map((follower) => ({
      userId: follower.userId,
      kind: 'question_answered' as const,
      ...text,
      link,
    })),
  );
  return {
    courseId: question.courseId,
    questionTitle: question.title,
    authorName,
    link,
    followers,
  };
}
