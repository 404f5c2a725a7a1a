/**
 * Refunds as people ask for them: an admin's refund, a student's request (own succeeded purchase, within
 * REFUND_WINDOW_DAYS, under REFUND_MAX_PROGRESS percent of the course's lectures completed, one open
 * request per purchase), the admin's decision, and the reads behind the purchases and refunds screens.
 */
import { REFUND_MESSAGES } from '@lectio/contracts/messages';
import type {
  AdminRefundPage,
  PurchaseList,
  PurchaseState,
  RefundablePayment,
  RefundState,
  Refund as RefundView,
} from '@lectio/contracts/refunds';
import { PURCHASES_MAX } from '@lectio/contracts/refunds';
import {
  courses,
  type Database,
  lectureProgress,
  lectures,
  type Payment,
  payments,
  type Refund,
  refunds,
  users,
} from '@lectio/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { newestFirst, pageOf } from '../../lib/newest-first';
import type { Actor, ServiceContext } from '../context';
import { refundedOf } from '../ledger/ledger';
import { exactInstant } from '../reviews/review-rows';
import { lockPayment, major, minor, presentRefund, refundableOf, runRefund } from './refund-payment';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An admin's refund of part or all of a payment. */
export async function createRefund(
  ctx: ServiceContext,
  actor: Actor,
  input: { paymentId: string; amount: number; reason: string },
): Promise<Refund> {
  return runRefund(ctx, {
    paymentId: input.paymentId,
    amountMinor: minor(input.amount),
    reason: input.reason,
    source: 'admin',
    requestedBy: actor.id,
    decidedBy: actor.id,
  });
}

/** The share of a course's lectures the student has completed, in percent (0 for a course without lectures). */
async function progressPercent(db: Database, userId: string, courseId: string): Promise<number> {
  const [row] = await db
    .select({
      total: sql<number>`(select count(*)::int from ${lectures} where ${lectures.courseId} = ${courseId})`,
      done: sql<number>`(select count(*)::int from ${lectureProgress} where ${lectureProgress.userId} = ${userId} and ${lectureProgress.courseId} = ${courseId} and ${lectureProgress.completed})`,
    })
    .from(sql`(select 1) one`);
  const total = Number(row?.total ?? 0);
  return total === 0 ? 0 : (Number(row?.done ?? 0) * 100) / total;
}

/**
 * Which refund rule a request made at `requestedAt` breaks, checked against the course progress as it is
 * now: the window (as of the request: a request made in time stays in time while it waits) and the
 * progress limit (the buyer may have watched on while it waited). Null when both hold.
 */
async function ruleBroken(
  ctx: ServiceContext,
  db: Database,
  payment: Payment,
  requestedAt: Date,
): Promise<string | null> {
  const rules = ctx.config.marketplace;
  if (requestedAt.getTime() > payment.createdAt.getTime() + rules.refundWindowDays * DAY_MS)
    return REFUND_MESSAGES.windowClosed(rules.refundWindowDays);
  if (
    payment.courseId &&
    (await progressPercent(db, payment.userId, payment.courseId)) >= rules.refundMaxProgressPercent
  )
    return REFUND_MESSAGES.tooMuchProgress(rules.refundMaxProgressPercent);
  return null;
}

/** Why the student can't ask for a refund of this payment now; null when they can. */
async function requestRefusal(
  ctx: ServiceContext,
  db: Database,
  payment: Payment,
  open: boolean,
): Promise<string | null> {
  if (payment.status === 'refunded') return REFUND_MESSAGES.alreadyRefunded;
  if (payment.status !== 'succeeded') return REFUND_MESSAGES.notRefundable(payment.status);
  if (await isDisputed(db, payment.id)) return REFUND_MESSAGES.disputed;
  if (open) return REFUND_MESSAGES.alreadyRequested;
  if ((await refundableOf(db, payment)) <= 0) return REFUND_MESSAGES.nothingLeft;
  return ruleBroken(ctx, db, payment, ctx.now());
}

async function isDisputed(db: Database, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.source, 'dispute')))
    .limit(1);
  return row !== undefined;
}

async function hasOpenRequest(db: Database, paymentId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), inArray(refunds.status, ['requested', 'pending'])))
    .limit(1);
  return row !== undefined;
}

/** A student's request: checked and written under the payment's lock; the unique index backs "one open". */
export async function requestRefund(
  ctx: ServiceContext,
  actor: Actor,
  input: { paymentId: string; reason: string },
): Promise<Refund> {
  return ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, input.paymentId);
    // Someone else's payment answers as a missing one: its existence is not the caller's business.
    if (payment.userId !== actor.id) throw notFound(REFUND_MESSAGES.notYourPayment);
    const refusal = await requestRefusal(ctx, tx, payment, await hasOpenRequest(tx, payment.id));
    if (refusal) throw conflict(refusal);
    const now = ctx.now();
    const [created] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountMinor: await refundableOf(tx, payment),
        reason: input.reason,
        source: 'student',
        status: 'requested',
        requestedBy: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw conflict(REFUND_MESSAGES.alreadyRequested);
    return created;
  });
}

/**
 * The admin's decision on a request: approve refunds what is left of the payment; decline records why.
 * Approval checks the refund rules again (ruleBroken): one that no longer holds is a 409 naming it, unless
 * the admin gives an override reason, which is recorded with the refund.
 */
export async function decideRefund(
  ctx: ServiceContext,
  actor: Actor,
  input: {
    id: string;
    decision: 'approve' | 'decline';
    reason?: string | undefined;
    overrideReason?: string | undefined;
  },
): Promise<Refund> {
  const [request] = isUuid(input.id)
    ? await ctx.db.select().from(refunds).where(eq(refunds.id, input.id))
    : [];
  if (!request) throw notFound(REFUND_MESSAGES.refundNotFound);
  if (request.status !== 'requested') throw conflict(REFUND_MESSAGES.alreadyDecided);
  if (input.decision === 'approve') {
    const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, request.paymentId));
    const broken = payment ? await ruleBroken(ctx, ctx.db, payment, request.createdAt) : null;
    // Named as the override field's issue, so a form knows to ask for the reason.
    if (broken && !input.overrideReason)
      throw conflict(REFUND_MESSAGES.rulesNoLongerMet(broken), [{ path: 'overrideReason', message: broken }]);
    return runRefund(ctx, {
      paymentId: request.paymentId,
      amountMinor: null,
      reason: request.reason,
      source: 'student',
      requestedBy: request.requestedBy,
      decidedBy: actor.id,
      requestId: request.id,
      overrideReason: broken ? input.overrideReason : null,
    });
  }
  const now = ctx.now();
  const [declined] = await ctx.db
    .update(refunds)
    .set({
      status: 'declined',
      declineReason: input.reason ?? '',
      decidedBy: actor.id,
      decidedAt: now,
      updatedAt: now,
    })
    .where(and(eq(refunds.id, request.id), eq(refunds.status, 'requested')))
    .returning();
  if (!declined) throw conflict(REFUND_MESSAGES.alreadyDecided);
  return declined;
}

/** A payment's state for people: from its status and what its refunds and disputes took back. */
function purchaseState(payment: Payment, refundedMinor: number, disputed: boolean): PurchaseState {
  if (disputed) return 'disputed';
  if (payment.status === 'refunded') return 'refunded';
  return refundedMinor > 0 ? 'partially_refunded' : 'paid';
}

/** What the admin's refund screens select of a payment: the payment, its course's title and its buyer. */
const paymentWithPeople = {
  payment: payments,
  courseTitle: courses.title,
  studentId: users.id,
  studentName: users.name,
  studentEmail: users.email,
};

interface PaymentWithPeople {
  payment: Payment;
  courseTitle: string | null;
  studentId: string;
  studentName: string;
  studentEmail: string;
}

async function presentPayment(db: Database, row: PaymentWithPeople): Promise<RefundablePayment> {
  const { payment } = row;
  const refunded = await refundedOf(db, payment.id);
  return {
    _id: payment.id,
    course: { _id: payment.courseId, title: row.courseTitle ?? 'Deleted course' },
    student: { _id: row.studentId, name: row.studentName, email: row.studentEmail },
    amount: major(payment.amountMinor),
    currency: payment.currency,
    createdAt: payment.createdAt.toISOString(),
    state: purchaseState(payment, refunded, await isDisputed(db, payment.id)),
    refunded: major(refunded),
    refundable: payment.status === 'succeeded' ? major(await refundableOf(db, payment)) : 0,
  };
}

/** GET /refunds/payments/{paymentId}: what the admin is about to refund. */
export async function refundablePayment(ctx: ServiceContext, paymentId: string): Promise<RefundablePayment> {
  const [row] = isUuid(paymentId)
    ? await ctx.db
        .select(paymentWithPeople)
        .from(payments)
        .innerJoin(users, eq(users.id, payments.userId))
        .leftJoin(courses, eq(courses.id, payments.courseId))
        .where(and(eq(payments.id, paymentId), inArray(payments.status, ['succeeded', 'refunded'])))
    : [];
  if (!row) throw notFound(REFUND_MESSAGES.paymentNotFound);
  return presentPayment(ctx.db, row);
}

/** GET /refunds: the admin's list, newest first, keyset pages over (created_at, id). */
export async function listRefunds(
  ctx: ServiceContext,
  input: { status?: RefundState | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminRefundPage> {
  const { after, order } = newestFirst(refunds.createdAt, refunds.id, input.cursor);
  const rows = await ctx.db
    .select({ refund: refunds, exact: exactInstant(refunds.createdAt), ...paymentWithPeople })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .where(and(input.status ? eq(refunds.status, input.status) : undefined, after))
    .orderBy(...order)
    .limit(input.limit + 1);
  const { page, nextCursor } = pageOf(rows, input.limit, (row) => ({
    createdAt: row.exact,
    id: row.refund.id,
  }));
  return {
    refunds: await Promise.all(
      page.map(async (row) => ({
        ...presentRefund(row.refund),
        payment: await presentPayment(ctx.db, row),
      })),
    ),
    nextCursor,
  };
}

/** GET /refunds/mine: the student's purchases (succeeded or refunded payments), newest first. */
export async function myPurchases(ctx: ServiceContext, actor: Actor): Promise<PurchaseList> {
  const rows = await ctx.db
    .select({ payment: payments, courseTitle: courses.title })
    .from(payments)
    .leftJoin(courses, eq(courses.id, payments.courseId))
    .where(and(eq(payments.userId, actor.id), inArray(payments.status, ['succeeded', 'refunded'])))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(PURCHASES_MAX);
  const rules = ctx.config.marketplace;
  const purchases = await Promise.all(
    rows.map(async ({ payment, courseTitle }) => {
      const [latest] = await ctx.db
        .select()
        .from(refunds)
        .where(eq(refunds.paymentId, payment.id))
        .orderBy(desc(refunds.createdAt), desc(refunds.id))
        .limit(1);
      const refunded = await refundedOf(ctx.db, payment.id);
      const disputed = await isDisputed(ctx.db, payment.id);
      const notice = await requestRefusal(ctx, ctx.db, payment, await hasOpenRequest(ctx.db, payment.id));
      const refund: RefundView | null = latest ? presentRefund(latest) : null;
      return {
        paymentId: payment.id,
        course: { _id: payment.courseId, title: courseTitle ?? 'Deleted course' },
        amount: major(payment.amountMinor),
        currency: payment.currency,
        createdAt: payment.createdAt.toISOString(),
        state: purchaseState(payment, refunded, disputed),
        refunded: major(refunded),
        refund,
        canRequestRefund: notice === null,
        refundNotice: notice,
        refundableUntil: new Date(
          payment.createdAt.getTime() + rules.refundWindowDays * DAY_MS,
        ).toISOString(),
      };
    }),
  );
  return {
    purchases,
    refundWindowDays: rules.refundWindowDays,
    refundMaxProgressPercent: rules.refundMaxProgressPercent,
  };
}
