/**
 * Refunds around the provider call (docs/decisions/0040-refunds.md). Money never moves inside a database
 * transaction, and no failure path loses track of it:
 * 1. tx1, under the payment row's lock: the amount is checked against what is left (the gross less the
 *    refunds that succeeded or are under way) and the refund row is written `pending`, which reserves it;
 * 2. the provider is called with the refund's id as idempotency key and as `metadata.refundId`, so a
 *    retry never refunds twice and the provider's webhook names our row;
 * 3. tx2, under the lock again: the refund becomes `succeeded`, its reversing ledger group is written and
 *    a refund that leaves nothing ends the enrollment (`ended_enrollments`), the payment becomes
 *    `refunded` and a coupon redemption is released. A refusal marks the refund `failed`, nothing else.
 * Whoever arrives second at step 3 (the admin's call or Stripe's `charge.refunded` webhook) finds the row
 * settled and writes nothing, so a refund is recorded once.
 */
import { REFUND_MESSAGES } from '@lectio/contracts/messages';
import type { RefundOrigin, Refund as RefundView } from '@lectio/contracts/refunds';
import {
  type Database,
  endedEnrollments,
  enrollments,
  type Payment,
  payments,
  type Refund,
  refunds,
} from '@lectio/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError, conflict, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { toMajorUnits as major, toMinorUnits as minor, moneyText } from '../../lib/money';
import type { ServiceContext } from '../context';
import { releaseForPayment } from '../coupons/coupons';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { recordReversal, refundedOf } from '../ledger/ledger';
import { notifyRefund } from '../notifications/events';
import { reverseTransfersAfterRefund } from '../payouts/payouts';
import { revokeWhatAccessEarned } from './revoke-earned';

/** Minor units to the API's major units and back (the contracts allow two decimals at most). */
export { major, minor };

export function presentRefund(row: Refund): RefundView {
  return {
    _id: row.id,
    paymentId: row.paymentId,
    amount: major(row.amountMinor),
    reason: row.reason,
    source: row.source,
    status: row.status,
    declineReason: row.declineReason,
    overrideReason: row.overrideReason,
    failureReason: row.failureReason,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
  };
}

/** The payment row, locked for the rest of `tx`; 404 when there is none. */
export async function lockPayment(tx: Database, paymentId: string): Promise<Payment> {
  const [row] = isUuid(paymentId)
    ? await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update')
    : [];
  if (!row) throw notFound(REFUND_MESSAGES.paymentNotFound);
  return row;
}

/** Refunds reserved but not settled (`pending`): their money may be on its way back. */
async function pendingOf(tx: Database, paymentId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${refunds.amountMinor}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, paymentId), eq(refunds.status, 'pending')));
  return Number(row?.total ?? 0);
}

/** What may still be refunded: the gross less what went back (ledger) and what is on its way (pending). */
export async function refundableOf(tx: Database, payment: Payment): Promise<number> {
  const taken = (await refundedOf(tx, payment.id)) + (await pendingOf(tx, payment.id));
  return Math.max(0, payment.amountMinor - taken);
}

export interface StartRefundInput {
  paymentId: string;
  /** Minor units; null: everything that is left (an approved request). */
  amountMinor: number | null;
  reason: string;
  source: RefundOrigin;
  requestedBy: string | null;
  decidedBy: string | null;
  /** An approved student request: this row becomes the refund instead of a new one. */
  requestId?: string;
  /** Why the admin approved a request the refund rules no longer allowed (recorded on the row). */
  overrideReason?: string | null;
}

/** tx1: checks the amount under the payment's lock and reserves it with a `pending` refund row. */
async function reserveRefund(
  ctx: ServiceContext,
  input: StartRefundInput,
): Promise<{ refund: Refund; payment: Payment }> {
  return ctx.db.transaction(async (tx) => {
    const payment = await lockPayment(tx, input.paymentId);
    if (payment.status !== 'succeeded') throw conflict(REFUND_MESSAGES.notRefundable(payment.status));
    const left = await refundableOf(tx, payment);
    if (left <= 0) throw conflict(REFUND_MESSAGES.nothingLeft);
    const amountMinor = input.amountMinor ?? left;
    if (amountMinor <= 0) throw conflict(REFUND_MESSAGES.nothingLeft);
    if (amountMinor > left) throw conflict(REFUND_MESSAGES.amountTooHigh(moneyText(left, payment.currency)));
    const now = ctx.now();
    if (input.requestId) {
      const [updated] = await tx
        .update(refunds)
        .set({
          status: 'pending',
          amountMinor,
          decidedBy: input.decidedBy,
          decidedAt: now,
          overrideReason: input.overrideReason ?? null,
          updatedAt: now,
        })
        .where(and(eq(refunds.id, input.requestId), eq(refunds.status, 'requested')))
        .returning();
      if (!updated) throw conflict(REFUND_MESSAGES.alreadyDecided);
      return { refund: updated, payment };
    }
    const [created] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountMinor,
        reason: input.reason,
        source: input.source,
        status: 'pending',
        requestedBy: input.requestedBy,
        decidedBy: input.decidedBy,
        decidedAt: input.decidedBy ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('refund row not written');
    return { refund: created, payment };
  });
}

/**
 * Ends the enrollment a payment bought: the row moves to `ended_enrollments`, and what the access earned
 * (the certificate, the review's place in the rating) ends with it (revoke-earned.ts), in `tx`.
 */
export async function endEnrollment(
  tx: Database,
  ctx: ServiceContext,
  payment: Payment,
  reason: 'refund' | 'dispute',
  refundId: string,
): Promise<boolean> {
  if (!payment.courseId) return false;
  const [byPayment] = await tx
    .select()
    .from(enrollments)
    .where(eq(enrollments.paymentId, payment.id))
    .for('update');
  // An enrollment bought before enrollments named their payment: the buyer's purchase of that course.
  const [legacy] = byPayment
    ? []
    : await tx
        .select()
        .from(enrollments)
        .where(
          and(
            eq(enrollments.userId, payment.userId),
            eq(enrollments.courseId, payment.courseId),
            eq(enrollments.source, 'purchase'),
            isNull(enrollments.paymentId),
          ),
        )
        .for('update');
  const enrollment = byPayment ?? legacy;
  if (!enrollment) return false;
  await tx.insert(endedEnrollments).values({
    enrollmentId: enrollment.id,
    userId: enrollment.userId,
    courseId: enrollment.courseId,
    paymentId: payment.id,
    source: enrollment.source,
    enrolledAt: enrollment.createdAt,
    reason,
    refundId,
    endedAt: ctx.now(),
  });
  await tx.delete(enrollments).where(eq(enrollments.id, enrollment.id));
  await revokeWhatAccessEarned(tx, ctx, {
    userId: enrollment.userId,
    courseId: enrollment.courseId,
    cause: reason,
  });
  return true;
}

/**
 * After a reversal (in `tx`, payment locked): a payment with nothing left becomes `refunded`, its
 * enrollment ends and its coupon use is given back. Returns whether an enrollment ended.
 */
export async function applyReversalConsequences(
  tx: Database,
  ctx: ServiceContext,
  payment: Payment,
  refundId: string,
  reason: 'refund' | 'dispute',
): Promise<boolean> {
  const fullyReversed = (await refundedOf(tx, payment.id)) >= payment.amountMinor;
  let ended = false;
  // A dispute ends access at once, whatever its amount: the bank holds the money until it is decided.
  if (fullyReversed || reason === 'dispute') ended = await endEnrollment(tx, ctx, payment, reason, refundId);
  if (fullyReversed) {
    await tx.update(payments).set({ status: 'refunded' }).where(eq(payments.id, payment.id));
    // A coupon use bought with this payment goes back to the coupon (its count and the student's use).
    await releaseForPayment(tx, payment.id);
  }
  return ended;
}

/**
 * tx2 for a refund row: marks it succeeded with the provider's id and writes its reversal and
 * consequences, once. A row already settled (its webhook came first) is left as it is.
 */
export async function settleRefund(
  ctx: ServiceContext,
  refundId: string,
  providerRefundId: string,
): Promise<{ refund: Refund; endedEnrollment: boolean }> {
  return ctx.db.transaction((tx) => settleRefundInTransaction(tx, ctx, refundId, providerRefundId));
}

export async function settleRefundInTransaction(
  tx: Database,
  ctx: ServiceContext,
  refundId: string,
  providerRefundId: string,
): Promise<{ refund: Refund; endedEnrollment: boolean }> {
  const [unlocked] = await tx
    .select({ paymentId: refunds.paymentId })
    .from(refunds)
    .where(eq(refunds.id, refundId));
  if (!unlocked) throw notFound(REFUND_MESSAGES.refundNotFound);
  // The payment's lock first (as everywhere), then the refund row as it is now.
  const payment = await lockPayment(tx, unlocked.paymentId);
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!row) throw notFound(REFUND_MESSAGES.refundNotFound);
  if (row.status === 'succeeded') return { refund: row, endedEnrollment: false };
  const [settled] = await tx
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, failureReason: null, updatedAt: ctx.now() })
    .where(eq(refunds.id, refundId))
    .returning();
  if (!settled) throw new Error(`refund ${refundId} vanished`);
  await recordReversal(tx, ctx, {
    paymentId: payment.id,
    refundId,
    amountMinor: row.amountMinor,
    event: 'refund',
  });
  const endedEnrollment = await applyReversalConsequences(tx, ctx, payment, refundId, 'refund');
  // A deleted account's payments keep no buyer to tell.
  if (payment.userId)
    await notifyRefund(tx, ctx.now(), {
      userId: payment.userId,
      courseId: payment.courseId,
      amountMinor: row.amountMinor,
      currency: payment.currency,
    });
  return { refund: settled, endedEnrollment };
}

async function markFailed(ctx: ServiceContext, refundId: string, reason: string, providerRefundId?: string) {
  await ctx.db
    .update(refunds)
    .set({
      status: 'failed',
      failureReason: reason,
      updatedAt: ctx.now(),
      ...(providerRefundId ? { providerRefundId } : {}),
    })
    .where(and(eq(refunds.id, refundId), eq(refunds.status, 'pending')));
}

/**
 * Reserves, calls the provider, settles. Returns the refund as it stands: `succeeded`, or `pending` when the
 * provider is still processing it (its webhook settles it). Throws when the provider refused or couldn't be
 * reached; the refund is then `failed` with the reason, and nothing else changed. Should the provider have
 * acted after all (a timeout after Stripe refunded), its `charge.refunded` webhook names this row in
 * `metadata.refundId` and settles it then (handle-refund-webhooks.ts).
 */
export async function runRefund(ctx: ServiceContext, input: StartRefundInput): Promise<Refund> {
  const { refund, payment } = await reserveRefund(ctx, input);
  let result: Awaited<ReturnType<ServiceContext['payments']['refund']>>;
  try {
    result = await ctx.payments.refund({
      paymentIntentId: payment.providerPaymentId,
      amountMinor: refund.amountMinor,
      idempotencyKey: refund.id,
      metadata: { refundId: refund.id },
    });
  } catch (error) {
    await markFailed(ctx, refund.id, error instanceof Error ? error.message : String(error));
    throw error;
  }
  if (result.status === 'failed') {
    const reason = result.failureReason ?? 'refused';
    await markFailed(ctx, refund.id, reason, result.id);
    throw new AppError('PAYMENT_FAILED', REFUND_MESSAGES.providerFailed(reason));
  }
  if (result.status === 'pending') {
    // The money is on its way: keep the reservation and the provider's id; charge.refunded settles it.
    const [row] = await ctx.db
      .update(refunds)
      .set({ providerRefundId: result.id, updatedAt: ctx.now() })
      .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')))
      .returning();
    return row ?? refund;
  }
  const settled = await settleRefund(ctx, refund.id, result.id);
  if (settled.endedEnrollment) invalidateCatalogue(ctx);
  // The instructor's share already paid out comes back from their transfer (services/payouts).
  await reverseTransfersAfterRefund(ctx, refund.id);
  return settled.refund;
}
