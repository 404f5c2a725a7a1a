/**
 * Fulfilment: a succeeded PaymentIntent becomes a succeeded `payments` row and an enrollment, in one
 * transaction, whoever arrives first (the buyer's confirm call, Stripe's webhook, test mode's card
 * confirmation) and however many arrive at once:
 * - the payment row is locked (`FOR UPDATE`) while it is checked, so concurrent fulfilments queue;
 * - it is upserted by its unique provider id and only moves pending/failed -> succeeded, so the revenue
 *   rollup counts it once;
 * - the enrollment is inserted `ON CONFLICT DO NOTHING` on (user, course); a new one notifies the buyer
 *   and the instructor (services/notifications/events.ts);
 * - the sale's ledger group is written, the receipt e-mail queued and a coupon reservation redeemed when
 *   the payment becomes succeeded
 *   (services/ledger/ledger.ts, services/receipts/receipt-mail.ts).
 * The intent must match what we asked for: the pending row written when the intent was created (user,
 * course, amount, currency), or, when there is no row, the course's price (or its price less the buyer's
 * coupon reservation) and the platform currency.
 */
import { COURSE_MESSAGES, PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { courses, type Database, enrollments, payments, users } from '@lectio/db';
import { and, eq, inArray } from 'drizzle-orm';
import { AppError, badRequest } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { PaymentIntentSnapshot } from '../../payments/payment-port';
import type { ServiceContext } from '../context';
import { redeemForPayment, reservedPriceMatches } from '../coupons/coupons';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { recordSale } from '../ledger/ledger';
import { notifyEnrollment } from '../notifications/events';
import { queueReceiptMail } from '../receipts/receipt-mail';

export interface FulfilmentResult {
  paymentId: string;
  userId: string;
  courseId: string;
  /** True when this call created the enrollment (false: it existed already). */
  newEnrollment: boolean;
}

const mismatch = () => badRequest(PAYMENT_MESSAGES.paymentMismatch);

/** Runs inside the caller's transaction `tx`. Throws AppError (before writing anything) when the intent doesn't qualify. */
export async function fulfilPaymentInTransaction(
  tx: Database,
  ctx: ServiceContext,
  intent: PaymentIntentSnapshot,
): Promise<FulfilmentResult> {
  if (intent.status !== 'succeeded')
    throw new AppError('PAYMENT_FAILED', PAYMENT_MESSAGES.paymentNotSucceeded);
  const { userId = '', courseId = '' } = intent.metadata;
  if (!isUuid(userId) || !isUuid(courseId)) throw mismatch();
  const currency = intent.currency.toUpperCase();

  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, intent.id))
    .for('update');
  if (row) {
    if (
      row.provider !== ctx.payments.name ||
      row.userId !== userId ||
      row.courseId !== courseId ||
      row.amountMinor !== intent.amountMinor ||
      row.currency.toUpperCase() !== currency
    )
      throw mismatch();
    // A refunded payment stays refunded: a late confirmation must not undo it.
    if (row.status === 'refunded') throw new AppError('PAYMENT_FAILED', PAYMENT_MESSAGES.paymentNotSucceeded);
  } else {
    const [course] = await tx
      .select({ priceMinor: courses.priceMinor })
      .from(courses)
      .where(eq(courses.id, courseId));
    if (!course) throw badRequest(COURSE_MESSAGES.courseNotFound);
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId));
    const priced =
      course.priceMinor === intent.amountMinor ||
      (await reservedPriceMatches(tx, {
        userId,
        courseId,
        listPriceMinor: course.priceMinor,
        paidMinor: intent.amountMinor,
      }));
    if (!user || !priced || currency !== ctx.config.payments.currency) throw mismatch();
  }

  const [upserted] = await tx
    .insert(payments)
    .values({
      userId,
      courseId,
      provider: ctx.payments.name,
      providerPaymentId: intent.id,
      amountMinor: intent.amountMinor,
      currency,
      status: 'succeeded',
      createdAt: ctx.now(),
    })
    .onConflictDoUpdate({
      target: payments.providerPaymentId,
      set: { status: 'succeeded' },
      setWhere: inArray(payments.status, ['pending', 'failed']),
    })
    .returning({ id: payments.id });
  let paymentId = upserted?.id ?? row?.id;
  // The payment became succeeded in this call (inserted, or moved from pending/failed): its sale goes in
  // the ledger now, in this transaction, next to the enrollment.
  if (upserted) {
    await recordSale(tx, ctx, {
      paymentId: upserted.id,
      courseId,
      grossMinor: intent.amountMinor,
      feeMinor: intent.feeMinor,
      currency,
    });
    await queueReceiptMail(tx, ctx, upserted.id);
    const [listed] = await tx
      .select({ priceMinor: courses.priceMinor })
      .from(courses)
      .where(eq(courses.id, courseId));
    if (listed)
      await redeemForPayment(tx, {
        userId,
        courseId,
        paymentId: upserted.id,
        listPriceMinor: listed.priceMinor,
        paidMinor: intent.amountMinor,
      });
  }
  if (!paymentId) {
    // Inserted and committed by a concurrent fulfilment between our lock attempt and our insert.
    const [existing] = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.providerPaymentId, intent.id));
    if (!existing) throw new Error(`payment row for ${intent.id} vanished during fulfilment`);
    paymentId = existing.id;
  }

  const created = await tx
    .insert(enrollments)
    .values({ userId, courseId, paymentId, source: 'purchase', createdAt: ctx.now() })
    .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
    .returning({ id: enrollments.id });
  if (created.length > 0) await notifyEnrollment(tx, ctx.now(), { userId, courseId, paid: true });
  return { paymentId, userId, courseId, newEnrollment: created.length > 0 };
}

/** Fulfils in a transaction of its own; a new enrollment changes studentsCount, so the cached catalogue goes. */
export async function fulfilPayment(
  ctx: ServiceContext,
  intent: PaymentIntentSnapshot,
): Promise<FulfilmentResult> {
  const result = await ctx.db.transaction((tx) => fulfilPaymentInTransaction(tx, ctx, intent));
  if (result.newEnrollment) invalidateCatalogue(ctx);
  return result;
}

/** A declined attempt: a pending row becomes failed (a later success on the same intent still wins). */
export async function markPaymentFailed(db: Database, providerPaymentId: string): Promise<void> {
  await db
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.providerPaymentId, providerPaymentId), eq(payments.status, 'pending')));
}
