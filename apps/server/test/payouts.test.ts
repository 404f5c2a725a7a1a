/**
 * Instructor payouts (payouts.*; services/payouts) in test payment mode: onboarding (simulated by the test
 * driver), what an admin may pay (the balance less the refund window's share), one payout at a time under
 * concurrency, a refused transfer that gives the balance back, and a refund after a payout that reverses
 * the transfer. Every entry group of the ledger still sums to zero. Stripe Connect's calls are in
 * payments-stripe.test.ts.
 */
import { ledgerEntries, payoutAccounts, payouts } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard } from './helpers/test-card';

const NOW = new Date('2030-06-15T10:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '20', REFUND_WINDOW_DAYS: '7' }, undefined, {
    clock: NOW,
  });
  admin = await signIn(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

async function sell(courseId: string): Promise<string> {
  return (await buyWithTestCard(t, courseId, await signIn(t, 'student'))).payment.id;
}

async function instructorWithCourse(priceMinor: number) {
  const instructor = await signIn(t, 'instructor');
  const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor });
  await createLecture(t.db, { courseId: course.id });
  return { instructor, course };
}

async function onboard(instructor: SignedInUser) {
  const response = await api.post(t, '/payouts/onboarding', {}, instructor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string };
}

const earnings = async (actor: SignedInUser) => (await api.get(t, '/earnings', actor)).json();
const pay = (instructorId: string) => api.post(t, '/payouts', { instructorId }, admin);

async function unbalancedGroups() {
  const rows = await t.db
    .select({ group: ledgerEntries.entryGroup, total: sql<string>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.entryGroup);
  return rows.filter((row) => Number(row.total) !== 0);
}

describe('onboarding', () => {
  it('has no account at first; the test driver’s onboarding comes back to the earnings page, ready', async () => {
    const { instructor } = await instructorWithCourse(10_000);
    expect((await api.get(t, '/payouts/account', instructor)).json()).toEqual({ account: null });
    const { url } = await onboard(instructor);
    expect(url).toBe(`${t.config.publicUrl}/dashboard/instructor/earnings?onboarding=return`);
    expect((await api.get(t, '/payouts/account', instructor)).json()).toEqual({
      account: { status: 'active', payoutsEnabled: true, provider: 'test' },
    });
    // Again: the same account, not a second one.
    await onboard(instructor);
    const rows = await t.db
      .select()
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, instructor.user.id));
    expect(rows).toHaveLength(1);
    expect((await earnings(instructor)).payoutAccount).toEqual({ status: 'active', payoutsEnabled: true });
  });

  it('is for instructors only: an admin gets 403 with the reason, a student 403', async () => {
    const admins = await api.post(t, '/payouts/onboarding', {}, admin);
    expect(admins.statusCode).toBe(403);
    expect(admins.json().message).toBe('Only instructors are paid out: their share of their courses’ sales');
    const student = await signIn(t, 'student');
    expect((await api.post(t, '/payouts/onboarding', {}, student)).statusCode).toBe(403);
  });
});

describe('paying an instructor', () => {
  it('refuses an instructor who has not onboarded (409), and an unknown one (404)', async () => {
    const { instructor, course } = await instructorWithCourse(10_000);
    await sell(course.id);
    const refused = await pay(instructor.user.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This instructor has not finished setting up payouts');
    expect((await pay('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await pay(admin.user.id)).statusCode).toBe(404);
  });

  it('pays only what left the refund window: the share of an older sale, not of a new one', async () => {
    const { instructor, course } = await instructorWithCourse(100_000);
    await onboard(instructor);
    await sell(course.id);
    const early = await pay(instructor.user.id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/still inside the refund window/);

    t.advanceClock(8 * DAY);
    try {
      await sell(course.id); // inside the window: stays pending
      const before = await earnings(instructor);
      expect(before).toMatchObject({ balance: 1600, pending: 800, available: 800, paid: 0 });
      const paid = await pay(instructor.user.id);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json()).toMatchObject({
        message: 'Paid out ₹800.00.',
        payout: {
          instructorId: instructor.user.id,
          amount: 800,
          reversed: 0,
          status: 'paid',
          currency: 'INR',
        },
      });
      expect(paid.json().payout.transferId).toMatch(/^tr_test_/);
      expect(await earnings(instructor)).toMatchObject({
        balance: 800,
        pending: 800,
        available: 0,
        paid: 800,
      });
      // Nothing more to pay until the second sale leaves the window.
      expect((await pay(instructor.user.id)).statusCode).toBe(409);
      expect(await unbalancedGroups()).toEqual([]);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });

  it('sends one payout when an admin pays the same instructor five times at once', async () => {
    const { instructor, course } = await instructorWithCourse(50_000);
    await onboard(instructor);
    await sell(course.id);
    await sell(course.id);
    t.advanceClock(8 * DAY);
    try {
      const answers = await Promise.all(Array.from({ length: 5 }, () => pay(instructor.user.id)));
      const rows = await t.db.select().from(payouts).where(eq(payouts.instructorId, instructor.user.id));
      expect(rows.map((row) => [row.amountMinor, row.status])).toEqual([[80_000, 'paid']]);
      // Each answer is that one payout (a call that found it still pending retried its transfer with the
      // same idempotency key: the same transfer) or 409, nothing left to pay.
      const ok = answers.filter((answer) => answer.statusCode === 200);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      for (const answer of ok)
        expect(answer.json().payout).toMatchObject({
          _id: rows[0]?.id,
          transferId: rows[0]?.providerTransferId,
        });
      expect(
        answers.filter((answer) => answer.statusCode !== 200).map((answer) => answer.statusCode),
      ).toEqual(Array(5 - ok.length).fill(409));
      expect((await earnings(instructor)).balance).toBe(0);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });

  it('gives the balance back when the provider refuses the transfer (failed, with the reason)', async () => {
    const { instructor, course } = await instructorWithCourse(20_000);
    // An account the test driver doesn't know: its transfers are refused.
    await t.db.insert(payoutAccounts).values({
      userId: instructor.user.id,
      provider: 'test',
      providerAccountId: `acct_unknown_${instructor.user.id.slice(0, 8)}`,
      status: 'active',
      payoutsEnabled: true,
    });
    await sell(course.id);
    t.advanceClock(8 * DAY);
    try {
      const refused = await pay(instructor.user.id);
      expect(refused.statusCode).toBe(402);
      expect(refused.json().message).toMatch(/^The transfer failed: /);
      const [row] = await t.db.select().from(payouts).where(eq(payouts.instructorId, instructor.user.id));
      expect(row).toMatchObject({ status: 'failed', amountMinor: 16_000 });
      expect(await earnings(instructor)).toMatchObject({ balance: 160, available: 160, paid: 0 });
      expect(await unbalancedGroups()).toEqual([]);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });
});

describe('a refund after a payout', () => {
  it('reverses the transfer by the share taken back; the payout reads reversed', async () => {
    const { instructor, course } = await instructorWithCourse(100_000);
    await onboard(instructor);
    const paymentId = await sell(course.id);
    t.advanceClock(8 * DAY);
    try {
      expect((await pay(instructor.user.id)).statusCode).toBe(200);
      const refund = await api.post(
        t,
        '/refunds',
        { paymentId, amount: 1000, reason: 'Course withdrawn by the platform' },
        admin,
      );
      expect(refund.statusCode, refund.body).toBe(201);
      const mine = (await api.get(t, '/payouts', instructor)).json();
      expect(mine.payouts).toHaveLength(1);
      expect(mine.payouts[0]).toMatchObject({ amount: 800, reversed: 800, status: 'reversed' });
      // Owed nothing either way: the share came back from the transfer.
      expect(await earnings(instructor)).toMatchObject({ balance: 0, paid: 0, refunded: 800 });
      const reversals = await t.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.event, 'payout_reversal'));
      expect(reversals.filter((row) => row.payoutId === mine.payouts[0]._id)).toHaveLength(2);
      expect(await unbalancedGroups()).toEqual([]);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });
});

describe('reading payouts', () => {
  it('shows an instructor their own payouts only; an admin everyone’s, or one instructor’s', async () => {
    const { instructor, course } = await instructorWithCourse(30_000);
    await onboard(instructor);
    await sell(course.id);
    t.advanceClock(8 * DAY);
    try {
      expect((await pay(instructor.user.id)).statusCode).toBe(200);
    } finally {
      t.advanceClock(-8 * DAY);
    }
    const other = await signIn(t, 'instructor');
    expect((await api.get(t, '/payouts', other)).json()).toEqual({ payouts: [], nextCursor: null });
    // An instructor can't read another's by naming them.
    expect((await api.get(t, `/payouts?instructorId=${instructor.user.id}`, other)).json().payouts).toEqual(
      [],
    );
    const theirs = (await api.get(t, `/payouts?instructorId=${instructor.user.id}`, admin)).json();
    expect(theirs.payouts.map((payout: { amount: number }) => payout.amount)).toEqual([240]);
    const all = (await api.get(t, '/payouts?limit=1', admin)).json();
    expect(all.payouts).toHaveLength(1);
    expect(all.nextCursor).not.toBeNull();
    const next = (await api.get(t, `/payouts?limit=100&cursor=${all.nextCursor}`, admin)).json();
    expect(next.payouts.map((payout: { _id: string }) => payout._id)).not.toContain(all.payouts[0]._id);
  });

  it('lists what is owed to each instructor for admins, the largest balance first', async () => {
    const { instructor, course } = await instructorWithCourse(500_000);
    await sell(course.id);
    t.advanceClock(8 * DAY);
    try {
      const owed = (await api.get(t, '/payouts/owed', admin)).json();
      expect(owed.instructors[0]).toMatchObject({
        instructorId: instructor.user.id,
        balance: 4000,
        pending: 0,
        available: 4000,
        paid: 0,
        account: null,
      });
      expect(owed.total).toBeGreaterThanOrEqual(owed.instructors.length);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });
});
