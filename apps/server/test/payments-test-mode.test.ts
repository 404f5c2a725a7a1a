/**
 * Purchases with the test-mode provider (the default without Stripe keys), through HTTP (REST and tRPC):
 * create intent, confirm the card with Stripe's test numbers, confirm the payment; the refusals (visitor,
 * unknown, unpublished, owned, no lectures), free courses, card checks and the outcome of each test card.
 */
import { COURSE_MESSAGES, PAYMENT_MESSAGES } from '@lectio/contracts/messages';
import { enrollments, payments, testPaymentIntents } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { api, type SignedInUser, signIn, trpcData, trpcMutation, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

/** The app's clock is stopped here, so card expiry is judged against June 2030. */
const NOW = new Date('2030-06-15T10:00:00Z');
const GOOD_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' };

let t: TestApp;
let instructor: SignedInUser;
let buyer: SignedInUser;
let otherBuyer: SignedInUser;

beforeAll(async () => {
  // One buyer starts dozens of purchases here, on a stopped clock: more than the per-user intent limit.
  t = await createTestApp({ RATE_LIMIT_PAYMENT_INTENT_MAX: '1000' }, undefined, { clock: NOW });
  instructor = await signIn(t, 'instructor');
  buyer = await signIn(t, 'student');
  otherBuyer = await signIn(t, 'student');
});
afterAll(async () => {
  await t.close();
});

/** A published course with one lecture, by default ₹499.00. */
async function sellableCourse(overrides: Parameters<typeof createCourse>[1] = {}) {
  const course = await createCourse(t.db, {
    instructorId: instructor.user.id,
    priceMinor: 49_900,
    ...overrides,
  });
  await createLecture(t.db, { courseId: course.id });
  return course;
}

async function startPurchase(courseId: string, actor: SignedInUser = buyer) {
  const response = await api.post(t, '/payment/create-payment-intent', { courseId }, actor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    clientSecret: string;
    paymentIntentId: string;
    amount: number;
    currency: string;
  };
}

function payWithCard(
  intent: { paymentIntentId: string; clientSecret: string },
  card: Partial<typeof GOOD_CARD> = {},
  actor: SignedInUser = buyer,
) {
  return api.post(
    t,
    '/payment/test/confirm-card',
    { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...GOOD_CARD, ...card },
    actor,
  );
}

async function rowsFor(userId: string, courseId: string) {
  const enrolled = await t.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  const paid = await t.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.courseId, courseId)));
  return { enrollments: enrolled, payments: paid };
}

describe('payment settings', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40), DATA_DIR: '/tmp/lectio-config-test' };
  const keys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' };

  it('defaults to test mode without both Stripe keys, to Stripe with them', () => {
    expect(loadConfig(base).payments).toEqual({ provider: 'test', currency: 'INR', stripe: null });
    expect(loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_1' }).payments.provider).toBe('test');
    expect(loadConfig({ ...base, ...keys }).payments).toEqual({
      provider: 'stripe',
      currency: 'INR',
      stripe: {
        secretKey: 'sk_test_1',
        publishableKey: 'pk_test_1',
        webhookSecret: undefined,
        maxNetworkRetries: 2,
      },
    });
    expect(loadConfig({ ...base, ...keys, PAYMENT_PROVIDER: 'test' }).payments.provider).toBe('test');
    expect(loadConfig({ ...base, PAYMENT_CURRENCY: 'usd' }).payments.currency).toBe('USD');
  });

  it('stops at start on PAYMENT_PROVIDER=stripe without keys, malformed keys or a zero-decimal currency', () => {
    expect(() => loadConfig({ ...base, PAYMENT_PROVIDER: 'stripe' })).toThrow(
      /STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER=stripe/,
    );
    expect(() => loadConfig({ ...base, ...keys, STRIPE_SECRET_KEY: 'pk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY must start with sk_/,
    );
    expect(() => loadConfig({ ...base, ...keys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/whsec_/);
    expect(() => loadConfig({ ...base, PAYMENT_CURRENCY: 'JPY' })).toThrow(/two decimal places/);
  });
});

describe('payment config', () => {
  it('tells anyone that test mode runs, without a publishable key, in INR', async () => {
    const expected = { provider: 'test', publishableKey: null, currency: 'INR' };
    expect((await api.get(t, '/payment/config')).json()).toEqual(expected);
    expect(trpcData(await trpcQuery(t, 'payment.config', undefined))).toEqual(expected);
  });

  it('keeps Stripe out of the CSP when Stripe is not used', async () => {
    const csp = String((await api.get(t, '/payment/config')).headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self';");
    expect(csp).not.toContain('stripe.com');
  });
});

describe('who may buy what', () => {
  it('asks a visitor to sign in first, on every purchase call', async () => {
    const course = await sellableCourse();
    for (const [url, body] of [
      ['/payment/create-payment-intent', { courseId: course.id }],
      ['/payment/confirm-payment', { paymentIntentId: 'pi_test_x' }],
      ['/payment/test/confirm-card', { paymentIntentId: 'pi_test_x', clientSecret: 's', ...GOOD_CARD }],
    ] as const) {
      const response = await api.post(t, url, body);
      expect(response.statusCode, url).toBe(401);
    }
    expect((await trpcMutation(t, 'payment.createIntent', { courseId: course.id })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown course', async () => {
    for (const courseId of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const response = await api.post(t, '/payment/create-payment-intent', { courseId }, buyer);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COURSE_MESSAGES.courseNotFound);
    }
  });

  it('does not sell an unpublished course: 404 to buyers (drafts stay hidden), 400 to its instructor', async () => {
    const draft = await sellableCourse({ isPublished: false });
    const asBuyer = await api.post(t, '/payment/create-payment-intent', { courseId: draft.id }, buyer);
    expect(asBuyer.statusCode).toBe(404);
    const asOwner = await api.post(t, '/payment/create-payment-intent', { courseId: draft.id }, instructor);
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().message).toBe(COURSE_MESSAGES.notPublished);
    expect(await t.db.select().from(payments).where(eq(payments.courseId, draft.id))).toEqual([]);
  });

  it('refuses a course the buyer already owns with 409', async () => {
    const course = await sellableCourse();
    await createEnrollment(t.db, { userId: buyer.user.id, courseId: course.id });
    const response = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', message: COURSE_MESSAGES.alreadyPurchased });
  });

  it('says lectures are coming soon for a course without lectures', async () => {
    const empty = await createCourse(t.db, { instructorId: instructor.user.id });
    const response = await api.post(t, '/payment/create-payment-intent', { courseId: empty.id }, buyer);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(COURSE_MESSAGES.lecturesComingSoon);
  });

  it('enrolls in a free course at once, without a payment', async () => {
    const free = await sellableCourse({ priceMinor: 0 });
    const response = await api.post(t, '/payment/create-payment-intent', { courseId: free.id }, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      enrolled: true,
      clientSecret: '',
      paymentIntentId: '',
      amount: 0,
      currency: 'INR',
      provider: 'test',
    });
    const rows = await rowsFor(buyer.user.id, free.id);
    expect(rows.enrollments).toHaveLength(1);
    expect(rows.enrollments[0]?.source).toBe('free');
    expect(rows.payments).toEqual([]);
    const again = await api.post(t, '/payment/create-payment-intent', { courseId: free.id }, buyer);
    expect(again.statusCode).toBe(409);
  });
});

describe('a purchase in test mode', () => {
  it('charges the database price, whatever the client sends, and keeps a pending payment', async () => {
    const course = await sellableCourse({ priceMinor: 129_950 });
    const response = await api.post(
      t,
      '/payment/create-payment-intent',
      { courseId: course.id, amount: 1, price: 1, currency: 'USD' },
      buyer,
    );
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ amount: 1299.5, currency: 'INR', provider: 'test' });
    expect(body.paymentIntentId).toMatch(/^pi_test_[0-9a-f]{24}$/);
    expect(body.clientSecret).toMatch(new RegExp(`^${body.paymentIntentId}_secret_`));
    const [intent] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, body.paymentIntentId));
    expect(intent).toMatchObject({
      amountMinor: 129_950,
      currency: 'INR',
      status: 'requires_payment_method',
      metadata: { userId: buyer.user.id, courseId: course.id },
    });
    const rows = await rowsFor(buyer.user.id, course.id);
    expect(rows.payments).toMatchObject([
      { provider: 'test', providerPaymentId: body.paymentIntentId, amountMinor: 129_950, status: 'pending' },
    ]);
    expect(rows.enrollments).toEqual([]);
  });

  it('gives the same intent back for a repeated request (double click, second tab)', async () => {
    const course = await sellableCourse();
    const [first, second] = await Promise.all([startPurchase(course.id), startPurchase(course.id)]);
    expect(second.paymentIntentId).toBe(first?.paymentIntentId);
    expect(second.clientSecret).toBe(first?.clientSecret);
    expect((await rowsFor(buyer.user.id, course.id)).payments).toHaveLength(1);
  });

  it('enrolls after 4242 4242 4242 4242, and confirm-payment answers the fresh purchased list', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);

    const early = await api.post(
      t,
      '/payment/confirm-payment',
      { paymentIntentId: intent.paymentIntentId },
      buyer,
    );
    expect(early.statusCode).toBe(402);
    expect(early.json()).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: PAYMENT_MESSAGES.paymentNotSucceeded,
    });

    const card = await payWithCard(intent);
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json()).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });
    // Test mode fulfils on the card's success, as Stripe's webhook would: a closed tab still gets the course.
    expect((await rowsFor(buyer.user.id, course.id)).enrollments).toHaveLength(1);

    const confirm = await api.post(
      t,
      '/payment/confirm-payment',
      { paymentIntentId: intent.paymentIntentId },
      buyer,
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().message).toBe(PAYMENT_MESSAGES.enrolled);
    expect(confirm.json().purchasedCourses).toContain(course.id);
    const me = await api.get(t, '/auth/me', buyer);
    expect(me.json().user.purchasedCourses).toContain(course.id);

    const repeat = await api.post(
      t,
      '/payment/confirm-payment',
      { paymentIntentId: intent.paymentIntentId },
      buyer,
    );
    expect(repeat.statusCode).toBe(200);
    const rows = await rowsFor(buyer.user.id, course.id);
    expect(rows.enrollments).toMatchObject([{ source: 'purchase', paymentId: rows.payments[0]?.id }]);
    expect(rows.payments).toMatchObject([{ status: 'succeeded', amountMinor: 49_900, currency: 'INR' }]);

    const again = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(again.statusCode).toBe(409);
  });

  it('declines 4000 0000 0000 0002 and 4000 0000 0000 9995 with the card messages, enrolling nothing', async () => {
    for (const [cardNumber, message] of [
      ['4000000000000002', PAYMENT_MESSAGES.cardDeclined],
      ['4000000000009995', PAYMENT_MESSAGES.insufficientFunds],
      ['4111111111111111', PAYMENT_MESSAGES.notTestCard],
    ] as const) {
      const course = await sellableCourse();
      const intent = await startPurchase(course.id);
      const response = await payWithCard(intent, { cardNumber });
      expect(response.statusCode, cardNumber).toBe(402);
      expect(response.json()).toEqual({ code: 'PAYMENT_FAILED', message });
      const rows = await rowsFor(buyer.user.id, course.id);
      expect(rows.enrollments).toEqual([]);
      expect(rows.payments).toMatchObject([{ status: 'failed' }]);
      const confirm = await api.post(
        t,
        '/payment/confirm-payment',
        { paymentIntentId: intent.paymentIntentId },
        buyer,
      );
      expect(confirm.statusCode).toBe(402);
      expect((await rowsFor(buyer.user.id, course.id)).enrollments).toEqual([]);
    }
  });

  it('lets the buyer retry a declined intent with a good card', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    expect((await payWithCard(intent, { cardNumber: '4000000000000002' })).statusCode).toBe(402);
    expect((await payWithCard(intent)).statusCode).toBe(200);
    const rows = await rowsFor(buyer.user.id, course.id);
    expect(rows.enrollments).toHaveLength(1);
    expect(rows.payments).toMatchObject([{ status: 'succeeded' }]);
  });

  it('rejects a bad number, an expired card or a bad CVC with 400, changing nothing', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const cases = [
      [{ cardNumber: '4242424242424241' }, PAYMENT_MESSAGES.incorrectNumber],
      [{ expMonth: 5, expYear: 2030 }, PAYMENT_MESSAGES.expiredCard],
      [{ expMonth: 12, expYear: 2029 }, PAYMENT_MESSAGES.expiredCard],
    ] as const;
    for (const [card, message] of cases) {
      const response = await payWithCard(intent, card);
      expect(response.statusCode, JSON.stringify(card)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const badCvc = await payWithCard(intent, { cvc: '12' });
    expect(badCvc.statusCode).toBe(400);
    expect(badCvc.json().issues).toEqual([{ path: 'cvc', message: PAYMENT_MESSAGES.cardCvcIncomplete }]);

    const [stored] = await t.db
      .select()
      .from(testPaymentIntents)
      .where(eq(testPaymentIntents.id, intent.paymentIntentId));
    expect(stored?.status).toBe('requires_payment_method');
    const rows = await rowsFor(buyer.user.id, course.id);
    expect(rows.payments).toMatchObject([{ status: 'pending' }]);
    expect(rows.enrollments).toEqual([]);

    // This month's expiry is still good (a card expires at the end of its month).
    expect((await payWithCard(intent, { expMonth: 6, expYear: 2030 })).statusCode).toBe(200);
  });

  it("refuses another intent's client secret and another buyer's intent", async () => {
    const first = await startPurchase((await sellableCourse()).id);
    const second = await startPurchase((await sellableCourse()).id);
    const swapped = await payWithCard({
      paymentIntentId: first.paymentIntentId,
      clientSecret: second.clientSecret,
    });
    expect(swapped.statusCode).toBe(404);
    expect(swapped.json().message).toBe(PAYMENT_MESSAGES.paymentNotFound);

    const stolen = await payWithCard(first, {}, otherBuyer);
    expect(stolen.statusCode).toBe(404);
    expect((await payWithCard(first)).statusCode).toBe(200);
    const confirmByOther = await api.post(
      t,
      '/payment/confirm-payment',
      { paymentIntentId: first.paymentIntentId },
      otherBuyer,
    );
    expect(confirmByOther.statusCode).toBe(404);
    expect(confirmByOther.json().message).toBe(PAYMENT_MESSAGES.paymentNotFound);
    const unknown = await api.post(t, '/payment/confirm-payment', { paymentIntentId: 'pi_test_nope' }, buyer);
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses to enroll when the payment does not match what was asked for', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    // As if the pending row had been written for another amount than the intent carries.
    await t.db
      .update(payments)
      .set({ amountMinor: 100 })
      .where(eq(payments.providerPaymentId, intent.paymentIntentId));
    const response = await payWithCard(intent);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.paymentMismatch);
    expect((await rowsFor(buyer.user.id, course.id)).enrollments).toEqual([]);
  });

  it('keeps intents in the database, so a restarted server can confirm them', async () => {
    const course = await sellableCourse();
    const intent = await startPurchase(course.id);
    const restarted = await buildApp({ config: t.config, db: t.db, now: () => NOW });
    try {
      const response = await restarted.inject({
        method: 'POST',
        url: '/api/v1/payment/test/confirm-card',
        headers: buyer.headers,
        payload: { ...intent, ...GOOD_CARD },
      });
      expect(response.statusCode, response.body).toBe(200);
    } finally {
      await restarted.close();
    }
    expect((await rowsFor(buyer.user.id, course.id)).enrollments).toHaveLength(1);
  });

  it('never stores a card number', async () => {
    const stored = JSON.stringify([
      await t.db.select().from(testPaymentIntents),
      await t.db.select().from(payments),
    ]);
    for (const number of ['4242424242424242', '4000000000000002', '4000000000009995', '4111111111111111'])
      expect(stored).not.toContain(number);
  });

  it('answers 404 to webhooks: only Stripe sends them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
      payload: '{"id":"evt_1","type":"payment_intent.succeeded"}',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.webhookStripeOnly);
  });
});

describe('tRPC twins', () => {
  it('create, decline, pay and confirm through payment.*', async () => {
    const course = await sellableCourse();
    const intent = trpcData<{ paymentIntentId: string; clientSecret: string; amount: number }>(
      await trpcMutation(t, 'payment.createIntent', { courseId: course.id }, otherBuyer),
    );
    expect(intent.amount).toBe(499);

    const declined = await trpcMutation(
      t,
      'payment.testConfirmCard',
      { ...intent, ...GOOD_CARD, cardNumber: '4000000000000002' },
      otherBuyer,
    );
    expect(declined.statusCode).toBe(402);
    expect(declined.json().error.message).toBe(PAYMENT_MESSAGES.cardDeclined);
    const expired = await trpcMutation(
      t,
      'payment.testConfirmCard',
      { ...intent, ...GOOD_CARD, expYear: 2029 },
      otherBuyer,
    );
    expect(expired.statusCode).toBe(400);

    const paid = await trpcMutation(t, 'payment.testConfirmCard', { ...intent, ...GOOD_CARD }, otherBuyer);
    expect(trpcData(paid)).toEqual({ paymentIntentId: intent.paymentIntentId, status: 'succeeded' });
    const confirmed = trpcData<{ purchasedCourses: string[] }>(
      await trpcMutation(t, 'payment.confirm', { paymentIntentId: intent.paymentIntentId }, otherBuyer),
    );
    expect(confirmed.purchasedCourses).toContain(course.id);

    const owned = await trpcMutation(t, 'payment.createIntent', { courseId: course.id }, otherBuyer);
    expect(owned.statusCode).toBe(409);
    const stolen = await trpcMutation(
      t,
      'payment.confirm',
      { paymentIntentId: intent.paymentIntentId },
      buyer,
    );
    expect(stolen.statusCode).toBe(404);
  });
});
