/**
 * Instructor announcements (issue 28 item 2, decision 0089).
 *
 * - Posting takes managing the course (its instructor or an admin); it writes the announcement and the
 *   first delivery job in one transaction, and answers at once.
 * - Delivery is a chain of jobs, one batch of ANNOUNCEMENT_BATCH_SIZE students each
 *   (`deliverAnnouncementBatch`). A batch locks the announcement row (the cursor), reads the course's
 *   next enrollments in user_id order after the cursor, and in the same transaction records a delivery
 *   per student (ON CONFLICT DO NOTHING: the primary key makes a second one impossible), writes the
 *   notifications and queues the e-mails (course-mail: opted-out students get no e-mail) for exactly the
 *   rows it inserted, moves the cursor and the count, and queues the next batch's job. A batch that dies
 *   rolls back whole and its job is retried; a restart resumes at the cursor. So each student hears of an
 *   announcement exactly once, whatever fails and however many workers run.
 * - The next batch's job id is derived from (announcement, cursor): two workers that somehow ran the same
 *   step queue one job, not two chains.
 * - Reading takes what opening the course takes: enrolled, or managing it (403 otherwise, 404 unseen).
 */
import { createHash } from 'node:crypto';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@lectio/contracts/announcements';
import { NOTIFICATION_TEXT } from '@lectio/contracts/messages';
import {
  announcementDeliveries,
  courseAnnouncements,
  courses,
  type Database,
  enrollments,
  users,
} from '@lectio/db';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { JobDefinition } from '../../jobs/job-queue';
import { forbidden, notFound } from '../../lib/errors';
import { isUuid, uuidText } from '../../lib/ids';
import { newestFirst, pageOf } from '../../lib/newest-first';
import { announcementMail } from '../../mail/templates';
import type { Actor, ServiceContext } from '../context';
import { queueCourseMails } from '../course-mail/course-mail';
import { assertCanManageCourse, loadVisibleCourse } from '../courses/course-access';
import { notify } from '../notifications/notifications';
import { exactInstant } from '../reviews/review-rows';

export const ANNOUNCEMENT_QUEUE = 'announcements.deliver';
/** Students per batch: one transaction of this many deliveries, notifications and e-mails. */
export const ANNOUNCEMENT_BATCH_SIZE = 500;

export interface AnnouncementDeliveryJob {
  announcementId: string;
}

/** The job of the batch after `cursor` (null: the first): a uuid derived from both, so it is one job. */
export function batchJobId(announcementId: string, cursor: string | null): string {
  const bytes = createHash('sha256')
    .update(`lectio/announcement-batch/${announcementId}/${cursor ?? ''}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  return uuidText(bytes);
}

export function announcementDeliveryJob(ctx: ServiceContext): JobDefinition<AnnouncementDeliveryJob> {
  const { retryLimit, retryDelaySeconds } = ctx.config.mail;
  return {
    name: ANNOUNCEMENT_QUEUE,
    options: {
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: retryDelaySeconds > 0,
      ...(retryDelaySeconds > 0 ? { retryDelayMax: 3600 } : {}),
      expireInSeconds: 300,
      deleteAfterSeconds: 86_400,
    },
    handler: async (job) => {
      await deliverAnnouncementBatch(ctx, job.announcementId);
    },
  };
}

const rowColumns = {
  id: courseAnnouncements.id,
  courseId: courseAnnouncements.courseId,
  title: courseAnnouncements.title,
  body: courseAnnouncements.body,
  authorName: users.name,
  recipientCount: courseAnnouncements.recipientCount,
  completedAt: courseAnnouncements.completedAt,
  createdAt: courseAnnouncements.createdAt,
  exact: exactInstant(courseAnnouncements.createdAt),
};

type AnnouncementRow = {
  id: string;
  courseId: string;
  title: string;
  body: string;
  authorName: string | null;
  recipientCount: number;
  completedAt: Date | null;
  createdAt: Date;
};

function present(row: AnnouncementRow, manages: boolean): Announcement {
  return {
    _id: row.id,
    courseId: row.courseId,
    title: row.title,
    body: row.body,
    authorName: row.authorName,
    createdAt: row.createdAt.toISOString(),
    delivery: manages ? { recipients: row.recipientCount, completed: row.completedAt !== null } : null,
  };
}

export async function postAnnouncement(
  ctx: ServiceContext,
  actor: Actor,
  input: { courseId: string; title: string; body: string },
): Promise<Announcement> {
  const course = await assertCanManageCourse(
    ctx,
    actor,
    input.courseId,
    ANNOUNCEMENT_MESSAGES.noPostPermission,
  );
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(courseAnnouncements)
      .values({
        courseId: course.id,
        authorId: actor.id,
        title: input.title,
        body: input.body,
        createdAt: ctx.now(),
      })
      .returning();
    if (!inserted) throw new Error('announcement insert returned no row');
    const job: AnnouncementDeliveryJob = { announcementId: inserted.id };
    await ctx.jobs.send(ANNOUNCEMENT_QUEUE, job, { tx, id: batchJobId(inserted.id, null) });
    return inserted;
  });
  return present({ ...row, authorName: actor.name }, true);
}

export async function listAnnouncements(
  ctx: ServiceContext,
  actor: Actor,
  input: { courseId: string; cursor?: string | undefined; limit: number },
): Promise<{ announcements: Announcement[]; nextCursor: string | null }> {
  // The cursor first: a bad one is a 400 before any query runs.
  const { after, order } = newestFirst(courseAnnouncements.createdAt, courseAnnouncements.id, input.cursor);
  const { course, access } = await loadVisibleCourse(ctx, actor, input.courseId);
  if (!access.canAccessAll) throw forbidden(ANNOUNCEMENT_MESSAGES.noAccess);
  const rows = await ctx.db
    .select(rowColumns)
    .from(courseAnnouncements)
    .leftJoin(users, eq(users.id, courseAnnouncements.authorId))
    .where(and(eq(courseAnnouncements.courseId, course.id), after))
    .orderBy(...order)
    .limit(input.limit + 1);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({ createdAt: row.exact, id: row.id }));
  return { announcements: page.map((row) => present(row, access.canManage)), nextCursor };
}

export async function deleteAnnouncement(ctx: ServiceContext, actor: Actor, announcementId: string) {
  if (!isUuid(announcementId)) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
  const [announcement] = await ctx.db
    .select({ id: courseAnnouncements.id, courseId: courseAnnouncements.courseId })
    .from(courseAnnouncements)
    .where(eq(courseAnnouncements.id, announcementId));
  if (!announcement) throw notFound(ANNOUNCEMENT_MESSAGES.notFound);
  await assertCanManageCourse(
    ctx,
    actor,
    announcement.courseId,
    ANNOUNCEMENT_MESSAGES.noPostPermission,
    ANNOUNCEMENT_MESSAGES.notFound,
  );
  // Its deliveries go with it (cascade); a batch under way finds no row and stops.
  await ctx.db.delete(courseAnnouncements).where(eq(courseAnnouncements.id, announcement.id));
}

/**
 * One batch of an announcement's delivery (the job's work; see the module comment). Returns how many
 * students it reached and whether the delivery is complete.
 */
export async function deliverAnnouncementBatch(
  ctx: Pick<ServiceContext, 'db' | 'config' | 'jobs' | 'now'>,
  announcementId: string,
): Promise<{ delivered: number; done: boolean }> {
  return ctx.db.transaction(async (tx) => {
    // The cursor's lock: batches of one announcement run one after the other, each after the last's cursor.
    const [announcement] = await tx
      .select()
      .from(courseAnnouncements)
      .where(eq(courseAnnouncements.id, announcementId))
      .for('update');
    if (!announcement || announcement.completedAt) return { delivered: 0, done: true };
    const now = ctx.now();
    const students = await nextStudents(tx, announcement.courseId, announcement.cursorUserId);
    const reached = await deliverTo(
      ctx,
      tx,
      now,
      announcement,
      students.filter((userId) => userId !== announcement.authorId),
    );
    const cursor = students.at(-1) ?? announcement.cursorUserId;
    const done = students.length < ANNOUNCEMENT_BATCH_SIZE;
    await tx
      .update(courseAnnouncements)
      .set({
        cursorUserId: cursor,
        recipientCount: sql`${courseAnnouncements.recipientCount} + ${reached}`,
        ...(done ? { completedAt: now } : {}),
      })
      .where(eq(courseAnnouncements.id, announcement.id));
    if (!done) {
      const job: AnnouncementDeliveryJob = { announcementId: announcement.id };
      await ctx.jobs.send(ANNOUNCEMENT_QUEUE, job, { tx, id: batchJobId(announcement.id, cursor) });
    }
    return { delivered: reached, done };
  });
}

/** How often the worker looks for deliveries whose chain stopped (resumeStalledDeliveries). */
export const STALLED_DELIVERY_SWEEP_MS = 10 * 60_000;

/**
 * The sweep that keeps a delivery from stopping for good: a batch whose job used up its retries (the
 * database was down for longer than the backoff) leaves its announcement unfinished with no job to go on.
 * For each unfinished announcement, the job of its next batch (batchJobId of its cursor) is retried if it
 * failed, or queued again if it is gone; one still queued or running is left alone, so the sweep never
 * starts a second chain. Returns how many it set going again.
 */
export async function resumeStalledDeliveries(ctx: Pick<ServiceContext, 'db' | 'jobs'>): Promise<number> {
  const unfinished = await ctx.db
    .select({ id: courseAnnouncements.id, cursor: courseAnnouncements.cursorUserId })
    .from(courseAnnouncements)
    .where(isNull(courseAnnouncements.completedAt));
  let resumed = 0;
  for (const announcement of unfinished) {
    const job: AnnouncementDeliveryJob = { announcementId: announcement.id };
    if (
      await ctx.jobs.ensureQueued(ANNOUNCEMENT_QUEUE, batchJobId(announcement.id, announcement.cursor), job)
    )
      resumed += 1;
  }
  return resumed;
}

/** The course's next ANNOUNCEMENT_BATCH_SIZE students after `cursor`, in user_id order. */
async function nextStudents(tx: Database, courseId: string, cursor: string | null): Promise<string[]> {
  const rows = await tx
    .select({ userId: enrollments.userId })
    .from(enrollments)
    .where(and(eq(enrollments.courseId, courseId), cursor ? gt(enrollments.userId, cursor) : undefined))
    .orderBy(asc(enrollments.userId))
    .limit(ANNOUNCEMENT_BATCH_SIZE);
  return rows.map((row) => row.userId);
}

/**
 * Records the deliveries to `userIds`, and for those it inserted (none twice: the primary key) writes the
 * notification and queues the e-mail. Returns how many it reached.
 */
async function deliverTo(
  ctx: Pick<ServiceContext, 'config' | 'jobs' | 'now'>,
  tx: Database,
  now: Date,
  announcement: typeof courseAnnouncements.$inferSelect,
  userIds: string[],
): Promise<number> {
  if (userIds.length === 0) return 0;
  const inserted = await tx
    .insert(announcementDeliveries)
    .values(userIds.map((userId) => ({ announcementId: announcement.id, userId, createdAt: now })))
    .onConflictDoNothing()
    .returning({ userId: announcementDeliveries.userId });
  const reached = inserted.map((row) => row.userId);
  if (reached.length === 0) return 0;
  const [course] = await tx
    .select({ title: courses.title, instructorName: users.name })
    .from(courses)
    .leftJoin(users, eq(users.id, courses.instructorId))
    .where(eq(courses.id, announcement.courseId));
  const courseTitle = course?.title ?? '';
  const link = `course/${announcement.courseId}`;
  await notify(
    tx,
    now,
    reached.map((userId) => ({
      userId,
      kind: 'announcement_posted' as const,
      ...NOTIFICATION_TEXT.announcementPosted(courseTitle, announcement.title),
      link,
    })),
  );
  await queueCourseMails(ctx, tx, {
    courseId: announcement.courseId,
    userIds: reached,
    compose: (recipient) =>
      announcementMail({
        name: recipient.name,
        courseUrl: recipient.appUrl(link),
        courseTitle,
        instructorName: course?.instructorName ?? null,
        title: announcement.title,
        body: announcement.body,
        unsubscribeUrl: recipient.unsubscribeUrl,
        publicUrl: ctx.config.publicUrl,
      }),
  });
  return reached.length;
}
