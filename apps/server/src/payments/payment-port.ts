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
}

/** A verified webhook event, reduced to what fulfilment needs. */
export interface PaymentWebhookEvent {
  id: string;
  type: string;
  /** The PaymentIntent the event is about (payment_intent.* events), else null. */
  intent: PaymentIntentSnapshot | null;
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
}
