/**
 * POST /payment/test/confirm-card, tRPC payment.testConfirmCard (test mode only, 404 otherwise): the
 * test driver confirms the buyer's own intent with a test card. A decline marks the pending payment
 * failed, as Stripe's payment_intent.payment_failed webhook would; a success is fulfilled at once, as
 * Stripe's payment_intent.succeeded webhook would, so a buyer whose browser closes before the confirm
 * call still gets the course. The confirm call then finds the work done.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import type { testConfirmCardRequestSchema, testConfirmCardResponseSchema } from '@lectio/contracts/payment';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { TestPaymentDriver } from '../../payments/test-driver';
import type { Actor, ServiceContext } from '../context';
import { fulfilPayment, markPaymentFailed } from './fulfil-payment';

export async function testConfirmCard(
  ctx: ServiceContext,
  actor: Actor,
  input: z.output<typeof testConfirmCardRequestSchema>,
): Promise<z.input<typeof testConfirmCardResponseSchema>> {
  const driver = ctx.payments;
  if (!(driver instanceof TestPaymentDriver)) throw notFound(PAYMENT_MESSAGES.testModeOnly);
  const intent = await driver.retrieveIntent(input.paymentIntentId);
  if (!intent || intent.metadata.userId !== actor.id) throw notFound(PAYMENT_MESSAGES.paymentNotFound);

  let confirmed: Awaited<ReturnType<TestPaymentDriver['confirmCard']>>;
  try {
    confirmed = await driver.confirmCard(input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'PAYMENT_FAILED')
      await markPaymentFailed(ctx.db, intent.id);
    throw error;
  }
  await fulfilPayment(ctx, confirmed);
  return { paymentIntentId: confirmed.id, status: 'succeeded' };
}
