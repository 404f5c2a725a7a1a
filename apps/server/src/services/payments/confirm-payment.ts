/**
 * POST /payment/confirm-payment, tRPC payment.confirm: after the browser confirmed the card, the server
 * asks the provider (never the client) whether the intent succeeded, then fulfils. An intent the
 * provider doesn't know, or one bought by someone else, is 404; one not yet succeeded is 402.
 * Answers the buyer's fresh purchased-courses list.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import type { confirmPaymentResponseSchema } from '@lectio/contracts/payment';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { purchasedCourseIds } from '../users/present-user';
import { fulfilPayment } from './fulfil-payment';

/** The buyer's purchased course ids once the payment is fulfilled. */
type PurchasedCourses = z.input<typeof confirmPaymentResponseSchema>['purchasedCourses'];

export async function confirmPayment(
  ctx: ServiceContext,
  actor: Actor,
  paymentIntentId: string,
): Promise<PurchasedCourses> {
  const intent = await ctx.payments.retrieveIntent(paymentIntentId);
  if (!intent || intent.metadata.userId !== actor.id) throw notFound(PAYMENT_MESSAGES.paymentNotFound);
  if (intent.status !== 'succeeded')
    throw new AppError('PAYMENT_FAILED', PAYMENT_MESSAGES.paymentNotSucceeded);
  await fulfilPayment(ctx, intent);
  return purchasedCourseIds(ctx.db, actor.id);
}
