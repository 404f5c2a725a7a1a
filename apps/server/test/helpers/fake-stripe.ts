/**
 * A small stand-in for Stripe's PaymentIntents API, served by msw at https://api.stripe.com, so the real
 * Stripe SDK (and our driver) run unchanged. It records every request it receives, honours
 * Idempotency-Key like Stripe does, and lets a test move an intent to `succeeded` (what Stripe.js
 * confirming a card would do). Also signs webhook payloads the way Stripe does.
 */
import { randomBytes } from 'node:crypto';
import { HttpResponse, http } from 'msw';
import { type SetupServer, setupServer } from 'msw/node';
import Stripe from 'stripe';

export const STRIPE_TEST_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_lectio_fake_key',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_lectio_fake_key',
  STRIPE_WEBHOOK_SECRET: 'whsec_lectio_test_secret',
  STRIPE_MAX_NETWORK_RETRIES: '0',
};

export const STRIPE_API = 'https://api.stripe.com/v1';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  livemode: false;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** Form fields of a POST (Stripe's API takes application/x-www-form-urlencoded). */
  form: Record<string, string>;
}

export function stripeError(status: number, type: string, message: string, code?: string) {
  return HttpResponse.json({ error: { type, message, ...(code ? { code } : {}) } }, { status });
}

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  readonly requests: RecordedRequest[] = [];
  private readonly byIdempotencyKey = new Map<string, string>();
  readonly server: SetupServer;

  constructor() {
    this.server = setupServer(
      http.post(`${STRIPE_API}/payment_intents`, async ({ request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        const recorded = this.record(request, form);
        const key = recorded.headers['idempotency-key'];
        const replayed = key ? this.byIdempotencyKey.get(key) : undefined;
        if (replayed) return HttpResponse.json(this.intents.get(replayed));
        const id = `pi_${randomBytes(12).toString('hex')}`;
        const intent: FakeIntent = {
          id,
          object: 'payment_intent',
          amount: Number(form.amount),
          currency: form.currency ?? '',
          status: 'requires_payment_method',
          client_secret: `${id}_secret_${randomBytes(12).toString('hex')}`,
          metadata: {
            ...(form['metadata[userId]'] ? { userId: form['metadata[userId]'] } : {}),
            ...(form['metadata[courseId]'] ? { courseId: form['metadata[courseId]'] } : {}),
          },
          livemode: false,
        };
        this.intents.set(id, intent);
        if (key) this.byIdempotencyKey.set(key, id);
        return HttpResponse.json(intent);
      }),
      http.get(`${STRIPE_API}/payment_intents/:id`, ({ request, params }) => {
        this.record(request, {});
        const intent = this.intents.get(String(params.id));
        if (!intent)
          return stripeError(
            404,
            'invalid_request_error',
            `No such payment_intent: '${params.id}'`,
            'resource_missing',
          );
        return HttpResponse.json(intent);
      }),
    );
  }

  private record(request: Request, form: Record<string, string>): RecordedRequest {
    const url = new URL(request.url);
    const recorded = {
      method: request.method,
      path: url.pathname,
      headers: Object.fromEntries(request.headers.entries()),
      form,
    };
    this.requests.push(recorded);
    return recorded;
  }

  /** What Stripe.js confirming a good card does to the intent. */
  succeed(id: string): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`fake stripe: no intent ${id}`);
    intent.status = 'succeeded';
    return intent;
  }

  /** An intent created outside Lectio (another integration on the same Stripe account). */
  addIntent(overrides: Partial<FakeIntent>): FakeIntent {
    const id = overrides.id ?? `pi_${randomBytes(12).toString('hex')}`;
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: 1000,
      currency: 'inr',
      status: 'succeeded',
      client_secret: `${id}_secret_x`,
      metadata: {},
      livemode: false,
      ...overrides,
    };
    this.intents.set(id, intent);
    return intent;
  }
}

/** A webhook delivery as Stripe sends it: the JSON event and its `Stripe-Signature` header. */
export function signedEvent(
  event: { id: string; type: string; object: unknown },
  options: { secret?: string; timestampSeconds: number },
): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify({
    id: event.id,
    object: 'event',
    type: event.type,
    api_version: Stripe.API_VERSION,
    created: options.timestampSeconds,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: event.object },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STRIPE_TEST_ENV.STRIPE_WEBHOOK_SECRET,
    timestamp: options.timestampSeconds,
  });
  return {
    payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
  };
}
