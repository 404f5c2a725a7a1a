/**
 * POST /payment/webhook (Stripe only): the provider verifies the signature over the raw body, then one
 * transaction records the event id (`payment_events`, once: a redelivery or replay does nothing) and
 * acts on it:
 * - payment_intent.succeeded: fulfil, with the same checks as the confirm call (against the intent's
 *   metadata instead of the caller), so a buyer whose browser closed before confirming gets the course;
 * - payment_intent.payment_failed: a pending payment row becomes failed;
 * - anything else is acknowledged and ignored.
 * An intent that doesn't qualify (not ours: no metadata; amount or course not matching) is recorded and
 * ignored, since redelivering it can't change the answer. Any other failure rolls the transaction back,
 * event id included, so Stripe's next delivery retries.
 */

import { paymentEvents } from '@lectio/db';
import { AppError } from '../../lib/errors';
import type { ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { fulfilPaymentInTransaction, markPaymentFailed } from './fulfil-payment';

export type WebhookOutcome =
  | { outcome: 'fulfilled'; eventId: string; newEnrollment: boolean }
  | { outcome: 'marked-failed'; eventId: string }
  | { outcome: 'duplicate'; eventId: string }
  | { outcome: 'ignored'; eventId: string; reason: string };

export async function handlePaymentWebhook(
  ctx: ServiceContext,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): Promise<WebhookOutcome> {
  const event = ctx.payments.parseWebhook(rawBody, signatureHeader);
  const outcome = await ctx.db.transaction(async (tx): Promise<WebhookOutcome> => {
    const recorded = await tx
      .insert(paymentEvents)
      .values({ eventId: event.id, type: event.type, receivedAt: ctx.now() })
      .onConflictDoNothing({ target: paymentEvents.eventId })
      .returning({ eventId: paymentEvents.eventId });
    if (recorded.length === 0) return { outcome: 'duplicate', eventId: event.id };

    if (event.type === 'payment_intent.succeeded' && event.intent) {
      try {
        const result = await fulfilPaymentInTransaction(tx, ctx, event.intent);
        return { outcome: 'fulfilled', eventId: event.id, newEnrollment: result.newEnrollment };
      } catch (error) {
        // Refused before anything was written (see fulfilPaymentInTransaction): keep the event recorded.
        if (error instanceof AppError)
          return { outcome: 'ignored', eventId: event.id, reason: error.message };
        throw error;
      }
    }
    if (event.type === 'payment_intent.payment_failed' && event.intent) {
      await markPaymentFailed(tx, event.intent.id);
      return { outcome: 'marked-failed', eventId: event.id };
    }
    return { outcome: 'ignored', eventId: event.id, reason: `event type ${event.type} is not handled` };
  });
  if (outcome.outcome === 'fulfilled' && outcome.newEnrollment) invalidateCatalogue(ctx);
  return outcome;
}
