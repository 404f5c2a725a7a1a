/**
 * The Stripe driver: PaymentIntents through Stripe's API and webhooks verified with
 * `stripe.webhooks.constructEvent` over the raw body. Stripe's errors become AppErrors carrying Stripe's
 * own message where it is meant for people (a declined card: 402), and a clear "unavailable" otherwise
 * (bad credentials, network, rate limits: 503), never the secret key or a stack.
 */
import { PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import Stripe from 'stripe';
import { AppError, badRequest } from '../lib/errors';
import type {
  ChargeRefundedSnapshot,
  ConnectedAccountInput,
  ConnectedAccountSnapshot,
  CreatedIntent,
  CreateIntentInput,
  DisputeSnapshot,
  OnboardingLinkInput,
  PaymentIntentSnapshot,
  PaymentProvider,
  PaymentWebhookEvent,
  ProviderRefund,
  RefundInput,
  RefundResult,
  TransferInput,
  TransferReversalInput,
} from './payment-port';

export interface StripeDriverOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Stripe retries idempotent requests on network errors; 0 in tests. */
  maxNetworkRetries: number;
  /** The clock the webhook timestamp tolerance is measured against (tests move it). */
  now: () => Date;
  /** Seconds a webhook signature stays acceptable (Stripe's default: 300). */
  webhookToleranceSeconds?: number;
}

/** Stripe's PaymentIntent ids: `pi_` and letters/digits. Anything else can't name one. */
const PAYMENT_INTENT_ID = /^pi_[A-Za-z0-9]+$/;

function withCause(error: AppError, cause: unknown): AppError {
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/** Maps an error thrown by the Stripe SDK to the API's error shape. */
export function stripeErrorToAppError(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error instanceof Stripe.errors.StripeCardError)
    return withCause(new AppError('PAYMENT_FAILED', error.message || PAYMENT_MESSAGES.cardDeclined), error);
  if (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError ||
    error instanceof Stripe.errors.StripeRateLimitError
  ) {
    // Not the buyer's doing, and the message may name our key: keep it in the logs only.
    return withCause(new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.providerUnavailable), error);
  }
  // Invalid request, idempotency conflict, API error: Stripe's message says what is wrong (an amount
  // below the minimum, an unsupported currency); it never holds secrets.
  const detail = error.message ? ` ${error.message}` : '';
  return withCause(new AppError('SERVICE_UNAVAILABLE', `${PAYMENT_MESSAGES.providerError}${detail}`), error);
}

/** A call to Stripe's API, its errors turned into the API's own (stripeErrorToAppError). */
async function callStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw stripeErrorToAppError(error);
  }
}

/**
 * The fee Stripe kept, when the intent came with its latest charge's balance transaction expanded (as
 * `retrieveIntent` asks); null otherwise (a webhook's payload holds ids only). A balance transaction in
 * another currency than the charge (a settlement currency) can't be split in the sale's units: null too.
 */
function feeOf(intent: Stripe.PaymentIntent): number | null {
  const charge = intent.latest_charge;
  if (!charge || typeof charge === 'string') return null;
  const balance = charge.balance_transaction;
  if (!balance || typeof balance === 'string') return null;
  return balance.currency === intent.currency ? balance.fee : null;
}

export function snapshotOf(intent: Stripe.PaymentIntent): PaymentIntentSnapshot {
  return {
    id: intent.id,
    status: intent.status,
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    metadata: { ...intent.metadata },
    feeMinor: feeOf(intent),
  };
}

/** Stripe's refund statuses reduced to ours: money on its way back, back, or not moving. */
export function refundStatusOf(status: string | null | undefined): RefundResult['status'] {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function providerRefundOf(refund: Stripe.Refund): ProviderRefund {
  return {
    id: refund.id,
    amountMinor: refund.amount,
    status: refund.status ?? 'pending',
    metadata: { ...(refund.metadata ?? {}) },
  };
}

/** A `charge.refunded` payload: its PaymentIntent, and its refunds when the payload lists them. */
function chargeRefundedOf(charge: Stripe.Charge): ChargeRefundedSnapshot | null {
  const paymentIntentId = idOf(charge.payment_intent);
  if (!paymentIntentId) return null;
  return { paymentIntentId, refunds: (charge.refunds?.data ?? []).map(providerRefundOf) };
}

function disputeOf(dispute: Stripe.Dispute): DisputeSnapshot | null {
  const paymentIntentId = idOf(dispute.payment_intent);
  if (!paymentIntentId) return null;
  return { id: dispute.id, paymentIntentId, amountMinor: dispute.amount };
}

export class StripePaymentDriver implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly options: StripeDriverOptions) {
    this.publishableKey = options.publishableKey;
    this.stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: options.maxNetworkRetries,
      timeout: 30_000,
      appInfo: { name: 'Lectio' },
    });
  }

  async createIntent(input: CreateIntentInput): Promise<CreatedIntent> {
    const intent = await callStripe(() =>
      this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          // The checkout page confirms with a card element (stripe.confirmCardPayment).
          allowed_payment_method_types: ['card'],
          metadata: { userId: input.metadata.userId, courseId: input.metadata.courseId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    if (!intent.client_secret) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.providerError);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot | null> {
    if (!PAYMENT_INTENT_ID.test(id)) return null;
    try {
      return snapshotOf(
        await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge.balance_transaction'] }),
      );
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        (error.code === 'resource_missing' || error.statusCode === 404)
      )
        return null;
      throw stripeErrorToAppError(error);
    }
  }

  parseWebhook(rawBody: Buffer, signatureHeader: string | undefined): PaymentWebhookEvent {
    const secret = this.options.webhookSecret;
    if (!secret) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.webhookNotConfigured);
    if (!signatureHeader) throw badRequest(PAYMENT_MESSAGES.webhookSignatureInvalid);
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signatureHeader,
        secret,
        this.options.webhookToleranceSeconds,
        undefined,
        this.options.now().getTime(),
      );
    } catch (error) {
      // Wrong signature, another endpoint's secret, a timestamp outside the tolerance (a replay of an
      // old delivery) or a body that isn't an event: all the same to the sender.
      throw withCause(badRequest(PAYMENT_MESSAGES.webhookSignatureInvalid), error);
    }
    const object = event.data?.object as { object?: string } | undefined;
    const intent = object?.object === 'payment_intent' ? snapshotOf(object as Stripe.PaymentIntent) : null;
    const chargeRefunded =
      event.type === 'charge.refunded' && object?.object === 'charge'
        ? chargeRefundedOf(object as Stripe.Charge)
        : null;
    const dispute =
      event.type === 'charge.dispute.created' && object?.object === 'dispute'
        ? disputeOf(object as Stripe.Dispute)
        : null;
    return { id: event.id, type: event.type, intent, chargeRefunded, dispute };
  }

  async refund(input: RefundInput): Promise<RefundResult> {
    const refund = await callStripe(() =>
      this.stripe.refunds.create(
        {
          payment_intent: input.paymentIntentId,
          amount: input.amountMinor,
          metadata: { refundId: input.metadata.refundId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    const status = refundStatusOf(refund.status);
    return {
      id: refund.id,
      status,
      ...(status === 'failed' ? { failureReason: refund.failure_reason ?? 'refused by Stripe' } : {}),
    };
  }

  async createConnectedAccount(input: ConnectedAccountInput): Promise<{ id: string }> {
    const account = await callStripe(() =>
      this.stripe.accounts.create(
        {
          type: 'express',
          email: input.email,
          capabilities: { transfers: { requested: true } },
          metadata: { userId: input.userId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: account.id };
  }

  async createOnboardingLink(input: OnboardingLinkInput): Promise<{ url: string }> {
    const link = await callStripe(() =>
      this.stripe.accountLinks.create({
        account: input.accountId,
        type: 'account_onboarding',
        return_url: input.returnUrl,
        refresh_url: input.refreshUrl,
      }),
    );
    return { url: link.url };
  }

  async retrieveConnectedAccount(id: string): Promise<ConnectedAccountSnapshot | null> {
    if (!/^acct_[A-Za-z0-9]+$/.test(id)) return null;
    try {
      const account = await this.stripe.accounts.retrieve(id);
      return {
        id: account.id,
        detailsSubmitted: account.details_submitted ?? false,
        transfersActive: account.capabilities?.transfers === 'active',
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError && error.statusCode === 404) return null;
      throw stripeErrorToAppError(error);
    }
  }

  async createTransfer(input: TransferInput): Promise<{ id: string }> {
    const transfer = await callStripe(() =>
      this.stripe.transfers.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          destination: input.accountId,
          metadata: { payoutId: input.metadata.payoutId, instructorId: input.metadata.instructorId },
        },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: transfer.id };
  }

  async reverseTransfer(input: TransferReversalInput): Promise<{ id: string }> {
    const reversal = await callStripe(() =>
      this.stripe.transfers.createReversal(
        input.transferId,
        { amount: input.amountMinor },
        { idempotencyKey: input.idempotencyKey },
      ),
    );
    return { id: reversal.id };
  }

  listRefunds(paymentIntentId: string): Promise<ProviderRefund[]> {
    // Listing pages through the refunds as they are read: the whole loop is the call.
    return callStripe(async () => {
      const refunds: ProviderRefund[] = [];
      for await (const refund of this.stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }))
        refunds.push(providerRefundOf(refund));
      return refunds;
    });
  }
}
