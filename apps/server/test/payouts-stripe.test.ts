/**
 * Payouts with the Stripe driver: Connect Express onboarding, the transfer of what is available and its
 * reversal after a refund or a dispute, with the real Stripe SDK talking to msw in Stripe's place
 * (helpers/fake-stripe.ts) and webhooks signed as Stripe signs them.
 */
import { ledgerEntries, payments, payouts } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn } from './helpers/catalogue';
import { FakeStripe, STRIPE_TEST_ENV, signedEvent } from './helpers/fake-stripe';
import { createTestApp, type TestApp } from './helpers/test-app';

const NOW = new Date('2030-06-15T10:00:00Z');
const DAY = 86_400_000;
const stripe = new FakeStripe();
let t: TestApp;
let admin: SignedInUser;
let eventCount = 0;

beforeAll(async () => {
  stripe.server.listen({ onUnhandledFrame: 'error' });
  t = await createTestApp(
    { ...STRIPE_TEST_ENV, PLATFORM_FEE_PERCENT: '20', REFUND_WINDOW_DAYS: '7' },
    undefined,
    { clock: NOW },
  );
  admin = await signIn(t, 'admin');
});
afterEach(() => {
  stripe.server.resetHandlers();
});
afterAll(async () => {
  await t.close();
  stripe.server.close();
});

async function sale(instructor: SignedInUser, priceMinor: number, feeMinor: number) {
  const student = await signIn(t, 'student');
  const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor });
  await createLecture(t.db, { courseId: course.id });
  const started = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, student);
  expect(started.statusCode, started.body).toBe(200);
  const { paymentIntentId } = started.json() as { paymentIntentId: string };
  stripe.succeed(paymentIntentId, { feeMinor });
  const confirmed = await api.post(t, '/payment/confirm-payment', { paymentIntentId }, student);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [payment] = await t.db.select().from(payments).where(eq(payments.providerPaymentId, paymentIntentId));
  if (!payment) throw new Error('no payment');
  return payment;
}

/** An instructor onboarded on Stripe: the account made through the API, the form completed at Stripe. */
async function onboardedInstructor() {
  const instructor = await signIn(t, 'instructor');
  const started = await api.post(t, '/payouts/onboarding', {}, instructor);
  expect(started.statusCode, started.body).toBe(200);
  const accountId = [...stripe.accounts.values()].find(
    (account) => account.metadata.userId === instructor.user.id,
  )?.id;
  if (!accountId) throw new Error('no Stripe account');
  stripe.completeOnboarding(accountId);
  return { instructor, accountId, url: (started.json() as { url: string }).url };
}

const ledgerUnbalanced = async () =>
  (
    await t.db
      .select({ group: ledgerEntries.entryGroup, total: sql<string>`sum(${ledgerEntries.amountMinor})` })
      .from(ledgerEntries)
      .groupBy(ledgerEntries.entryGroup)
  ).filter((row) => Number(row.total) !== 0);

describe('Connect Express onboarding', () => {
  it('creates an Express account with transfers requested (once), and answers Stripe’s onboarding link', async () => {
    const instructor = await signIn(t, 'instructor');
    const first = await api.post(t, '/payouts/onboarding', {}, instructor);
    expect(first.statusCode, first.body).toBe(200);
    const created = stripe.requests.filter((request) => request.path === '/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]?.form).toMatchObject({
      type: 'express',
      email: instructor.user.email,
      'capabilities[transfers][requested]': 'true',
      'metadata[userId]': instructor.user.id,
    });
    expect(created[0]?.headers['idempotency-key']).toBe(`payout-account:${instructor.user.id}`);
    const link = stripe.requests.findLast((request) => request.path === '/v1/account_links');
    const accountId = [...stripe.accounts.keys()].at(-1);
    expect(link?.form).toEqual({
      account: accountId,
      type: 'account_onboarding',
      return_url: `${t.config.publicUrl}/dashboard/instructor/earnings?onboarding=return`,
      refresh_url: `${t.config.publicUrl}/dashboard/instructor/earnings?onboarding=refresh`,
    });
    expect(first.json().url).toMatch(new RegExp(`^https://connect\\.stripe\\.com/setup/e/${accountId}/`));

    // Not finished at Stripe yet: onboarding, no payouts.
    expect((await api.get(t, '/payouts/account', instructor)).json().account).toEqual({
      status: 'onboarding',
      payoutsEnabled: false,
      provider: 'stripe',
    });
    // Resuming makes a new link for the same account.
    await api.post(t, '/payouts/onboarding', {}, instructor);
    expect(stripe.requests.filter((request) => request.path === '/v1/accounts')).toHaveLength(1);
    // Finished: Stripe reports the transfers capability active.
    stripe.completeOnboarding(accountId ?? '');
    expect((await api.get(t, '/payouts/account', instructor)).json().account).toEqual({
      status: 'active',
      payoutsEnabled: true,
      provider: 'stripe',
    });
  });
});

describe('transfers', () => {
  it('transfers what left the refund window, keyed by the payout’s id, to the instructor’s account', async () => {
    const { instructor, accountId } = await onboardedInstructor();
    // 100.00 with Stripe's 3.20 fee: net 96.80, the instructor's 80% is 77.44.
    await sale(instructor, 10_000, 320);
    t.advanceClock(8 * DAY);
    try {
      const paid = await api.post(t, '/payouts', { instructorId: instructor.user.id }, admin);
      expect(paid.statusCode, paid.body).toBe(200);
      const payoutId = paid.json().payout._id as string;
      const call = stripe.requests.findLast((request) => request.path === '/v1/transfers');
      expect(call?.headers['idempotency-key']).toBe(payoutId);
      expect(call?.form).toMatchObject({
        amount: '7744',
        currency: 'inr',
        destination: accountId,
        'metadata[payoutId]': payoutId,
        'metadata[instructorId]': instructor.user.id,
      });
      const transfer = stripe.transfers.get(paid.json().payout.transferId);
      expect(transfer?.amount).toBe(7744);
      expect(await ledgerUnbalanced()).toEqual([]);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });

  it('a refund after the payout reverses the instructor’s share from the transfer; a dispute’s webhook too', async () => {
    const { instructor } = await onboardedInstructor();
    const refunded = await sale(instructor, 10_000, 320);
    const disputed = await sale(instructor, 5_000, 175);
    t.advanceClock(8 * DAY);
    try {
      const paid = await api.post(t, '/payouts', { instructorId: instructor.user.id }, admin);
      expect(paid.statusCode, paid.body).toBe(200);
      const transferId = paid.json().payout.transferId as string;
      // 77.44 + 38.60 (50.00 less 1.75, 80%).
      expect(stripe.transfers.get(transferId)?.amount).toBe(7744 + 3860);

      const refund = await api.post(
        t,
        '/refunds',
        { paymentId: refunded.id, amount: 100, reason: 'Course withdrawn' },
        admin,
      );
      expect(refund.statusCode, refund.body).toBe(201);
      const refundId = refund.json().refund._id as string;
      const reversal = stripe.requests.findLast((request) => request.path.endsWith('/reversals'));
      expect(reversal?.path).toBe(`/v1/transfers/${transferId}/reversals`);
      expect(reversal?.form).toEqual({ amount: '7744' });
      expect(reversal?.headers['idempotency-key']).toBe(`${refundId}:${paid.json().payout._id}`);

      eventCount += 1;
      const dispute = stripe.dispute(disputed.providerPaymentId, 5_000);
      const delivery = signedEvent(
        { id: `evt_payouts_${eventCount}`, type: 'charge.dispute.created', object: dispute },
        { timestampSeconds: Math.floor((NOW.getTime() + 8 * DAY) / 1000) },
      );
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/v1/payment/webhook',
        headers: delivery.headers,
        payload: delivery.payload,
      });
      expect(hook.statusCode, hook.body).toBe(200);
      const transfer = stripe.transfers.get(transferId);
      expect(transfer).toMatchObject({ amount_reversed: 7744 + 3860, reversed: true });
      const [row] = await t.db.select().from(payouts).where(eq(payouts.providerTransferId, transferId));
      expect(row?.status).toBe('reversed');
      expect((await api.get(t, '/earnings', instructor)).json()).toMatchObject({ balance: 0, paid: 0 });
      expect(await ledgerUnbalanced()).toEqual([]);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });

  it('refuses the transfer while Stripe says the account can’t take transfers (409, nothing sent)', async () => {
    const instructor = await signIn(t, 'instructor');
    await api.post(t, '/payouts/onboarding', {}, instructor);
    await sale(instructor, 10_000, 320);
    t.advanceClock(8 * DAY);
    try {
      const before = stripe.requests.filter((request) => request.path === '/v1/transfers').length;
      const refused = await api.post(t, '/payouts', { instructorId: instructor.user.id }, admin);
      expect(refused.statusCode).toBe(409);
      expect(stripe.requests.filter((request) => request.path === '/v1/transfers')).toHaveLength(before);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });
});
