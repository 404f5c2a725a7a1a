/**
 * POST /payment/create-payment-intent, tRPC payment.createIntent. The price is read from the database,
 * never from the client. Refusals, in order: a course the buyer can't see (404, as everywhere, so drafts
 * don't leak), one they already own (409), an unpublished one (400), one without lectures (400, the
 * spec's "coming soon"). A free course enrolls at once; a paid one gets a provider intent and a pending
 * `payments` row that fulfilment later checks the intent against.
 */
import { createHash } from 'node:crypto';
import { COURSE_MESSAGES } from '@lectio/contracts/messages';
import type { createPaymentIntentResponseSchema } from '@lectio/contracts/payment';
import { enrollments, lectures, payments } from '@lectio/db';
import { count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { canManageCourse, findCourse, isEnrolledIn } from '../courses/course-access';
import { toMajorUnits } from '../courses/present-course';

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
  if (course.priceMinor === 0) {
    const created = await ctx.db
      .insert(enrollments)
      .values({ userId: actor.id, courseId: course.id, source: 'free', createdAt: ctx.now() })
      .onConflictDoNothing({ target: [enrollments.userId, enrollments.courseId] })
      .returning({ id: enrollments.id });
    if (created.length > 0) invalidateCatalogue(ctx);
    return { clientSecret: '', paymentIntentId: '', amount: 0, currency, provider, enrolled: true };
  }

  const amountMinor = course.priceMinor;
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
