/**
 * E-mail about a course (issue 28, decision 0089): announcements and answers to followed questions.
 *
 * - `queueCourseMails` is the one way to queue such an e-mail: in the caller's transaction, to those of
 *   the given users who are active and have not opted out of the course, each with their own one-click
 *   unsubscribe link (its List-Unsubscribe header and the visible line at the foot of the letter).
 * - The link's token (unsubscribe-token.ts) is the only authority the unsubscribe operations need: no
 *   sign-in, and only the user and course it was signed for. A bad token changes nothing (400).
 * - A signed-in user reads and sets their own choice for a course they may see.
 *
 * The choice is one row in course_mail_opt_outs (user, course): there means "no e-mail".
 */
import {
  COURSE_MAIL_MESSAGES,
  type CourseMailSubscription,
  UNSUBSCRIBE_PATH,
} from '@lectio/contracts/course-mail';
import { roleBasePath } from '@lectio/contracts/navigation';
import { notificationHref } from '@lectio/contracts/notifications';
import { courseMailOptOuts, courses, type Database, users } from '@lectio/db';
import { and, eq, inArray, isNull, notExists } from 'drizzle-orm';
import { badRequest, notFound } from '../../lib/errors';
import { linkWithToken, type RenderedMail } from '../../mail/templates';
import type { Actor, ServiceContext } from '../context';
import { loadVisibleCourse } from '../courses/course-access';
import { enqueueMails } from '../mail/enqueue-mail';
import { readUnsubscribeToken, signUnsubscribeToken, type UnsubscribeStatement } from './unsubscribe-token';

/** Who a course e-mail goes to, as the letter's `compose` gets them. */
export interface CourseMailRecipient {
  userId: string;
  name: string;
  email: string;
  /** Their one-click unsubscribe link for this course: put it in the letter (templates' `unsubscribe`). */
  unsubscribeUrl: string;
  /**
   * The absolute address of an in-app link (a notification's `link`, such as `course/<id>`) in this
   * recipient's own section of the app, as the bell opens it.
   */
  appUrl(link: string): string;
}

/** `${PUBLIC_URL}/unsubscribe?token=…` for this user and course. */
export function unsubscribeUrlFor(
  ctx: Pick<ServiceContext, 'config'>,
  statement: UnsubscribeStatement,
): string {
  return linkWithToken(
    ctx.config.publicUrl,
    UNSUBSCRIBE_PATH,
    signUnsubscribeToken(ctx.config.jwtSecret, statement),
  );
}

/**
 * Queues an e-mail about `courseId` to each of `userIds` who is active, not deleted, and has not opted
 * out of the course's e-mail, in the caller's transaction `tx` (so it exists exactly when the event it
 * tells of committed). `compose` writes each recipient's letter; the message row keeps the recipient's
 * unsubscribe link, which the mail drivers send as List-Unsubscribe + List-Unsubscribe-Post (RFC 8058).
 * Returns the user ids an e-mail was queued for (the others opted out or can't be written to).
 */
export async function queueCourseMails(
  ctx: Pick<ServiceContext, 'config' | 'jobs' | 'now'>,
  tx: Database,
  input: {
    courseId: string;
    userIds: readonly string[];
    compose: (recipient: CourseMailRecipient) => RenderedMail;
  },
): Promise<string[]> {
  if (input.userIds.length === 0) return [];
  const recipients = await tx
    .select({ id: users.id, name: users.name, email: users.email, role: users.role })
    .from(users)
    .where(
      and(
        inArray(users.id, [...input.userIds]),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        notExists(
          tx
            .select({ userId: courseMailOptOuts.userId })
            .from(courseMailOptOuts)
            .where(
              and(eq(courseMailOptOuts.userId, users.id), eq(courseMailOptOuts.courseId, input.courseId)),
            ),
        ),
      ),
    )
    .orderBy(users.id);
  await enqueueMails(
    ctx,
    recipients.map((user) => {
      const unsubscribeUrl = unsubscribeUrlFor(ctx, { userId: user.id, courseId: input.courseId });
      const letter = input.compose({
        userId: user.id,
        name: user.name,
        email: user.email,
        unsubscribeUrl,
        appUrl: (link) => `${ctx.config.publicUrl}${notificationHref(roleBasePath(user.role), link)}`,
      });
      return { ...letter, userId: user.id, to: user.email, unsubscribeUrl };
    }),
    tx,
  );
  return recipients.map((user) => user.id);
}

function statementOf(ctx: ServiceContext, token: string): UnsubscribeStatement {
  const statement = readUnsubscribeToken(ctx.config.jwtSecret, token);
  if (!statement) {
    throw badRequest(COURSE_MAIL_MESSAGES.tokenInvalid, [
      { path: 'token', message: COURSE_MAIL_MESSAGES.tokenInvalid },
    ]);
  }
  return statement;
}

async function subscription(db: Database, statement: UnsubscribeStatement): Promise<CourseMailSubscription> {
  const [course] = await db
    .select({ id: courses.id, title: courses.title })
    .from(courses)
    .where(eq(courses.id, statement.courseId));
  if (!course) throw notFound(COURSE_MAIL_MESSAGES.courseGone);
  // A link outlives its account: a removed user has no choice to read or change (and no row to point at).
  // KEY SHARE holds the row against removal until a change's transaction ends.
  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.id, statement.userId))
    .for('key share');
  if (!user) throw notFound(COURSE_MAIL_MESSAGES.accountGone);
  const [optedOut] = await db
    .select({ userId: courseMailOptOuts.userId })
    .from(courseMailOptOuts)
    .where(
      and(eq(courseMailOptOuts.userId, statement.userId), eq(courseMailOptOuts.courseId, statement.courseId)),
    );
  return { courseId: course.id, courseTitle: course.title, emails: !optedOut };
}

async function setSubscribed(
  ctx: ServiceContext,
  statement: UnsubscribeStatement,
  emails: boolean,
): Promise<CourseMailSubscription> {
  return ctx.db.transaction(async (tx) => {
    const current = await subscription(tx, statement);
    if (emails) {
      await tx
        .delete(courseMailOptOuts)
        .where(
          and(
            eq(courseMailOptOuts.userId, statement.userId),
            eq(courseMailOptOuts.courseId, statement.courseId),
          ),
        );
    } else {
      await tx
        .insert(courseMailOptOuts)
        .values({ userId: statement.userId, courseId: statement.courseId, createdAt: ctx.now() })
        .onConflictDoNothing();
    }
    return { ...current, emails };
  });
}

/** What an unsubscribe link is about (the page shows it before the click). */
export async function subscriptionByToken(
  ctx: ServiceContext,
  token: string,
): Promise<CourseMailSubscription> {
  return subscription(ctx.db, statementOf(ctx, token));
}

/** The link's user stops getting the link's course's e-mail (RFC 8058 one-click and the page's button). */
export async function unsubscribeByToken(
  ctx: ServiceContext,
  token: string,
): Promise<CourseMailSubscription> {
  return setSubscribed(ctx, statementOf(ctx, token), false);
}

export async function resubscribeByToken(
  ctx: ServiceContext,
  token: string,
): Promise<CourseMailSubscription> {
  return setSubscribed(ctx, statementOf(ctx, token), true);
}

/** The actor's own choice for a course they may see (404 otherwise). */
export async function coursePreference(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
): Promise<CourseMailSubscription> {
  const { course } = await loadVisibleCourse(ctx, actor, courseId);
  return subscription(ctx.db, { userId: actor.id, courseId: course.id });
}

export async function setCoursePreference(
  ctx: ServiceContext,
  actor: Actor,
  input: { courseId: string; emails: boolean },
): Promise<CourseMailSubscription> {
  const { course } = await loadVisibleCourse(ctx, actor, input.courseId);
  return setSubscribed(ctx, { userId: actor.id, courseId: course.id }, input.emails);
}
