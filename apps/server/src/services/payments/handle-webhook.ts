/**
 * POST /payment/webhook (Stripe only): the provider verifies the signature over the raw body, then one
 * transaction records the event id (`payment_events`, once: a redelivery or replay does nothing) and
 * acts on it:
 * - payment_intent.succeeded: fulfil, with the same checks as the confirm call (against the intent's
 *   metadata instead of the caller), so a buyer whose browser closed before confirming gets the course;
 * - payment_intent.payment_failed: a pending payment row becomes failed;
 * - charge.refunded: refunds made in Stripe's dashboard are recorded, ours settled if they weren't yet,
 *   each once (services/refunds/refund-webhooks.ts); a full refund ends the enrollment;
 * - charge.dispute.created: the enrollment ends and the disputed amount is reversed in the ledger, once;
 * - anything else is acknowledged and ignored.
 * An intent that doesn't qualify (not ours: no metadata; amount or course not matching) is recorded and
 * ignored, since redelivering it can't change the answer. Any other failure rolls the transaction back,
 * event id included, so Stripe's next delivery retries.
 */

import { type Database, paymentEvents } from '@lectio/db';
import { AppError } from '../../lib/errors';
import type { PaymentWebhookEvent } from '../../payments/payment-port';
import type { ServiceContext } from '../context';
import { invalidateCatalogue } from '../courses/catalogue-cache';
import { reverseTransfersAfterRefund } from '../payouts/payouts';
import { type RefundWebhookResult, recordDispute, recordProviderRefunds } from '../refunds/refund-webhooks';
import { fulfilPaymentInTransaction, markPaymentFailed } from './fulfil-payment';

export type WebhookOutcome =
  | { outcome: 'fulfilled'; eventId: string; newEnrollment: boolean }
  | { outcome: 'marked-failed'; eventId: string }
  | { outcome: 'refunds-recorded'; eventId: string; recorded: number }
  | { outcome: 'duplicate'; eventId: string }
  | { outcome: 'ignored'; eventId: string; reason: string };

/**
 * A webhook's payload names the charge but not the fee the provider kept; a success is read back from the
 * provider (before the transaction, which must not wait on the network) so the ledger records the fee.
 */
async function withProviderFee(
  ctx: ServiceContext,
  event: PaymentWebhookEvent,
): Promise<PaymentWebhookEvent> {
  // A charge.refunded payload lists the charge's refunds only when the API version expands them: ask.
  if (event.type === 'charge.refunded' && event.chargeRefunded && event.chargeRefunded.refunds.length === 0) {
    const listed = await ctx.payments.listRefunds(event.chargeRefunded.paymentIntentId);
    return { ...event, chargeRefunded: { ...event.chargeRefunded, refunds: listed } };
  }
  if (event.type !== 'payment_intent.succeeded' || !event.intent || event.intent.feeMinor !== null)
    return event;
  const fresh = await ctx.payments.retrieveIntent(event.intent.id);
  return fresh ? { ...event, intent: { ...event.intent, feeMinor: fresh.feeMinor } } : event;
}

/** A refund made at the provider or a dispute: what the event gave back, recorded; null for other events. */
async function recordMoneyBack(
  tx: Database,
  ctx: ServiceContext,
  event: PaymentWebhookEvent,
): Promise<RefundWebhookResult | null> {
  if (event.type === 'charge.refunded' && event.chargeRefunded)
    return recordProviderRefunds(tx, ctx, event.chargeRefunded);
  if (event.type === 'charge.dispute.created' && event.dispute) return recordDispute(tx, ctx, event.dispute);
  return null;
}

export async function handlePaymentWebhook(
  ctx: ServiceContext,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): Promise<WebhookOutcome> {
  const parsed = ctx.payments.parseWebhook(rawBody, signatureHeader);
  const event = await withProviderFee(ctx, parsed);
  let endedEnrollment = false;
  let settledRefunds: string[] = [];
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
    const moneyBack = await recordMoneyBack(tx, ctx, event);
    if (moneyBack) {
      endedEnrollment = moneyBack.endedEnrollment;
      settledRefunds = moneyBack.refundIds ?? [];
      return moneyBack.ignored
        ? { outcome: 'ignored', eventId: event.id, reason: moneyBack.ignored }
        : { outcome: 'refunds-recorded', eventId: event.id, recorded: moneyBack.recorded };
    }
    return { outcome: 'ignored', eventId: event.id, reason: `event type ${event.type} is not handled` };
  });
  if ((outcome.outcome === 'fulfilled' && outcome.newEnrollment) || endedEnrollment) invalidateCatalogue(ctx);
  // Money already paid out to the instructor comes back from their transfer (after the commit, outside it).
  for (const refundId of settledRefunds) await reverseTransfersAfterRefund(ctx, refundId);
  return outcome;
}
