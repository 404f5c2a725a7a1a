/**
 * Earnings and revenue from the ledger (earnings.*; services/earnings): an instructor's balance, pending
 * and available amounts, months and courses; the platform's figures for admins; the commission rate for
 * new sales. Sales go through the real test-mode checkout; refunds through the ledger's reversal.
 */
import { refunds } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordReversal } from '../src/services/ledger/ledger';
import { api, type SignedInUser, signIn, trpcData, trpcMutation, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard } from './helpers/test-card';

const NOW = new Date('2030-06-15T10:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let admin: SignedInUser;
let instructor: SignedInUser;
let otherInstructor: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '20', REFUND_WINDOW_DAYS: '7' }, undefined, {
    clock: NOW,
  });
  admin = await signIn(t, 'admin');
  instructor = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
});
afterAll(async () => {
  await t.close();
});

async function sellTo(courseId: string): Promise<string> {
  return (await buyWithTestCard(t, courseId, await signIn(t, 'student'))).payment.id;
}

async function course(priceMinor: number, owner: SignedInUser = instructor, title = 'A course') {
  const made = await createCourse(t.db, { instructorId: owner.user.id, priceMinor, title });
  await createLecture(t.db, { courseId: made.id });
  return made;
}

const earnings = async (actor: SignedInUser, query = '') => {
  const response = await api.get(t, `/earnings${query}`, actor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

describe('earnings.instructor', () => {
  it('starts at zero for a new instructor, with twelve empty months ending this month', async () => {
    const fresh = await signIn(t, 'instructor');
    const mine = await earnings(fresh);
    expect(mine).toMatchObject({
      instructorId: fresh.user.id,
      currency: 'INR',
      feePercent: 20,
      balance: 0,
      pending: 0,
      available: 0,
      paid: 0,
      lifetimeEarnings: 0,
      refunded: 0,
      sales: 0,
      courses: [],
      payoutAccount: null,
    });
    expect(mine.months).toHaveLength(12);
    expect(mine.months[0].month).toBe('2029-07');
    expect(mine.months[11]).toEqual({ month: '2030-06', sales: 0, gross: 0, earnings: 0, refunded: 0 });
  });

  it('adds each sale’s share; a refund takes it back; pending becomes available after the refund window', async () => {
    const react = await course(99_900, instructor, 'React');
    const go = await course(50_000, instructor, 'Go');
    const first = await sellTo(react.id);
    await sellTo(react.id);
    await sellTo(go.id);
    // Partly refund the first sale: half of 999.00 takes back half of its 799.20 share.
    await t.db.transaction(async (tx) => {
      const [refund] = await tx
        .insert(refunds)
        .values({ paymentId: first, amountMinor: 49_950, source: 'admin', status: 'succeeded' })
        .returning({ id: refunds.id });
      await recordReversal(
        tx,
        { config: t.config, now: () => NOW },
        {
          paymentId: first,
          refundId: refund?.id ?? '',
          amountMinor: 49_950,
          event: 'refund',
        },
      );
    });

    const mine = await earnings(instructor);
    expect(mine.sales).toBe(3);
    expect(mine.lifetimeEarnings).toBeCloseTo(799.2 * 2 + 400, 2);
    expect(mine.refunded).toBeCloseTo(399.6, 2);
    expect(mine.balance).toBeCloseTo(799.2 * 2 + 400 - 399.6, 2);
    expect(mine.pending).toBeCloseTo(mine.balance, 2);
    expect(mine.available).toBe(0);
    expect(mine.months[11]).toMatchObject({ month: '2030-06', sales: 3, gross: 2_498 });
    expect(mine.courses.map((c: { title: string }) => c.title)).toEqual(['React', 'Go']);
    expect(mine.courses[0]).toMatchObject({ sales: 2, gross: 1_998, refunded: 399.6 });
    expect(mine.courses[0].earnings).toBeCloseTo(1_598.4, 2);

    // Past the 7-day refund window nothing is pending any more: the whole balance is available.
    t.advanceClock(8 * DAY);
    try {
      const later = await earnings(instructor);
      expect(later.pending).toBe(0);
      expect(later.available).toBeCloseTo(mine.balance, 2);
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });

  it('shows an instructor only their own earnings; an admin may read anyone’s', async () => {
    const theirs = await course(10_000, otherInstructor, 'Theirs');
    await sellTo(theirs.id);
    const asThemselves = await earnings(otherInstructor);
    expect(asThemselves.sales).toBe(1);

    const snooping = await api.get(t, `/earnings?instructorId=${otherInstructor.user.id}`, instructor);
    expect(snooping.statusCode).toBe(404);
    expect(snooping.json().message).toBe('Instructor not found');
    const overTrpc = await trpcQuery(
      t,
      'earnings.instructor',
      { instructorId: otherInstructor.user.id },
      instructor,
    );
    expect(overTrpc.statusCode).toBe(404);

    const asAdmin = await earnings(admin, `?instructorId=${otherInstructor.user.id}`);
    expect(asAdmin).toMatchObject({ instructorId: otherInstructor.user.id, sales: 1, lifetimeEarnings: 80 });
    expect((await api.get(t, '/earnings?instructorId=not-a-uuid', admin)).statusCode).toBe(404);
  });
});

describe('earnings.platform and earnings.setFeePercent', () => {
  it('sums the platform’s figures from the ledger, and a new rate applies to new sales only', async () => {
    const before = (await api.get(t, '/earnings/platform', admin)).json();
    const priced = await course(10_000, otherInstructor, 'Priced');

    const set = await api.put(t, '/earnings/platform/fee', { percent: 30 }, admin);
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toEqual({ feePercent: 30 });
    await sellTo(priced.id);

    const after = (await api.get(t, '/earnings/platform', admin)).json();
    expect(after.feePercent).toBe(30);
    expect(after.grossSales - before.grossSales).toBeCloseTo(100, 2);
    expect(after.commissionEarned - before.commissionEarned).toBeCloseTo(30, 2);
    expect(after.owedToInstructors - before.owedToInstructors).toBeCloseTo(70, 2);
    expect(after.months[11].gross - before.months[11].gross).toBeCloseTo(100, 2);

    // Earlier sales kept 20%: the other instructor's first 100.00 sale still pays them 80.00.
    const theirs = await earnings(admin, `?instructorId=${otherInstructor.user.id}`);
    expect(theirs.lifetimeEarnings).toBeCloseTo(150, 2);

    const bad = await trpcMutation(t, 'earnings.setFeePercent', { percent: 120 }, admin);
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('The commission must be a whole percent from 0 to 100');
    expect(
      trpcData<{ feePercent: number }>(await trpcQuery(t, 'earnings.platform', undefined, admin)).feePercent,
    ).toBe(30);
  });

  it('is the admin’s alone', async () => {
    expect((await api.get(t, '/earnings/platform', instructor)).statusCode).toBe(403);
    expect((await api.put(t, '/earnings/platform/fee', { percent: 0 }, instructor)).statusCode).toBe(403);
  });
});
