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
  /** The charge's id once the intent succeeded (`ch_…`); Stripe expands it on request. */
  latest_charge?: string | null;
}

/** A charge's balance transaction: what Stripe kept (fee) in the charge's currency. */
interface FakeBalance {
  fee: number;
  currency: string;
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

/** A refund as Stripe's API answers it. */
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: string;
  metadata: Record<string, string>;
  failure_reason?: string | null;
}

/** A Connect Express account as Stripe answers it (only what the driver reads). */
export interface FakeAccount {
  id: string;
  object: 'account';
  type: 'express';
  email: string | null;
  details_submitted: boolean;
  payouts_enabled: boolean;
  capabilities: { transfers: 'inactive' | 'pending' | 'active' };
  metadata: Record<string, string>;
}

export interface FakeTransfer {
  id: string;
  object: 'transfer';
  amount: number;
  amount_reversed: number;
  currency: string;
  destination: string;
  metadata: Record<string, string>;
  reversed: boolean;
}

const metadataOf = (form: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(form)
      .filter(([name]) => name.startsWith('metadata['))
      .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
  );

export class FakeStripe {
  readonly intents = new Map<string, FakeIntent>();
  /** Connect: accounts, transfers and their reversals (by id), as made through the API. */
  readonly accounts = new Map<string, FakeAccount>();
  readonly transfers = new Map<string, FakeTransfer>();
  readonly reversals: { id: string; transfer: string; amount: number }[] = [];
  private readonly connectByIdempotencyKey = new Map<string, unknown>();
  /** Refunds by id, in the order they were made. */
  readonly refunds = new Map<string, FakeRefund>();
  /** What the next refunds answer: 'succeeded' (Stripe's usual answer for cards), 'pending', or an API error. */
  refundOutcome: 'succeeded' | 'pending' | 'error' = 'succeeded';
  /**
   * Runs after a refund is made and before Stripe answers: a test delivers the refund's webhook here, so it
   * reaches the server while the caller still waits for Stripe (the race a slow network makes).
   */
  afterRefund: ((refund: FakeRefund) => Promise<void>) | null = null;
  private readonly refundsByIdempotencyKey = new Map<string, string>();
  readonly requests: RecordedRequest[] = [];
  private readonly byIdempotencyKey = new Map<string, string>();
  private readonly balances = new Map<string, FakeBalance>();
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
      http.post(`${STRIPE_API}/refunds`, async ({ request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        const recorded = this.record(request, form);
        const key = recorded.headers['idempotency-key'];
        const replayed = key ? this.refundsByIdempotencyKey.get(key) : undefined;
        if (replayed) return HttpResponse.json(this.refunds.get(replayed));
        if (this.refundOutcome === 'error')
          return stripeError(500, 'api_error', 'An unexpected error occurred while refunding.');
        const intent = this.intents.get(form.payment_intent ?? '');
        if (intent?.status !== 'succeeded')
          return stripeError(
            404,
            'invalid_request_error',
            `No such payment_intent: '${form.payment_intent}'`,
            'resource_missing',
          );
        const amount = form.amount ? Number(form.amount) : intent.amount - this.refundedOf(intent.id);
        // Stripe refuses to give back more than the charge has left.
        if (amount > intent.amount - this.refundedOf(intent.id))
          return stripeError(
            400,
            'invalid_request_error',
            `Refund amount (${amount}) is greater than unrefunded amount on charge`,
            'amount_too_large',
          );
        const metadata = Object.fromEntries(
          Object.entries(form)
            .filter(([name]) => name.startsWith('metadata['))
            .map(([name, value]) => [name.slice('metadata['.length, -1), value]),
        );
        const refund: FakeRefund = {
          id: `re_${randomBytes(12).toString('hex')}`,
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          status: this.refundOutcome,
          metadata,
        };
        this.refunds.set(refund.id, refund);
        if (key) this.refundsByIdempotencyKey.set(key, refund.id);
        if (this.afterRefund) await this.afterRefund(refund);
        return HttpResponse.json(refund);
      }),
      http.get(`${STRIPE_API}/refunds`, ({ request }) => {
        this.record(request, {});
        const paymentIntent = new URL(request.url).searchParams.get('payment_intent');
        const data = [...this.refunds.values()]
          .filter((refund) => refund.payment_intent === paymentIntent)
          .reverse();
        return HttpResponse.json({ object: 'list', url: '/v1/refunds', has_more: false, data });
      }),
      http.post(`${STRIPE_API}/accounts`, async ({ request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        const recorded = this.record(request, form);
        const replayed = this.replay(recorded);
        if (replayed) return HttpResponse.json(replayed);
        const account: FakeAccount = {
          id: `acct_${randomBytes(8).toString('hex')}`,
          object: 'account',
          type: 'express',
          email: form.email ?? null,
          details_submitted: false,
          payouts_enabled: false,
          capabilities: { transfers: 'inactive' },
          metadata: metadataOf(form),
        };
        this.accounts.set(account.id, account);
        return HttpResponse.json(this.remember(recorded, account));
      }),
      http.get(`${STRIPE_API}/accounts/:id`, ({ request, params }) => {
        this.record(request, {});
        const account = this.accounts.get(String(params.id));
        return account
          ? HttpResponse.json(account)
          : stripeError(404, 'invalid_request_error', `No such account: '${params.id}'`, 'resource_missing');
      }),
      http.post(`${STRIPE_API}/account_links`, async ({ request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        this.record(request, form);
        if (!this.accounts.has(form.account ?? ''))
          return stripeError(400, 'invalid_request_error', `No such account: '${form.account}'`);
        return HttpResponse.json({
          object: 'account_link',
          created: 1_900_000_000,
          expires_at: 1_900_000_300,
          url: `https://connect.stripe.com/setup/e/${form.account}/${randomBytes(6).toString('hex')}`,
        });
      }),
      http.post(`${STRIPE_API}/transfers`, async ({ request }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        const recorded = this.record(request, form);
        const replayed = this.replay(recorded);
        if (replayed) return HttpResponse.json(replayed);
        const account = this.accounts.get(form.destination ?? '');
        if (account?.capabilities.transfers !== 'active')
          return stripeError(
            400,
            'invalid_request_error',
            'Your destination account needs to have at least one of the following capabilities enabled: transfers',
            'insufficient_capabilities_for_transfer',
          );
        const transfer: FakeTransfer = {
          id: `tr_${randomBytes(8).toString('hex')}`,
          object: 'transfer',
          amount: Number(form.amount),
          amount_reversed: 0,
          currency: form.currency ?? '',
          destination: account.id,
          metadata: metadataOf(form),
          reversed: false,
        };
        this.transfers.set(transfer.id, transfer);
        return HttpResponse.json(this.remember(recorded, transfer));
      }),
      http.post(`${STRIPE_API}/transfers/:id/reversals`, async ({ request, params }) => {
        const form = Object.fromEntries(new URLSearchParams(await request.text()));
        const recorded = this.record(request, form);
        const replayed = this.replay(recorded);
        if (replayed) return HttpResponse.json(replayed);
        const transfer = this.transfers.get(String(params.id));
        if (!transfer)
          return stripeError(
            404,
            'invalid_request_error',
            `No such transfer: '${params.id}'`,
            'resource_missing',
          );
        const amount = form.amount ? Number(form.amount) : transfer.amount - transfer.amount_reversed;
        if (amount > transfer.amount - transfer.amount_reversed)
          return stripeError(
            400,
            'invalid_request_error',
            'Reversal amount exceeds the transfer amount left',
          );
        transfer.amount_reversed += amount;
        transfer.reversed = transfer.amount_reversed === transfer.amount;
        const reversal = { id: `trr_${randomBytes(8).toString('hex')}`, transfer: transfer.id, amount };
        this.reversals.push(reversal);
        return HttpResponse.json(this.remember(recorded, { object: 'transfer_reversal', ...reversal }));
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
        // `expand[0]=latest_charge.balance_transaction` (how stripe-node sends it), as Stripe answers it: the charge and its balance
        // transaction as objects instead of ids.
        const expand = [...new URL(request.url).searchParams]
          .filter(([key]) => /^expand\[\d*\]$/.test(key))
          .map(([, value]) => value);
        const charge = intent.latest_charge;
        const balance = charge ? this.balances.get(charge) : undefined;
        if (charge && balance && expand.includes('latest_charge.balance_transaction')) {
          return HttpResponse.json({
            ...intent,
            latest_charge: {
              id: charge,
              object: 'charge',
              balance_transaction: {
                id: `txn_${charge.slice(3)}`,
                object: 'balance_transaction',
                ...balance,
              },
            },
          });
        }
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

  /** An Idempotency-Key seen before gets the same object back, as Stripe answers it. */
  private replay(recorded: RecordedRequest): unknown {
    const key = recorded.headers['idempotency-key'];
    return key ? this.connectByIdempotencyKey.get(`${recorded.path}:${key}`) : undefined;
  }

  private remember<T>(recorded: RecordedRequest, object: T): T {
    const key = recorded.headers['idempotency-key'];
    if (key) this.connectByIdempotencyKey.set(`${recorded.path}:${key}`, object);
    return object;
  }

  /** What the instructor finishing Stripe's onboarding form does to their account. */
  completeOnboarding(accountId: string): FakeAccount {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`fake stripe: no account ${accountId}`);
    account.details_submitted = true;
    account.payouts_enabled = true;
    account.capabilities.transfers = 'active';
    return account;
  }

  /** What Stripe.js confirming a good card does to the intent. */
  succeed(id: string, options: { feeMinor?: number } = {}): FakeIntent {
    const intent = this.intents.get(id);
    if (!intent) throw new Error(`fake stripe: no intent ${id}`);
    intent.status = 'succeeded';
    if (options.feeMinor !== undefined) {
      const charge = `ch_${randomBytes(12).toString('hex')}`;
      intent.latest_charge = charge;
      this.balances.set(charge, { fee: options.feeMinor, currency: intent.currency });
    }
    return intent;
  }

  private refundedOf(intentId: string): number {
    return [...this.refunds.values()]
      .filter((refund) => refund.payment_intent === intentId && refund.status !== 'failed')
      .reduce((sum, refund) => sum + refund.amount, 0);
  }

  /** A refund made in Stripe's dashboard (no metadata from Lectio). */
  dashboardRefund(intentId: string, amount: number): FakeRefund {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
    const refund: FakeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: 'succeeded',
      metadata: {},
    };
    this.refunds.set(refund.id, refund);
    return refund;
  }

  /**
   * The charge of an intent as a `charge.refunded` event carries it. Since API version 2022-11-15 the
   * charge's `refunds` list is not in webhook payloads: `withRefunds` adds it (older versions, expansions).
   */
  charge(intentId: string, options: { withRefunds?: boolean } = {}) {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
    const refunds = [...this.refunds.values()].filter((refund) => refund.payment_intent === intentId);
    return {
      id: intent.latest_charge ?? `ch_${intentId.slice(3)}`,
      object: 'charge',
      amount: intent.amount,
      amount_refunded: this.refundedOf(intentId),
      currency: intent.currency,
      payment_intent: intentId,
      refunded: this.refundedOf(intentId) >= intent.amount,
      ...(options.withRefunds
        ? { refunds: { object: 'list', data: refunds.reverse(), has_more: false, url: '/v1/refunds' } }
        : {}),
    };
  }

  /** A dispute opened on an intent's charge, as `charge.dispute.created` carries it. */
  dispute(intentId: string, amount: number) {
    const intent = this.intents.get(intentId);
    if (!intent) throw new Error(`fake stripe: no intent ${intentId}`);
    return {
      id: `dp_${randomBytes(12).toString('hex')}`,
      object: 'dispute',
      amount,
      currency: intent.currency,
      charge: intent.latest_charge ?? `ch_${intentId.slice(3)}`,
      payment_intent: intentId,
      reason: 'fraudulent',
      status: 'needs_response',
    };
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
