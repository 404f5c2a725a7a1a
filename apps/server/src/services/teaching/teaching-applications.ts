/**
 * Become an instructor (issue 15, item 5; teaching.*): a student applies to teach, an admin approves or
 * declines, and the people concerned are notified in the same transaction as the event.
 *
 * - Applying locks the applicant's user row, so one user's concurrent applies queue: the first writes
 *   the pending application, the others find it and are refused (409). The unique partial index
 *   `teaching_applications_one_pending_idx` is the last line of defence (ON CONFLICT DO NOTHING -> 409).
 * - Deciding locks the application row: of concurrent decisions the first wins, the others find it
 *   decided (409). Approval then locks the applicant's row and makes an active student an instructor in
 *   the same transaction. Like any role change (services/admin/update-user.ts) it revokes no session:
 *   every request re-reads the role with the session, so the applicant's next request has the
 *   instructor's permissions, and their next token refresh tells the web app.
 * - The user row is locked FOR NO KEY UPDATE, not FOR UPDATE: that still queues against other writers of
 *   the row (an admin's role change, another apply), but not against inserts elsewhere that reference the
 *   user (activity, notifications), whose foreign-key checks take FOR KEY SHARE.
 */
import { NOTIFICATION_TEXT, TEACHING_MESSAGES } from '@lectio/contracts/messages';
import { roleSchema } from '@lectio/contracts/permissions';
import type {
  AdminTeachingApplication,
  ApplicationStatus,
  ApplyToTeachRequest,
  TeachingApplication,
  TeachingDecision,
} from '@lectio/contracts/teaching-applications';
import {
  type TeachingApplication as ApplicationRow,
  type Database,
  teachingApplications,
  users,
} from '@lectio/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { newestFirst, pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';
import { notify } from '../notifications/notifications';
import { exactInstant } from '../reviews/review-rows';

/** Where the notifications point, relative to the recipient's dashboard section. */
const ADMIN_QUEUE_LINK = 'teaching-applications';
const APPLICANT_PAGE_LINK = 'teach';

export function presentApplication(row: ApplicationRow): TeachingApplication {
  return {
    _id: row.id,
    topic: row.topic,
    experience: row.experience,
    sampleUrl: row.sampleUrl,
    status: row.status,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The applicant's row, locked against other writers of it for the rest of the transaction. */
async function lockUser(tx: Database, userId: string) {
  const [user] = await tx
    .select({
      id: users.id,
      name: users.name,
      role: users.role,
      isActive: users.isActive,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for('no key update');
  return user;
}

/** teaching.apply: a student's application, and a notification to every active admin. */
export async function applyToTeach(
  ctx: ServiceContext,
  actor: Actor,
  input: ApplyToTeachRequest,
): Promise<TeachingApplication> {
  if (actor.role !== 'student') throw forbidden(TEACHING_MESSAGES.studentsOnly);
  const now = ctx.now();
  const application = await ctx.db.transaction(async (tx) => {
    const user = await lockUser(tx, actor.id);
    // Re-checked under the lock: an admin may have changed the role since the request began.
    if (user?.role !== 'student' || !user.isActive || user.deletedAt)
      throw forbidden(TEACHING_MESSAGES.studentsOnly);
    const [pending] = await tx
      .select({ id: teachingApplications.id })
      .from(teachingApplications)
      .where(and(eq(teachingApplications.userId, user.id), eq(teachingApplications.status, 'pending')))
      .limit(1);
    if (pending) throw conflict(TEACHING_MESSAGES.alreadyPending);
    const [created] = await tx
      .insert(teachingApplications)
      .values({
        userId: user.id,
        topic: input.topic,
        experience: input.experience,
        sampleUrl: input.sampleUrl ?? null,
        status: 'pending',
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(TEACHING_MESSAGES.alreadyPending);
    const admins = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)));
    await notify(
      tx,
      now,
      admins.map((admin) => ({
        userId: admin.id,
        kind: 'application_received' as const,
        ...NOTIFICATION_TEXT.applicationReceived(user.name, created.topic),
        link: ADMIN_QUEUE_LINK,
      })),
    );
    return created;
  });
  return presentApplication(application);
}

/** teaching.mine: the signed-in user's latest application, whatever its state. */
export async function myApplication(
  ctx: ServiceContext,
  actor: Actor,
): Promise<{ application: TeachingApplication | null }> {
  const [row] = await ctx.db
    .select()
    .from(teachingApplications)
    .where(eq(teachingApplications.userId, actor.id))
    .orderBy(desc(teachingApplications.createdAt), desc(teachingApplications.id))
    .limit(1);
  return { application: row ? presentApplication(row) : null };
}

const deciders = alias(users, 'deciders');

function selectAdminRows(db: Database) {
  return db
    .select({
      application: teachingApplications,
      exact: exactInstant(teachingApplications.createdAt),
      applicantId: users.id,
      applicantName: users.name,
      applicantEmail: users.email,
      applicantRole: users.role,
      applicantActive: users.isActive,
      deciderName: deciders.name,
    })
    .from(teachingApplications)
    .innerJoin(users, eq(users.id, teachingApplications.userId))
    .leftJoin(deciders, eq(deciders.id, teachingApplications.decidedBy))
    .$dynamic();
}

type AdminRow = Awaited<ReturnType<ReturnType<typeof selectAdminRows>['execute']>>[number];

function presentAdminRow(row: AdminRow): AdminTeachingApplication {
  return {
    ...presentApplication(row.application),
    applicant: {
      _id: row.applicantId,
      name: row.applicantName,
      email: row.applicantEmail,
      role: roleSchema.parse(row.applicantRole),
      isActive: row.applicantActive,
    },
    decidedByName: row.deciderName,
  };
}

/** teaching.list: the admin's queue, newest first, keyset pages over (created_at, id). */
export async function listApplications(
  ctx: ServiceContext,
  input: { status?: ApplicationStatus | undefined; cursor?: string | undefined; limit: number },
): Promise<{ applications: AdminTeachingApplication[]; nextCursor: string | null }> {
  const { after, order } = newestFirst(teachingApplications.createdAt, teachingApplications.id, input.cursor);
  const rows = await selectAdminRows(ctx.db)
    .where(and(input.status ? eq(teachingApplications.status, input.status) : undefined, after))
    .orderBy(...order)
    .limit(input.limit + 1);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    createdAt: row.exact,
    id: row.application.id,
  }));
  return { applications: page.map(presentAdminRow), nextCursor };
}

/** What a decision did: made the applicant an instructor, approved one who already teaches, or declined. */
export type DecisionOutcome = 'promoted' | 'alreadyTeaching' | 'declined';

/**
 * teaching.decide: approve or decline a pending application, notify the applicant. Approval makes an
 * active student an instructor; an instructor or admin (made so by hand meanwhile) keeps their role; a
 * suspended or deleted account, or one given another role, is refused so the admin declines instead.
 */
export async function decideApplication(
  ctx: ServiceContext,
  actor: Actor,
  input: { id: string; decision: TeachingDecision; note?: string | undefined },
): Promise<{ application: AdminTeachingApplication; outcome: DecisionOutcome }> {
  if (!isUuid(input.id)) throw notFound(TEACHING_MESSAGES.applicationNotFound);
  const now = ctx.now();
  const note = input.note ? input.note : null;
  return ctx.db.transaction(async (tx) => {
    const [application] = await tx
      .select()
      .from(teachingApplications)
      .where(eq(teachingApplications.id, input.id))
      .for('update');
    if (!application) throw notFound(TEACHING_MESSAGES.applicationNotFound);
    if (application.status !== 'pending') throw conflict(TEACHING_MESSAGES.alreadyDecided);
    const applicant = await lockUser(tx, application.userId);
    if (!applicant) throw notFound(TEACHING_MESSAGES.applicationNotFound);

    let outcome: DecisionOutcome;
    if (input.decision === 'approve') {
      if (!applicant.isActive || applicant.deletedAt) throw conflict(TEACHING_MESSAGES.applicantInactive);
      if (applicant.role === 'student') {
        await tx.update(users).set({ role: 'instructor', updatedAt: now }).where(eq(users.id, applicant.id));
        outcome = 'promoted';
      } else if (applicant.role === 'instructor' || applicant.role === 'admin') {
        outcome = 'alreadyTeaching';
      } else {
        throw conflict(TEACHING_MESSAGES.applicantNotStudent(applicant.role));
      }
    } else {
      outcome = 'declined';
    }

    await tx
      .update(teachingApplications)
      .set({
        status: input.decision === 'approve' ? 'approved' : 'declined',
        decidedBy: actor.id,
        decidedAt: now,
        decisionNote: note,
      })
      .where(eq(teachingApplications.id, application.id));
    await notify(
      tx,
      now,
      input.decision === 'approve'
        ? {
            userId: applicant.id,
            kind: 'application_approved',
            ...NOTIFICATION_TEXT.applicationApproved(),
            // The section's home: the instructor dashboard, once the app knows the new role.
            link: '',
          }
        : {
            userId: applicant.id,
            kind: 'application_declined',
            ...NOTIFICATION_TEXT.applicationDeclined(note),
            // The teach page shows the note and the form again; only the students' section has it.
            link: applicant.role === 'student' ? APPLICANT_PAGE_LINK : '',
          },
    );
    const [decided] = await selectAdminRows(tx).where(eq(teachingApplications.id, application.id));
    if (!decided) throw new Error('decided application vanished');
    return { application: presentAdminRow(decided), outcome };
  });
}
