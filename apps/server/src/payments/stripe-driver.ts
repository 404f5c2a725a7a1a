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
  CreatedIntent,
  CreateIntentInput,
  PaymentIntentSnapshot,
  PaymentProvider,
  PaymentWebhookEvent,
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

export function snapshotOf(intent: Stripe.PaymentIntent): PaymentIntentSnapshot {
  return {
    id: intent.id,
    status: intent.status,
    amountMinor: intent.amount,
    currency: intent.currency.toUpperCase(),
    metadata: { ...intent.metadata },
  };
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
    try {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: input.amountMinor,
          currency: input.currency.toLowerCase(),
          // The checkout page confirms with a card element (stripe.confirmCardPayment).
          allowed_payment_method_types: ['card'],
          metadata: { userId: input.metadata.userId, courseId: input.metadata.courseId },
        },
        { idempotencyKey: input.idempotencyKey },
      );
      if (!intent.client_secret) throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_MESSAGES.providerError);
      return { id: intent.id, clientSecret: intent.client_secret };
    } catch (error) {
      throw stripeErrorToAppError(error);
    }
  }

  async retrieveIntent(id: string): Promise<PaymentIntentSnapshot | null> {
    if (!PAYMENT_INTENT_ID.test(id)) return null;
    try {
      return snapshotOf(await this.stripe.paymentIntents.retrieve(id));
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
    return { id: event.id, type: event.type, intent };
  }
}
