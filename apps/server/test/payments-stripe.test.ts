/**
 * Purchases with the Stripe driver, the real Stripe SDK talking to msw in Stripe's place
 * (helpers/fake-stripe.ts): what the intent request carries (the database price, currency, metadata,
 * Idempotency-Key), how Stripe's errors come back, the confirm call's checks, and signed webhooks
 * (valid, bad signature, stale timestamp, replayed, webhook-only purchase, rollback on failure).
 */
import { COURSE_MESSAGES, PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { enrollments, paymentEvents, payments } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { and, eq, sql } from 'drizzle-orm';
import { http } from 'msw';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { api, type SignedInUser, signIn, trpcData, trpcMutation } from './helpers/catalogue';
import { FakeStripe, STRIPE_API, STRIPE_TEST_ENV, signedEvent, stripeError } from './helpers/fake-stripe';
import { createTestApp, type TestApp } from './helpers/test-app';

const NOW = new Date('2030-06-15T10:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);

const stripe = new FakeStripe();
let t: TestApp;
let instructor: SignedInUser;
let buyer: SignedInUser;
let otherBuyer: SignedInUser;

beforeAll(async () => {
  stripe.server.listen({ onUnhandledFrame: 'error' });
  t = await createTestApp(STRIPE_TEST_ENV, undefined, { clock: NOW });
  instructor = await signIn(t, 'instructor');
  buyer = await signIn(t, 'student');
  otherBuyer = await signIn(t, 'student');
});
afterEach(() => {
  stripe.server.resetHandlers();
});
afterAll(async () => {
  await t.close();
  stripe.server.close();
});

async function sellableCourse(priceMinor = 49_900) {
  const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor });
  await createLecture(t.db, { courseId: course.id });
  return course;
}

async function startPurchase(courseId: string, actor: SignedInUser = buyer) {
  const response = await api.post(t, '/payment/create-payment-intent', { courseId }, actor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { clientSecret: string; paymentIntentId: string; amount: number };
}

const confirm = (paymentIntentId: string, actor: SignedInUser = buyer) =>
  api.post(t, '/payment/confirm-payment', { paymentIntentId }, actor);

function deliver(delivery: { payload: string; headers: Record<string, string> }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/webhook',
    headers: delivery.headers,
    payload: delivery.payload,
  });
}

async function enrollmentsOf(userId: string, courseId: string) {
  return t.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
}

async function paymentOf(intentId: string) {
  const [row] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, intentId));
  return row;
}

describe('config', () => {
  it('selects Stripe when both keys are set and publishes only the publishable key', async () => {
    const response = await api.get(t, '/payment/config');
    expect(response.json()).toEqual({
      provider: 'stripe',
      publishableKey: STRIPE_TEST_ENV.STRIPE_PUBLISHABLE_KEY,
      currency: 'INR',
    });
    expect(response.body).not.toContain(STRIPE_TEST_ENV.STRIPE_SECRET_KEY);
  });

  it('lets the browser load Stripe.js, its card frames and its API under the CSP', async () => {
    const csp = String((await api.get(t, '/payment/config')).headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'[^;]* https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(csp).toMatch(/connect-src 'self'[^;]* https:\/\/api\.stripe\.com/);
  });
});

describe('creating the PaymentIntent', () => {
  it('sends the database price, the currency, metadata and an Idempotency-Key to Stripe', async () => {
    const course = await sellableCourse(129_900);
    const before = stripe.requests.length;
    const response = await api.post(
      t,
      '/payment/create-payment-intent',
      { courseId: course.id, amount: 1, currency: 'usd' },
      buyer,
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    const sent = stripe.requests.slice(before);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request?.form).toMatchObject({
      amount: '129900',
      currency: 'inr',
      'metadata[userId]': buyer.user.id,
      'metadata[courseId]': course.id,
      'allowed_payment_method_types[0]': 'card',
    });
    expect(request?.headers['idempotency-key']).toMatch(/^lectio-pi-[0-9a-f]{64}$/);
    expect(request?.headers.authorization).toBe(`Bearer ${STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`);

    const intent = stripe.intents.get(body.paymentIntentId);
    expect(body).toEqual({
      clientSecret: intent?.client_secret,
      paymentIntentId: intent?.id,
      amount: 1299,
      currency: 'INR',
      provider: 'stripe',
    });
    expect(await paymentOf(body.paymentIntentId)).toMatchObject({
      provider: 'stripe',
      userId: buyer.user.id,
      courseId: course.id,
      amountMinor: 129_900,
      currency: 'INR',
      status: 'pending',
    });
  });

  it('reuses the key for the same buyer, course and price, so Stripe answers with the same intent', async () => {
    const course = await sellableCourse();
    const before = stripe.requests.length;
    const first = await startPurchase(course.id);
    const second = await startPurchase(course.id);
    expect(second.paymentIntentId).toBe(first.paymentIntentId);
    const keys = stripe.requests.slice(before).map((request) => request.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
    const other = await startPurchase(course.id, otherBuyer);
    expect(other.paymentIntentId).not.toBe(first.paymentIntentId);
  });

  it("maps Stripe's errors: its message for a refused request, a plain 503 for credentials or outages", async () => {
    const course = await sellableCourse();
    stripe.server.use(
      http.post(`${STRIPE_API}/payment_intents`, () =>
        stripeError(400, 'invalid_request_error', 'Amount must be at least ₹0.50 inr', 'amount_too_small'),
      ),
    );
    const refused = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: `${PAYMENT_MESSAGES.providerError} Amount must be at least ₹0.50 inr`,
    });

    stripe.server.use(
      http.post(`${STRIPE_API}/payment_intents`, () =>
        stripeError(
          401,
          'invalid_request_error',
          `Invalid API Key provided: ${STRIPE_TEST_ENV.STRIPE_SECRET_KEY}`,
        ),
      ),
    );
    const badKey = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(badKey.statusCode).toBe(503);
    expect(badKey.json().message).toBe(PAYMENT_MESSAGES.providerUnavailable);
    expect(badKey.body).not.toContain('sk_test');

    stripe.server.use(
      http.post(`${STRIPE_API}/payment_intents`, () =>
        stripeError(500, 'api_error', 'Something broke at Stripe'),
      ),
    );
    const outage = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(outage.statusCode).toBe(503);

    stripe.server.use(
      http.post(`${STRIPE_API}/payment_intents`, () =>
        stripeError(402, 'card_error', 'Your card was declined.', 'card_declined'),
      ),
    );
    const card = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(card.statusCode).toBe(402);
    expect(card.json()).toEqual({ code: 'PAYMENT_FAILED', message: 'Your card was declined.' });

    // None of these left a payment behind.
    expect(await t.db.select().from(payments).where(eq(payments.courseId, course.id))).toEqual([]);
  });
});

describe('confirming the payment', () => {
  it('enrolls only once Stripe says the intent succeeded, and answers the purchased list', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const early = await confirm(intent.paymentIntentId);
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toBe(PAYMENT_MESSAGES.paymentNotSucceeded);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toEqual([]);

    stripe.succeed(intent.paymentIntentId);
    const before = stripe.requests.length;
    const response = await confirm(intent.paymentIntentId);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      message: PAYMENT_MESSAGES.enrolled,
      purchasedCourses: expect.arrayContaining([course.id]),
    });
    expect(stripe.requests.slice(before)).toMatchObject([
      { method: 'GET', path: `/v1/payment_intents/${intent.paymentIntentId}` },
    ]);
    const payment = await paymentOf(intent.paymentIntentId);
    expect(payment?.status).toBe('succeeded');
    expect(await enrollmentsOf(buyer.user.id, course.id)).toMatchObject([
      { source: 'purchase', paymentId: payment?.id },
    ]);
    expect((await confirm(intent.paymentIntentId)).statusCode).toBe(200);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toHaveLength(1);
    const owned = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(owned.statusCode).toBe(409);
    expect(owned.json().message).toBe(COURSE_MESSAGES.alreadyPurchased);
  });

  it("refuses another buyer's intent and intents Stripe doesn't know", async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    stripe.succeed(intent.paymentIntentId);
    const stolen = await confirm(intent.paymentIntentId, otherBuyer);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toBe(PAYMENT_MESSAGES.paymentNotFound);
    expect(await enrollmentsOf(otherBuyer.user.id, course.id)).toEqual([]);

    expect((await confirm('pi_doesnotexist123')).statusCode).toBe(404);
    const before = stripe.requests.length;
    expect((await confirm('../customers/cus_1')).statusCode).toBe(404);
    expect(stripe.requests.length).toBe(before); // a malformed id never reaches Stripe
  });

  it('refuses an intent whose amount, currency or course differs from what was asked for', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const fake = stripe.succeed(intent.paymentIntentId);
    for (const change of [
      { amount: 100 },
      { currency: 'usd' },
      { metadata: { ...fake.metadata, courseId: course.instructorId } },
    ]) {
      const original = { ...fake };
      Object.assign(fake, change);
      const response = await confirm(intent.paymentIntentId);
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.paymentMismatch);
      Object.assign(fake, original);
    }
    // Not ours at all: a succeeded intent of the right user but without a pending row or a matching price.
    const foreign = stripe.addIntent({
      amount: 123,
      metadata: { userId: buyer.user.id, courseId: course.id },
    });
    expect((await confirm(foreign.id)).statusCode).toBe(400);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toEqual([]);
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('pending');
  });

  it('never turns a refunded payment back into an enrollment', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    stripe.succeed(intent.paymentIntentId);
    await t.db
      .update(payments)
      .set({ status: 'refunded' })
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    const response = await confirm(intent.paymentIntentId);
    expect(response.statusCode).toBe(402);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toEqual([]);
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('refunded');
  });

  it("answers 503 when Stripe can't be asked", async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    stripe.server.use(
      http.get(`${STRIPE_API}/payment_intents/:id`, () => stripeError(500, 'api_error', 'Internal error')),
    );
    const response = await confirm(intent.paymentIntentId);
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('SERVICE_UNAVAILABLE');
  });

  it('has tRPC twins, and no test-card route', async () => {
    const course = await sellableCourse();
    const intent = trpcData<{ paymentIntentId: string; clientSecret: string }>(
      await trpcMutation(t, 'payment.createIntent', { courseId: course.id }, otherBuyer),
    );
    stripe.succeed(intent.paymentIntentId);
    const confirmed = trpcData<{ purchasedCourses: string[] }>(
      await trpcMutation(t, 'payment.confirm', { paymentIntentId: intent.paymentIntentId }, otherBuyer),
    );
    expect(confirmed.purchasedCourses).toContain(course.id);

    const card = { ...intent, cardNumber: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' };
    const rest = await api.post(t, '/payment/test/confirm-card', card, otherBuyer);
    expect(rest.statusCode).toBe(404);
    expect(rest.json().message).toBe(PAYMENT_MESSAGES.testModeOnly);
    expect((await trpcMutation(t, 'payment.testConfirmCard', card, otherBuyer)).statusCode).toBe(404);
  });
});

describe('webhooks', () => {
  const eventId = () => `evt_${Math.random().toString(36).slice(2)}${Date.now()}`;

  it('fulfils payment_intent.succeeded on its own: a buyer whose browser closed still gets the course', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const succeeded = stripe.succeed(intent.paymentIntentId);
    const id = eventId();
    const response = await deliver(
      signedEvent(
        { id, type: 'payment_intent.succeeded', object: succeeded },
        { timestampSeconds: NOW_SECONDS },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ received: true });
    expect(await enrollmentsOf(buyer.user.id, course.id)).toHaveLength(1);
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('succeeded');
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, id))).toHaveLength(1);
    // The buyer's later confirm call finds the work done.
    const later = await confirm(intent.paymentIntentId);
    expect(later.statusCode).toBe(200);
    expect(later.json().purchasedCourses).toContain(course.id);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toHaveLength(1);
  });

  it('refuses a bad signature, a stale timestamp and a missing header, recording nothing', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const object = stripe.succeed(intent.paymentIntentId);
    const id = eventId();
    const event = { id, type: 'payment_intent.succeeded', object };
    const deliveries = {
      'wrong secret': signedEvent(event, { timestampSeconds: NOW_SECONDS, secret: 'whsec_someone_else' }),
      'ten minutes old': signedEvent(event, { timestampSeconds: NOW_SECONDS - 600 }),
      'tampered body': (() => {
        const signed = signedEvent(event, { timestampSeconds: NOW_SECONDS });
        return { ...signed, payload: signed.payload.replace(String(object.amount), '1') };
      })(),
      'no header': (() => {
        const signed = signedEvent(event, { timestampSeconds: NOW_SECONDS });
        return { payload: signed.payload, headers: { 'content-type': 'application/json' } };
      })(),
    };
    for (const [name, delivery] of Object.entries(deliveries)) {
      const response = await deliver(delivery);
      expect(response.statusCode, name).toBe(400);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.webhookSignatureInvalid);
    }
    expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, id))).toEqual([]);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toEqual([]);
    // The same event, properly signed and fresh, goes through.
    expect((await deliver(signedEvent(event, { timestampSeconds: NOW_SECONDS - 60 }))).statusCode).toBe(200);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toHaveLength(1);
  });

  it('records each event id once: a replayed event changes nothing', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const failedEvent = signedEvent(
      {
        id: eventId(),
        type: 'payment_intent.payment_failed',
        object: stripe.intents.get(intent.paymentIntentId),
      },
      { timestampSeconds: NOW_SECONDS },
    );
    expect((await deliver(failedEvent)).statusCode).toBe(200);
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('failed');

    await t.db
      .update(payments)
      .set({ status: 'pending' })
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    const replay = await deliver(failedEvent);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual({ received: true });
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('pending');
  });

  it('acknowledges events it does not act on: other types, intents not made by Lectio', async () => {
    const foreign = stripe.addIntent({ amount: 5000 });
    for (const event of [
      { id: eventId(), type: 'payment_intent.succeeded', object: foreign },
      { id: eventId(), type: 'charge.refunded', object: { id: 'ch_1', object: 'charge' } },
    ]) {
      const response = await deliver(signedEvent(event, { timestampSeconds: NOW_SECONDS }));
      expect(response.statusCode, event.type).toBe(200);
      expect(await t.db.select().from(paymentEvents).where(eq(paymentEvents.eventId, event.id))).toHaveLength(
        1,
      );
    }
    expect(await paymentOf(foreign.id)).toBeUndefined();
  });

  it('rolls everything back when fulfilment fails, so the redelivery succeeds', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const delivery = signedEvent(
      { id: eventId(), type: 'payment_intent.succeeded', object: stripe.succeed(intent.paymentIntentId) },
      { timestampSeconds: NOW_SECONDS },
    );
    await t.db.execute(sql`
      create function lectio_test_refuse_enrollment() returns trigger language plpgsql as
      $$ begin raise exception 'database hiccup'; end $$`);
    await t.db.execute(sql`
      create trigger lectio_test_refuse_enrollment before insert on enrollments
      for each row execute function lectio_test_refuse_enrollment()`);
    try {
      const failed = await deliver(delivery);
      expect(failed.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger lectio_test_refuse_enrollment on enrollments`);
      await t.db.execute(sql`drop function lectio_test_refuse_enrollment()`);
    }
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('pending');
    expect(await enrollmentsOf(buyer.user.id, course.id)).toEqual([]);

    const retried = await deliver(delivery);
    expect(retried.statusCode).toBe(200);
    expect(await enrollmentsOf(buyer.user.id, course.id)).toHaveLength(1);
    expect((await paymentOf(intent.paymentIntentId))?.status).toBe('succeeded');
  });

  it('answers 503 when STRIPE_WEBHOOK_SECRET is not set', async () => {
    const stripeConfig = t.config.payments.stripe;
    if (!stripeConfig) throw new Error('expected the Stripe config');
    const app = await buildApp({
      config: {
        ...t.config,
        payments: { ...t.config.payments, stripe: { ...stripeConfig, webhookSecret: undefined } },
      },
      db: t.db,
      now: () => NOW,
    });
    try {
      const delivery = signedEvent(
        { id: eventId(), type: 'payment_intent.succeeded', object: stripe.addIntent({}) },
        { timestampSeconds: NOW_SECONDS },
      );
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook',
        headers: delivery.headers,
        payload: delivery.payload,
      });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(PAYMENT_MESSAGES.webhookNotConfigured);
    } finally {
      await app.close();
    }
  });
});
