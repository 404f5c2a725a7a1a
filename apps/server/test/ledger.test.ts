/**
 * The revenue-share ledger written by sales (issue 14, item 1; services/ledger): every path that makes a
 * payment succeed writes one balanced sale group in the fulfilment's transaction, once, with the provider's
 * fee from Stripe's balance transaction (0 in test mode) and the commission in force at the time of sale.
 * The arithmetic itself is in src/services/ledger/revenue-split.test.ts.
 */
import { type Database, ledgerEntries, payments, platformFeeChanges, refunds } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instructorBalance, recordReversal } from '../src/services/ledger/ledger';
import { api, type SignedInUser, signIn } from './helpers/catalogue';
import { FakeStripe, STRIPE_TEST_ENV, signedEvent } from './helpers/fake-stripe';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard, GOOD_CARD } from './helpers/test-card';

async function groupsOf(db: Database, paymentId: string) {
  return db
    .select({
      group: ledgerEntries.entryGroup,
      event: ledgerEntries.event,
      account: ledgerEntries.account,
      instructorId: ledgerEntries.instructorId,
      amountMinor: ledgerEntries.amountMinor,
    })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.paymentId, paymentId));
}

/** Every entry group of the whole ledger sums to zero. */
async function expectLedgerBalanced(db: Database) {
  const unbalanced = await db
    .select({ group: ledgerEntries.entryGroup, total: sql<string>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.entryGroup)
    .having(sql`sum(${ledgerEntries.amountMinor}) <> 0`);
  expect(unbalanced).toEqual([]);
}

async function paymentIdOf(db: Database, providerPaymentId: string): Promise<string> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.providerPaymentId, providerPaymentId));
  if (!row) throw new Error(`no payment ${providerPaymentId}`);
  return row.id;
}

describe('sales in test mode', () => {
  let t: TestApp;
  let instructor: SignedInUser;
  let buyer: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ PLATFORM_FEE_PERCENT: '20' });
    instructor = await signIn(t, 'instructor');
    buyer = await signIn(t, 'student');
  });
  afterAll(async () => {
    await t.close();
  });

  async function buy(priceMinor: number, student: SignedInUser = buyer) {
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor });
    await createLecture(t.db, { courseId: course.id });
    const { intent, payment } = await buyWithTestCard(t, course.id, student);
    return { course, intent, paymentId: payment.id };
  }

  it('writes one balanced sale group: no fee, 20% to the platform, 80% to the course’s instructor', async () => {
    const { paymentId, course } = await buy(49_999);
    const rows = await groupsOf(t.db, paymentId);
    expect(new Set(rows.map((row) => row.group)).size).toBe(1);
    expect(rows.every((row) => row.event === 'sale')).toBe(true);
    const byAccount = Object.fromEntries(rows.map((row) => [row.account, row.amountMinor]));
    // 20% of 49,999 is 9,999.8: the platform's cut rounds to 10,000.
    expect(byAccount).toEqual({
      provider_balance: 49_999,
      provider_fees: 0,
      platform_commission: -10_000,
      instructor_payable: -39_999,
    });
    expect(rows.find((row) => row.account === 'instructor_payable')?.instructorId).toBe(course.instructorId);
    await expectLedgerBalanced(t.db);
  });

  it('writes the sale once when the buyer confirms again', async () => {
    const { paymentId, intent } = await buy(10_000);
    const again = await api.post(
      t,
      '/payment/confirm-payment',
      { paymentIntentId: intent.paymentIntentId },
      buyer,
    );
    expect(again.statusCode, again.body).toBe(200);
    expect(await groupsOf(t.db, paymentId)).toHaveLength(4);
  });

  it('charges the commission in force at the time of sale; a change applies to new sales only', async () => {
    const before = await buy(10_000);
    await t.db.insert(platformFeeChanges).values({ percent: 30 });
    const after = await buy(10_000);
    const share = async (paymentId: string) =>
      (await groupsOf(t.db, paymentId)).find((row) => row.account === 'instructor_payable')?.amountMinor;
    expect(await share(before.paymentId)).toBe(-8_000);
    expect(await share(after.paymentId)).toBe(-7_000);
    await t.db.delete(platformFeeChanges);
  });

  it('keeps the instructor’s balance equal to the sum of their rows through sales and refunds', async () => {
    const other = await signIn(t, 'instructor');
    const course = await createCourse(t.db, { instructorId: other.user.id, priceMinor: 1_000 });
    await createLecture(t.db, { courseId: course.id });
    const sales: string[] = [];
    for (let i = 0; i < 3; i++) {
      const student = await signIn(t, 'student');
      const started = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, student);
      const intent = started.json() as { paymentIntentId: string; clientSecret: string };
      await api.post(
        t,
        '/payment/test/confirm-card',
        { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...GOOD_CARD },
        student,
      );
      sales.push(await paymentIdOf(t.db, intent.paymentIntentId));
    }
    expect(await instructorBalance(t.db, other.user.id)).toBe(2_400);
    // Refunds take the share back in proportion, on the running total: 333 + 333 + 334 of 1,000 takes
    // back exactly the 800 of the share, never a unit more.
    const ctx = { config: t.config, now: () => new Date() };
    for (const amount of [333, 333, 334]) {
      await t.db.transaction(async (tx) => {
        const [refund] = await tx
          .insert(refunds)
          .values({ paymentId: sales[0] ?? '', amountMinor: amount, source: 'admin', status: 'succeeded' })
          .returning({ id: refunds.id });
        await recordReversal(tx, ctx, {
          paymentId: sales[0] ?? '',
          refundId: refund?.id ?? '',
          amountMinor: amount,
          event: 'refund',
        });
      });
    }
    expect(await instructorBalance(t.db, other.user.id)).toBe(1_600);
    const [sum] = await t.db
      .select({ total: sql<string>`-sum(${ledgerEntries.amountMinor})` })
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.instructorId, other.user.id), eq(ledgerEntries.account, 'instructor_payable')),
      );
    expect(Number(sum?.total)).toBe(1_600);
    await expectLedgerBalanced(t.db);
  });

  it('writes nothing for a course that cost nothing', async () => {
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor: 0 });
    await createLecture(t.db, { courseId: course.id });
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    const enrolled = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(enrolled.statusCode, enrolled.body).toBe(200);
    expect(enrolled.json()).toMatchObject({ enrolled: true, amount: 0 });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(ledgerEntries);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('sales through Stripe', () => {
  const NOW = new Date('2030-06-15T10:00:00Z');
  const stripe = new FakeStripe();
  let t: TestApp;
  let instructor: SignedInUser;
  let buyer: SignedInUser;

  beforeAll(async () => {
    stripe.server.listen({ onUnhandledFrame: 'error' });
    t = await createTestApp({ ...STRIPE_TEST_ENV, PLATFORM_FEE_PERCENT: '20' }, undefined, { clock: NOW });
    instructor = await signIn(t, 'instructor');
    buyer = await signIn(t, 'student');
  });
  afterEach(() => {
    stripe.server.resetHandlers();
  });
  afterAll(async () => {
    await t.close();
    stripe.server.close();
  });

  async function started(priceMinor: number) {
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor });
    await createLecture(t.db, { courseId: course.id });
    const response = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { paymentIntentId: string };
  }

  it('records the fee Stripe kept (from the balance transaction) and splits the rest', async () => {
    const intent = await started(100_000);
    stripe.succeed(intent.paymentIntentId, { feeMinor: 2_360 });
    const confirmed = await api.post(
      t,
      '/payment/confirm-payment',
      { paymentIntentId: intent.paymentIntentId },
      buyer,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const rows = await groupsOf(t.db, await paymentIdOf(t.db, intent.paymentIntentId));
    const byAccount = Object.fromEntries(rows.map((row) => [row.account, row.amountMinor]));
    // Net 97,640: the platform's 20% is 19,528, the instructor's 78,112; the platform also paid the fee.
    expect(byAccount).toEqual({
      provider_balance: 97_640,
      provider_fees: 2_360,
      platform_commission: -(19_528 + 2_360),
      instructor_payable: -78_112,
    });
    const retrieval = stripe.requests.findLast((request) => request.method === 'GET');
    expect(retrieval?.path).toBe(`/v1/payment_intents/${intent.paymentIntentId}`);
  });

  it('reads the fee back from Stripe for a webhook (its payload names the charge only), once', async () => {
    const intent = await started(50_000);
    const succeeded = stripe.succeed(intent.paymentIntentId, { feeMinor: 1_210 });
    const delivery = signedEvent(
      { id: `evt_${Date.now()}`, type: 'payment_intent.succeeded', object: succeeded },
      { timestampSeconds: Math.floor(NOW.getTime() / 1000) },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: delivery.headers,
      payload: delivery.payload,
    });
    expect(response.statusCode, response.body).toBe(200);
    const paymentId = await paymentIdOf(t.db, intent.paymentIntentId);
    const fee = (await groupsOf(t.db, paymentId)).find((row) => row.account === 'provider_fees');
    expect(fee?.amountMinor).toBe(1_210);
    // The buyer's confirmation arriving after changes nothing.
    await api.post(t, '/payment/confirm-payment', { paymentIntentId: intent.paymentIntentId }, buyer);
    expect(await groupsOf(t.db, paymentId)).toHaveLength(4);
    await expectLedgerBalanced(t.db);
  });
});
