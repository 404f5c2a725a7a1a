/**
 * Fulfilment under concurrency: one PaymentIntent, 20 confirm calls and 3 webhook deliveries at once
 * (Stripe driver, msw in Stripe's place, answering with random delays so the calls interleave), then the
 * same in test mode with simultaneous card confirmations. Exactly one enrollment and one succeeded payment
 * must come out, and the daily revenue rollup must count the payment once.
 */
import { courseStats, dailyRevenue, enrollments, paymentEvents, payments } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { delay, HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn } from './helpers/catalogue';
import { FakeStripe, STRIPE_API, STRIPE_TEST_ENV, signedEvent } from './helpers/fake-stripe';
import { createTestApp, type TestApp } from './helpers/test-app';

const NOW = new Date('2030-06-15T10:00:00Z');
const NOW_SECONDS = Math.floor(NOW.getTime() / 1000);
const PRICE_MINOR = 79_900;

const stripe = new FakeStripe();

beforeAll(() => {
  stripe.server.listen({ onUnhandledFrame: 'error' });
});
afterAll(() => {
  stripe.server.close();
});

async function sellableCourse(t: TestApp) {
  const instructor = await signIn(t, 'instructor');
  const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor: PRICE_MINOR });
  await createLecture(t.db, { courseId: course.id });
  return course;
}

async function outcome(t: TestApp, courseId: string, paymentIntentId: string) {
  return {
    enrollments: await t.db.select().from(enrollments).where(eq(enrollments.courseId, courseId)),
    payments: await t.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId)),
    revenue: await t.db.select().from(dailyRevenue).where(eq(dailyRevenue.day, '2030-06-15')),
    stats: await t.db.select().from(courseStats).where(eq(courseStats.courseId, courseId)),
  };
}

describe('Stripe: 20 confirm calls and 3 webhook deliveries for one intent', () => {
  let t: TestApp;
  let buyer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(STRIPE_TEST_ENV, undefined, { clock: NOW });
    buyer = await signIn(t, 'student');
  });
  afterAll(async () => {
    await t.close();
  });

  it('give exactly one enrollment and one succeeded payment, counted once as revenue', async () => {
    const course = await sellableCourse(t);
    const created = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(created.statusCode, created.body).toBe(200);
    const { paymentIntentId } = created.json() as { paymentIntentId: string };
    const intent = stripe.succeed(paymentIntentId);
    stripe.server.use(
      http.get(`${STRIPE_API}/payment_intents/:id`, async ({ params }) => {
        await delay(Math.floor(Math.random() * 15));
        return HttpResponse.json(stripe.intents.get(String(params.id)));
      }),
    );
    // Two deliveries of one event (a retry) and one of another event about the same intent.
    const first = signedEvent(
      { id: 'evt_concurrency_a', type: 'payment_intent.succeeded', object: intent },
      { timestampSeconds: NOW_SECONDS },
    );
    const second = signedEvent(
      { id: 'evt_concurrency_b', type: 'payment_intent.succeeded', object: intent },
      { timestampSeconds: NOW_SECONDS },
    );
    const webhook = (delivery: typeof first) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook',
        headers: delivery.headers,
        payload: delivery.payload,
      });

    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () =>
        api.post(t, '/payment/confirm-payment', { paymentIntentId }, buyer),
      ),
      webhook(first),
      webhook(first),
      webhook(second),
    ]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    for (const response of responses.slice(0, 20))
      expect(response.json().purchasedCourses).toEqual([course.id]);

    const result = await outcome(t, course.id, paymentIntentId);
    expect(result.enrollments).toHaveLength(1);
    expect(result.payments).toHaveLength(1);
    expect(result.payments[0]).toMatchObject({ status: 'succeeded', amountMinor: PRICE_MINOR });
    expect(result.enrollments[0]).toMatchObject({ paymentId: result.payments[0]?.id, source: 'purchase' });
    expect(result.revenue).toEqual([{ day: '2030-06-15', amountMinor: PRICE_MINOR, payments: 1 }]);
    expect(result.stats[0]?.enrollments).toBe(1);
    const events = await t.db.select().from(paymentEvents);
    expect(events.map((event) => event.eventId).sort()).toEqual(['evt_concurrency_a', 'evt_concurrency_b']);
  });
});

describe('test mode: simultaneous card confirmations and confirm calls', () => {
  let t: TestApp;
  let buyer: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, { clock: NOW });
    buyer = await signIn(t, 'student');
  });
  afterAll(async () => {
    await t.close();
  });

  it('give exactly one enrollment and one succeeded payment', async () => {
    const course = await sellableCourse(t);
    const created = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    const { paymentIntentId, clientSecret } = created.json() as {
      paymentIntentId: string;
      clientSecret: string;
    };
    const card = {
      paymentIntentId,
      clientSecret,
      cardNumber: '4242424242424242',
      expMonth: 1,
      expYear: 2031,
      cvc: '123',
    };
    const cardResponses = await Promise.all(
      Array.from({ length: 10 }, () => api.post(t, '/payment/test/confirm-card', card, buyer)),
    );
    for (const response of cardResponses) expect(response.statusCode, response.body).toBe(200);
    const confirmResponses = await Promise.all(
      Array.from({ length: 10 }, () => api.post(t, '/payment/confirm-payment', { paymentIntentId }, buyer)),
    );
    for (const response of confirmResponses) expect(response.statusCode, response.body).toBe(200);

    const result = await outcome(t, course.id, paymentIntentId);
    expect(result.enrollments).toHaveLength(1);
    expect(result.payments).toMatchObject([{ status: 'succeeded' }]);
    expect(result.revenue).toEqual([{ day: '2030-06-15', amountMinor: PRICE_MINOR, payments: 1 }]);
  });
});
