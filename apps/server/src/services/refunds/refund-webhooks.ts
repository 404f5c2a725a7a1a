/**
 * Stripe's `charge.refunded` and `charge.dispute.created`, inside the webhook's transaction (which records
 * the event id once; handle-webhook.ts). Refunds made in Stripe's dashboard are recorded as source
 * 'provider'; ours are recognised by `metadata.refundId` first (the row tx1 wrote, perhaps not settled
 * yet: the webhook can beat the admin's own tx2), then by the provider's refund id. Either way a refund
 * is settled once, under the payment's lock, whoever comes first. A dispute ends the enrollment at once
 * and writes a 'dispute' reversal of the disputed amount, keyed by the dispute's id.
 */
import { type Database, payments, refunds } from '@lectio/db';
import { and, eq } from 'drizzle-orm';
import { isUuid } from '../../lib/ids';
import type { ChargeRefundedSnapshot, DisputeSnapshot } from '../../payments/payment-port';
import type { ServiceContext } from '../context';
import { recordReversal, refundedOf } from '../ledger/ledger';
import { applyReversalConsequences, settleRefundInTransaction } from './refund-payment';

export const PROVIDER_REFUND_REASON = 'Refunded at the payment provider';
export const DISPUTE_REASON = 'Disputed with the card issuer';

async function lockPaymentByIntent(tx: Database, paymentIntentId: string) {
  const [row] = await tx
    .select()
    .from(payments)
    .where(eq(payments.providerPaymentId, paymentIntentId))
    .for('update');
  return row;
}

export interface RefundWebhookResult {
  /** Refunds this event recorded or settled (0: all known already). */
  recorded: number;
  endedEnrollment: boolean;
  /** The refunds (and disputes) it settled: their transfers may need reversing (services/payouts). */
  refundIds?: string[];
  /** Set when the event is about no payment of ours. */
  ignored?: string;
}

export async function recordProviderRefunds(
  tx: Database,
  ctx: ServiceContext,
  charge: ChargeRefundedSnapshot,
): Promise<RefundWebhookResult> {
  const payment = await lockPaymentByIntent(tx, charge.paymentIntentId);
  if (!payment) return { recorded: 0, endedEnrollment: false, ignored: 'no payment for this charge' };
  let recorded = 0;
  let endedEnrollment = false;
  const refundIds: string[] = [];
  for (const refund of charge.refunds) {
    if (refund.status === 'failed' || refund.status === 'canceled' || refund.amountMinor <= 0) continue;
    const ownId = refund.metadata.refundId;
    if (ownId && isUuid(ownId)) {
      const [own] = await tx
        .select({ id: refunds.id, status: refunds.status })
        .from(refunds)
        .where(and(eq(refunds.id, ownId), eq(refunds.paymentId, payment.id)));
      if (own) {
        if (own.status !== 'succeeded') {
          const settled = await settleRefundInTransaction(tx, ctx, own.id, refund.id);
          recorded += 1;
          refundIds.push(own.id);
          endedEnrollment ||= settled.endedEnrollment;
        }
        continue;
      }
    }
    const [known] = await tx
      .select({ id: refunds.id })
      .from(refunds)
      .where(eq(refunds.providerRefundId, refund.id));
    if (known) continue;
    const now = ctx.now();
    const [created] = await tx
      .insert(refunds)
      .values({
        paymentId: payment.id,
        amountMinor: refund.amountMinor,
        reason: PROVIDER_REFUND_REASON,
        source: 'provider',
        status: 'succeeded',
        providerRefundId: refund.id,
        decidedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: refunds.id });
    if (!created) continue;
    await recordReversal(tx, ctx, {
      paymentId: payment.id,
      refundId: created.id,
      amountMinor: refund.amountMinor,
      event: 'refund',
    });
    recorded += 1;
    endedEnrollment ||= await applyReversalConsequences(tx, ctx, payment, created.id, 'refund');
    refundIds.push(created.id);
  }
  return { recorded, endedEnrollment, refundIds };
}

export async function recordDispute(
  tx: Database,
  ctx: ServiceContext,
  dispute: DisputeSnapshot,
): Promise<RefundWebhookResult> {
  const payment = await lockPaymentByIntent(tx, dispute.paymentIntentId);
  if (!payment) return { recorded: 0, endedEnrollment: false, ignored: 'no payment for this dispute' };
  const [known] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(eq(refunds.providerRefundId, dispute.id));
  if (known) return { recorded: 0, endedEnrollment: false };
  // What the bank can take back is what the payment still holds.
  const amountMinor = Math.min(dispute.amountMinor, payment.amountMinor - (await refundedOf(tx, payment.id)));
  if (amountMinor <= 0)
    return { recorded: 0, endedEnrollment: false, ignored: 'nothing left of the payment' };
  const now = ctx.now();
  const [created] = await tx
    .insert(refunds)
    .values({
      paymentId: payment.id,
      amountMinor,
      reason: DISPUTE_REASON,
      source: 'dispute',
      status: 'succeeded',
      providerRefundId: dispute.id,
      decidedAt: now,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: refunds.id });
  if (!created) throw new Error('dispute refund row not written');
  await recordReversal(tx, ctx, {
    paymentId: payment.id,
    refundId: created.id,
    amountMinor,
    event: 'dispute',
  });
  const endedEnrollment = await applyReversalConsequences(tx, ctx, payment, created.id, 'dispute');
  return { recorded: 1, endedEnrollment, refundIds: [created.id] };
}
