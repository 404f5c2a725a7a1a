/**
 * The one interface for taking payments. Services see this port, never a driver: `stripe-driver.ts`
 * (Stripe's API) or `test-driver.ts` (test mode, no outside service), chosen by
 * `create-payment-provider.ts` from PAYMENT_PROVIDER.
 *
 * Amounts are integer minor units; currencies are upper-case ISO 4217 codes here (drivers translate).
 */

export type PaymentProviderName = 'stripe' | 'test';

/** What a purchase records on the provider's side, read back on confirmation. */
export interface PaymentIntentMetadata {
  userId: string;
  courseId: string;
}

export interface CreateIntentInput {
  amountMinor: number;
  currency: string;
  metadata: PaymentIntentMetadata;
  /** The same key gives back the same intent (Stripe's Idempotency-Key), so retries never create two. */
  idempotencyKey: string;
}

export interface CreatedIntent {
  id: string;
  clientSecret: string;
}

/** A PaymentIntent as the provider reports it. Metadata is whatever the provider holds (may be foreign). */
export interface PaymentIntentSnapshot {
  id: string;
  /** Stripe's PaymentIntent status: 'succeeded' is the only one that grants access. */
  status: string;
  amountMinor: number;
  currency: string;
  metadata: Record<string, string>;
  /**
   * What the provider kept of this payment (Stripe's balance-transaction fee), in the same minor units;
   * 0 in test mode; null when the snapshot doesn't say (a webhook's payload: retrieve the intent for it).
   */
  feeMinor: number | null;
}

/** A refund as the provider reports it (on a `charge.refunded` event, or the answer to `refund`). */
export interface ProviderRefund {
  /** The provider's refund id (Stripe's `re_…`; the test driver's `re_test_…`). */
  id: string;
  amountMinor: number;
  /** Stripe's refund status: 'succeeded' and 'pending' count as money going back; 'failed' and 'canceled' don't. */
  status: string;
  /** Our refund row's id when Lectio asked for the refund (`metadata.refundId`); absent for the dashboard's. */
  metadata: Record<string, string>;
}

/** The charge a `charge.refunded` event is about: its PaymentIntent and every refund it has had so far. */
export interface ChargeRefundedSnapshot {
  paymentIntentId: string;
  refunds: ProviderRefund[];
}

/** A dispute opened on a charge (`charge.dispute.created`). */
export interface DisputeSnapshot {
  /** Stripe's dispute id (`dp_…`). */
  id: string;
  paymentIntentId: string;
  amountMinor: number;
}

/** A verified webhook event, reduced to what fulfilment and refunds need. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** The PaymentIntent the event is about (payment_intent.* events), else null. */
  intent: PaymentIntentSnapshot | null;
  /** The refunded charge (`charge.refunded`), else null. */
  chargeRefunded?: ChargeRefundedSnapshot | null;
  /** The dispute (`charge.dispute.created`), else null. */
  dispute?: DisputeSnapshot | null;
}

export interface RefundInput {
  paymentIntentId: string;
  amountMinor: number;
  /** Our refund row's id: the same key never refunds twice (Stripe's Idempotency-Key). */
  idempotencyKey: string;
  metadata: { refundId: string };
}

/** What the provider answered: its refund id and status ('succeeded', 'pending', 'failed', …). */
export interface RefundResult {
  id: string;
  status: 'succeeded' | 'pending' | 'failed';
  /** Why it failed, when the provider said. */
  failureReason?: string;
}

/** An instructor's connected account (Stripe Connect Express), as the provider reports it. */
export interface ConnectedAccountSnapshot {
  id: string;
  /** The instructor finished the provider's onboarding form. */
  detailsSubmitted: boolean;
  /** Transfers to the account can be made (Stripe: the `transfers` capability is active). */
  transfersActive: boolean;
}

export interface ConnectedAccountInput {
  userId: string;
  email: string;
  idempotencyKey: string;
}

export interface OnboardingLinkInput {
  accountId: string;
  /** Where the provider sends the instructor back once the form is done. */
  returnUrl: string;
  /** Where it sends them when the link has expired or was used already (a page that asks for a new one). */
  refreshUrl: string;
}

export interface TransferInput {
  accountId: string;
  amountMinor: number;
  currency: string;
  /** Our payout's id: the same key never transfers twice. */
  idempotencyKey: string;
  metadata: { payoutId: string; instructorId: string };
}

export interface TransferReversalInput {
  transferId: string;
  amountMinor: number;
  /** `${refundId}:${payoutId}`: a retried reversal is made once. */
  idempotencyKey: string;
}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Sent to browsers by GET /payment/config (Stripe's pk_…); null in test mode. */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<CreatedIntent>;
  /** The intent, or null when the provider does not know it. */
  retrieveIntent(id: string): Promise<PaymentIntentSnapshot | null>;
  /**
   * Verifies a webhook delivery (signature over the raw body, timestamp tolerance) and parses it.
   * Throws AppError: 400 for a bad signature or stale timestamp, 503 when webhooks aren't configured,
   * 404 when this provider receives no webhooks.
   */
  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent;
  /**
   * Gives back part or all of a payment. Never called inside a database transaction (services/refunds).
   * Throws AppError like the other calls when the provider refuses or can't be reached.
   */
  refund(input: RefundInput): Promise<RefundResult>;
  /**
   * Every refund of a PaymentIntent, as the provider lists them. A `charge.refunded` payload lists the
   * charge's refunds only when the API version expands them, so the webhook asks for them here.
   */
  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]>;
  /** Creates an instructor's connected account for payouts (Stripe: an Express account with transfers). */
  createConnectedAccount(input: ConnectedAccountInput): Promise<{ id: string }>;
  /** A single-use link to the provider's onboarding for that account, coming back to `returnUrl`. */
  createOnboardingLink(input: OnboardingLinkInput): Promise<{ url: string }>;
  /** The account as the provider reports it now; null when it doesn't know it. */
  retrieveConnectedAccount(id: string): Promise<ConnectedAccountSnapshot | null>;
  /** Moves money from the platform's balance to the account. Never inside a database transaction. */
  createTransfer(input: TransferInput): Promise<{ id: string }>;
  /** Takes part or all of a transfer back (a refund after the payout). */
  reverseTransfer(input: TransferReversalInput): Promise<{ id: string }>;
}
