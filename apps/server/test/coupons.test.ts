/**
 * Coupons (issue 14, item 4; services/coupons): who may make which coupon; the checkout's price computed
 * on the server from the code alone; reservations under the coupon's lock, so 20 checkouts at once never
 * pass a limit of 5; one use per student; expiry and lapsed reservations; a 100% coupon enrolling without a
 * payment; the sale in the ledger at the discounted price; a full refund giving the use back.
 */
import { COUPON_MESSAGES } from '@lectio/contracts/messages';
import { couponRedemptions, coupons, enrollments, ledgerEntries, payments } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

const GOOD_CARD = { cardNumber: '4242424242424242', expMonth: 12, expYear: 2031, cvc: '123' };
const NOW = new Date('2030-06-15T10:00:00Z');
const MINUTE = 60_000;

let t: TestApp;
let admin: SignedInUser;
let instructor: SignedInUser;
let otherInstructor: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '20' }, undefined, { clock: NOW });
  admin = await signIn(t, 'admin');
  instructor = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
});
afterAll(async () => {
  await t.close();
});

let codes = 0;
const uniqueCode = (prefix = 'C') =>
  `${prefix}${Date.now().toString(36)}${(codes++).toString(36)}`.slice(0, 32);

async function course(priceMinor = 99_900, owner: SignedInUser = instructor) {
  const made = await createCourse(t.db, { instructorId: owner.user.id, priceMinor });
  await createLecture(t.db, { courseId: made.id });
  return made;
}

async function makeCoupon(body: Record<string, unknown>, actor: SignedInUser = instructor) {
  const response = await api.post(t, '/coupons', { code: uniqueCode(), ...body }, actor);
  return response;
}

async function checkout(courseId: string, student: SignedInUser, couponCode?: string) {
  return api.post(
    t,
    '/payment/create-payment-intent',
    { courseId, ...(couponCode ? { couponCode } : {}) },
    student,
  );
}

async function pay(intent: { paymentIntentId: string; clientSecret: string }, student: SignedInUser) {
  const paid = await api.post(
    t,
    '/payment/test/confirm-card',
    { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...GOOD_CARD },
    student,
  );
  expect(paid.statusCode, paid.body).toBe(200);
}

describe('making coupons', () => {
  it('lets an instructor make one for their own course or all their courses, not for others or the platform', async () => {
    const mine = await course();
    const theirs = await course(10_000, otherInstructor);
    const ok = await makeCoupon({
      kind: 'percent',
      percentOff: 50,
      scope: 'course',
      courseId: mine.id,
      maxRedemptions: 5,
    });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().coupon).toMatchObject({
      kind: 'percent',
      percentOff: 50,
      scope: 'course',
      courseId: mine.id,
      redemptions: 0,
      maxRedemptions: 5,
      disabled: false,
    });
    expect((await makeCoupon({ kind: 'fixed', amountOff: 100, scope: 'instructor' })).statusCode).toBe(201);
    expect(
      (await makeCoupon({ kind: 'percent', percentOff: 10, scope: 'course', courseId: theirs.id }))
        .statusCode,
    ).toBe(404);
    const platform = await makeCoupon({ kind: 'percent', percentOff: 10, scope: 'platform' });
    expect(platform.statusCode).toBe(403);
    expect(platform.json().message).toBe(COUPON_MESSAGES.platformAdminOnly);
    expect((await makeCoupon({ kind: 'percent', percentOff: 10, scope: 'platform' }, admin)).statusCode).toBe(
      201,
    );
  });

  it('refuses a taken code whatever its case, a mismatched kind and a bad percent, and writes nothing', async () => {
    const mine = await course();
    const code = uniqueCode('Dup');
    expect(
      (await makeCoupon({ code, kind: 'percent', percentOff: 20, scope: 'course', courseId: mine.id }))
        .statusCode,
    ).toBe(201);
    const twin = await makeCoupon({
      code: code.toLowerCase(),
      kind: 'percent',
      percentOff: 20,
      scope: 'instructor',
    });
    expect(twin.statusCode).toBe(409);
    expect(twin.json().message).toBe(COUPON_MESSAGES.codeTaken);
    const mismatch = await makeCoupon({ kind: 'fixed', percentOff: 20, scope: 'instructor' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(COUPON_MESSAGES.kindMismatch);
    expect((await makeCoupon({ kind: 'percent', percentOff: 0, scope: 'instructor' })).statusCode).toBe(400);
    // An expiry past year 9999, which JavaScript writes as "+012598-…" and PostgreSQL can't read (fuzz).
    const far = await makeCoupon({
      kind: 'percent',
      percentOff: 2,
      scope: 'instructor',
      expiresAt: '+012598-11-27T01:27:52.506Z',
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().issues).toEqual([{ path: 'expiresAt', message: COUPON_MESSAGES.expiryInvalid }]);
    // Amounts that round to 0 paise (found by the fuzz tier: a 500 from the table's CHECK).
    for (const amountOff of [0.004, 1e-300, Number.MIN_VALUE]) {
      const tiny = await makeCoupon({ kind: 'fixed', amountOff, scope: 'instructor' });
      expect(tiny.statusCode, `amountOff ${amountOff}`).toBe(400);
      expect(tiny.json().issues).toEqual([{ path: 'amountOff', message: COUPON_MESSAGES.amountInvalid }]);
    }
    expect(
      (await makeCoupon({ code: 'no spaces!', kind: 'percent', percentOff: 5, scope: 'instructor' }))
        .statusCode,
    ).toBe(400);
    const rows = await t.db.select().from(coupons).where(eq(coupons.code, code.toLowerCase()));
    expect(rows).toEqual([]);
  });

  it('shows an instructor only their own coupons; an admin sees all, and only the owner or an admin disables one', async () => {
    const theirs = await course(10_000, otherInstructor);
    const made = await makeCoupon(
      { kind: 'percent', percentOff: 10, scope: 'course', courseId: theirs.id },
      otherInstructor,
    );
    const id = made.json().coupon._id as string;
    const mine = (await api.get(t, '/coupons?limit=100', instructor)).json().coupons as { _id: string }[];
    expect(mine.some((coupon) => coupon._id === id)).toBe(false);
    const all = (await api.get(t, '/coupons?limit=100', admin)).json().coupons as { _id: string }[];
    expect(all.some((coupon) => coupon._id === id)).toBe(true);
    expect((await api.put(t, `/coupons/${id}/disabled`, { disabled: true }, instructor)).statusCode).toBe(
      404,
    );
    const disabled = await api.put(t, `/coupons/${id}/disabled`, { disabled: true }, otherInstructor);
    expect(disabled.json().coupon.disabled).toBe(true);
  });
});

describe('buying with a coupon', () => {
  it('charges half with a 50% coupon, whatever amount the client sends; the ledger shares the discounted price', async () => {
    const half = await course(99_900);
    const code = uniqueCode('Half');
    await makeCoupon({ code, kind: 'percent', percentOff: 50, scope: 'course', courseId: half.id });
    const student = await signIn(t, 'student');

    const preview = await trpcQuery(
      t,
      'coupons.preview',
      { courseId: half.id, code: code.toLowerCase() },
      student,
    );
    expect(trpcData(preview)).toEqual({
      code,
      listPrice: 999,
      discount: 499.5,
      amount: 499.5,
      currency: 'INR',
    });

    const started = await api.post(
      t,
      '/payment/create-payment-intent',
      { courseId: half.id, couponCode: code, amount: 1 },
      student,
    );
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().amount).toBe(499.5);
    await pay(started.json(), student);

    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, started.json().paymentIntentId));
    expect(payment).toMatchObject({ amountMinor: 49_950, status: 'succeeded' });
    const share = await t.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.paymentId, payment?.id ?? ''), eq(ledgerEntries.account, 'instructor_payable')),
      );
    expect(share[0]?.amountMinor).toBe(-39_960);
    const [redemption] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, student.user.id));
    expect(redemption).toMatchObject({
      status: 'redeemed',
      paymentId: payment?.id,
      discountMinor: 49_950,
      expiresAt: null,
    });

    // One use per student.
    const again = await course(10_000);
    const other = await makeCoupon({
      code: uniqueCode('Once'),
      kind: 'percent',
      percentOff: 10,
      scope: 'instructor',
    });
    const otherCode = other.json().coupon.code as string;
    const firstUse = await checkout(again.id, student, otherCode);
    await pay(firstUse.json(), student);
    const third = await course(10_000);
    const secondUse = await checkout(third.id, student, otherCode);
    expect(secondUse.statusCode).toBe(400);
    expect(secondUse.json().message).toBe(COUPON_MESSAGES.alreadyUsed);
  });

  it('never passes the limit: 20 students at once against a limit of 5 get exactly 5 uses', async () => {
    const popular = await course(50_000);
    const code = uniqueCode('Rush');
    await makeCoupon({
      code,
      kind: 'percent',
      percentOff: 20,
      scope: 'course',
      courseId: popular.id,
      maxRedemptions: 5,
    });
    const students = await Promise.all(Array.from({ length: 20 }, () => signIn(t, 'student')));
    const answers = await Promise.all(students.map((student) => checkout(popular.id, student, code)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    expect(statuses.filter((status) => status === 400)).toHaveLength(15);
    for (const answer of answers.filter((a) => a.statusCode === 400))
      expect(answer.json().message).toBe(COUPON_MESSAGES.usedUp);
    for (const answer of answers.filter((a) => a.statusCode === 200)) expect(answer.json().amount).toBe(400);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row?.redemptionCount).toBe(5);
    const held = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, row?.id ?? ''));
    expect(held.filter((r) => r.status === 'reserved')).toHaveLength(5);
  });

  it('gives a lapsed reservation’s use to the next buyer, and refuses an expired coupon', async () => {
    const scarce = await course(20_000);
    const code = uniqueCode('One');
    await makeCoupon({
      code,
      kind: 'fixed',
      amountOff: 50,
      scope: 'course',
      courseId: scarce.id,
      maxRedemptions: 1,
      expiresAt: new Date(NOW.getTime() + 24 * 60 * MINUTE).toISOString(),
    });
    const first = await signIn(t, 'student');
    const second = await signIn(t, 'student');
    expect((await checkout(scarce.id, first, code)).statusCode).toBe(200);
    const blocked = await checkout(scarce.id, second, code);
    expect(blocked.json().message).toBe(COUPON_MESSAGES.usedUp);
    t.advanceClock(31 * MINUTE);
    try {
      const taken = await checkout(scarce.id, second, code);
      expect(taken.statusCode, taken.body).toBe(200);
      expect(taken.json().amount).toBe(150);
      const [row] = await t.db.select().from(coupons).where(eq(coupons.code, code));
      expect(row?.redemptionCount).toBe(1);
      t.advanceClock(24 * 60 * MINUTE);
      const late = await checkout(scarce.id, await signIn(t, 'student'), code);
      expect(late.json().message).toBe(COUPON_MESSAGES.expired);
    } finally {
      t.advanceClock(-(31 + 24 * 60) * MINUTE);
    }
  });

  it('enrolls at once with a 100% coupon, with no payment and nothing in the ledger', async () => {
    const gift = await course(30_000);
    const code = uniqueCode('Free');
    await makeCoupon({ code, kind: 'percent', percentOff: 100, scope: 'course', courseId: gift.id });
    const student = await signIn(t, 'student');
    const answer = await checkout(gift.id, student, code);
    expect(answer.json()).toMatchObject({ enrolled: true, amount: 0, paymentIntentId: '' });
    const enrolled = await t.db
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.userId, student.user.id), eq(enrollments.courseId, gift.id)));
    expect(enrolled).toHaveLength(1);
    expect(await t.db.select().from(payments).where(eq(payments.userId, student.user.id))).toEqual([]);
    const [redemption] = await t.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.userId, student.user.id));
    expect(redemption).toMatchObject({ status: 'redeemed', paymentId: null });
  });

  it('gives the use back when the payment is refunded in full', async () => {
    const refundable = await course(10_000);
    const code = uniqueCode('Back');
    await makeCoupon({
      code,
      kind: 'percent',
      percentOff: 50,
      scope: 'course',
      courseId: refundable.id,
      maxRedemptions: 1,
    });
    const student = await signIn(t, 'student');
    const started = await checkout(refundable.id, student, code);
    await pay(started.json(), student);
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, started.json().paymentIntentId));
    const refunded = await api.post(
      t,
      '/refunds',
      { paymentId: payment?.id, amount: 50, reason: 'Changed my mind' },
      admin,
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.code, code));
    expect(row?.redemptionCount).toBe(0);
    expect((await checkout(refundable.id, await signIn(t, 'student'), code)).statusCode).toBe(200);
  });

  it('answers an unknown code and another course’s code (even a disabled one) alike, at checkout and in the preview (issue 23, item 6)', async () => {
    const a = await course(10_000);
    const b = await course(10_000);
    const code = uniqueCode('Only');
    const disabled = uniqueCode('Off');
    await makeCoupon({ code, kind: 'percent', percentOff: 10, scope: 'course', courseId: a.id });
    await makeCoupon({ code: disabled, kind: 'percent', percentOff: 10, scope: 'course', courseId: a.id });
    await t.db.update(coupons).set({ disabledAt: new Date() }).where(eq(coupons.code, disabled));
    const student = await signIn(t, 'student');
    const answers = [
      await checkout(a.id, student, 'NOPE-NOPE'),
      await checkout(b.id, student, code),
      await checkout(b.id, student, disabled),
      await api.get(t, `/coupons/preview?courseId=${b.id}&code=NOPE-NOPE`, student),
      await api.get(t, `/coupons/preview?courseId=${b.id}&code=${code}`, student),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json()).toEqual({ message: COUPON_MESSAGES.notValidHere, code: 'BAD_REQUEST' });
    }
    // For the course it is for, a disabled coupon says so.
    expect((await checkout(a.id, student, disabled)).json().message).toBe(COUPON_MESSAGES.disabled);
    expect(await t.db.select().from(payments).where(eq(payments.userId, student.user.id))).toEqual([]);
  });
});
