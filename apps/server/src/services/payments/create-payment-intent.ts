/**
 * POST /payment/create-payment-intent, tRPC payment.createIntent. The price is read from the database,
 * never from the client. Refusals, in order: a course the buyer can't see (404, as everywhere, so drafts
 * don't leak), one they already own (409), an unpublished one (400), one without lectures (400, the
 * spec's "coming soon"). A free course enrolls at once; a paid one gets a provider intent and a pending
 * `payments` row that fulfilment later checks the intent against. A coupon code holds one of the coupon's
 * uses and lowers the price (services/coupons); a 100% coupon enrolls at once, without a payment.
 */
import { createHash } from 'node:crypto';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import type { createPaymentIntentResponseSchema } from '@lectio/contracts/payment';
import { enrollments, lectures, payments } from '@lectio/db';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { toMajorUnits } from '../../lib/money';
import type { Actor, ServiceContext } from '../context';
import { redeemFree, reserveCoupon } from '../coupons/coupons';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { canManageCourse, findCourse, isEnrolledIn } from '../courses/course-access';
import { notifyEnrollment } from '../notifications/events';

type CreatePaymentIntentResponse = z.input<typeof createPaymentIntentResponseSchema>;

/**
 * One key per buyer, course, amount and currency: a double click, a retry or a second tab gets the same
 * intent back (so the same purchase can't be paid twice), while a new price makes a new intent.
 */
export function paymentIdempotencyKey(
  userId: string,
  courseId: string,
  amountMinor: number,
  currency: string,
) {
  const digest = createHash('sha256')
    .update(`${userId}:${courseId}:${amountMinor}:${currency}`)
    .digest('hex');
  return `lectio-pi-${digest}`;
}

export async function createPaymentIntent(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
  couponCode?: string,
): Promise<CreatePaymentIntentResponse> {
  const course = await findCourse(ctx, courseId);
  if (!course) throw notFound(COURSE_MESSAGES.courseNotFound);
  const enrolled = await isEnrolledIn(ctx, actor, course.id);
  if (!course.isPublished && !enrolled && !canManageCourse(actor, course))
    throw notFound(COURSE_MESSAGES.courseNotFound);
  if (enrolled) throw conflict(COURSE_MESSAGES.alreadyPurchased);
  if (!course.isPublished) throw badRequest(COURSE_MESSAGES.notPublished);
  const [lectureCount] = await ctx.db
    .select({ value: count() })
    .from(lectures)
    .where(eq(lectures.courseId, course.id));
  if (!lectureCount?.value) throw badRequest(COURSE_MESSAGES.lecturesComingSoon);

  const currency = ctx.config.payments.currency;
  const provider = ctx.payments.name;
  // A coupon holds one of its uses now; the price is what is left after its discount.
  const reservation =
    couponCode && course.priceMinor > 0 ? await reserveCoupon(ctx, actor, course, couponCode) : null;
  // Free, or free with the coupon: enrolled now, no payment (the coupon's use is redeemed with it).
  if (course.priceMinor === 0 || reservation?.amountMinor === 0) {
    const created = await ctx.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(enrollments)
        .values({ userId: actor.id, courseId: course.id, source: 'free', createdAt: ctx.now() })
        .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
        .returning({ id: enrollments.id });
      if (inserted.length > 0)
        await notifyEnrollment(tx, ctx.now(), { userId: actor.id, courseId: course.id, paid: false });
      if (reservation)
        await redeemFree(tx, {
          userId: actor.id,
          courseId: course.id,
          discountMinor: reservation.discountMinor,
        });
      return inserted.length > 0;
    });
    if (created) invalidateCatalogue(ctx);
    return { clientSecret: '', paymentIntentId: '', amount: 0, currency, provider, enrolled: true };
  }

  const amountMinor = reservation?.amountMinor ?? course.priceMinor;
  const intent = await ctx.payments.createIntent({
    amountMinor,
    currency,
    metadata: { userId: actor.id, courseId: course.id },
    idempotencyKey: paymentIdempotencyKey(actor.id, course.id, amountMinor, currency),
  });
  await ctx.db
    .insert(payments)
    .values({
      userId: actor.id,
      courseId: course.id,
      provider,
      providerPaymentId: intent.id,
      amountMinor,
      currency,
      status: 'pending',
      createdAt: ctx.now(),
    })
    .onConflictDoNothing({ target: payments.providerPaymentId });
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount: toMajorUnits(amountMinor),
    currency,
    provider,
  };
}
