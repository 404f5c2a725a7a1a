/**
 * Refunds that revoke access (issue 14, item 3; services/refunds; docs/decisions/0040-refunds.md): the
 * ledger balances after partial, full (in parts too) refunds and disputes and the instructor's balance goes
 * back; double refunds and a webhook racing an admin refund are recorded once; a full refund locks the
 * lectures again; the student's window and progress rules; Stripe through msw with real signatures.
 */
import {
  type Database,
  endedEnrollments,
  enrollments,
  lectureProgress,
  ledgerEntries,
  payments,
  refunds,
} from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { instructorBalance } from '../src/services/ledger/ledger';
import { api, type SignedInUser, signIn, storeMedia, trpcMutation } from './helpers/catalogue';
import { FakeStripe, STRIPE_TEST_ENV, signedEvent } from './helpers/fake-stripe';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard } from './helpers/test-card';

/** Every entry group of the whole ledger sums to zero. */
async function expectLedgerBalanced(db: Database) {
  const unbalanced = await db
    .select({ group: ledgerEntries.entryGroup, total: sql<string>`sum(${ledgerEntries.amountMinor})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.entryGroup)
    .having(sql`sum(${ledgerEntries.amountMinor}) <> 0`);
  expect(unbalanced).toEqual([]);
}

async function paymentOf(db: Database, providerPaymentId: string) {
  const [row] = await db.select().from(payments).where(eq(payments.providerPaymentId, providerPaymentId));
  if (!row) throw new Error(`no payment ${providerPaymentId}`);
  return row;
}

async function refundRowsOf(db: Database, paymentId: string) {
  return db.select().from(refunds).where(eq(refunds.paymentId, paymentId));
}

/** The reversal groups (refund and dispute) of a payment: their count and the provider balance they took. */
async function reversalsOf(db: Database, paymentId: string) {
  const rows = await db
    .select({
      group: ledgerEntries.entryGroup,
      account: ledgerEntries.account,
      amount: ledgerEntries.amountMinor,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.paymentId, paymentId), sql`${ledgerEntries.event} in ('refund', 'dispute')`));
  return {
    groups: new Set(rows.map((row) => row.group)).size,
    taken: rows.filter((row) => row.account === 'provider_balance').reduce((sum, row) => sum - row.amount, 0),
  };
}

async function isEnrolled(db: Database, userId: string, courseId: string) {
  const rows = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(and(eq(enrollments.userId, userId), eq(enrollments.courseId, courseId)));
  return rows.length === 1;
}

describe('refunds in test mode', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let instructor: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({
      PLATFORM_FEE_PERCENT: '20',
      REFUND_WINDOW_DAYS: '30',
      REFUND_MAX_PROGRESS: '30',
    });
    admin = await signIn(t, 'admin');
    instructor = await signIn(t, 'instructor');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A student buys a new course of `lectureCount` lectures (the first one a preview) with the test card. */
  async function purchase(
    priceMinor: number,
    options: { lectureCount?: number; teacher?: SignedInUser } = {},
  ) {
    const student = await signIn(t, 'student');
    const teacher = options.teacher ?? instructor;
    const course = await createCourse(t.db, { instructorId: teacher.user.id, priceMinor });
    const lectureIds: string[] = [];
    for (let i = 0; i < (options.lectureCount ?? 3); i++) {
      const videoKey = await storeMedia(t, course.id, 'lecture');
      lectureIds.push((await createLecture(t.db, { courseId: course.id, isPreview: i === 0, videoKey })).id);
    }
    const { payment } = await buyWithTestCard(t, course.id, student);
    return { student, course, lectureIds, payment };
  }

  const refund = (paymentId: string, amount: number, reason = 'Asked by the student by e-mail') =>
    api.post(t, '/refunds', { paymentId, amount, reason }, admin);

  it('a partial refund takes back the instructor’s share in proportion, keeps access, and balances', async () => {
    const teacher = await signIn(t, 'instructor');
    const { payment, student, course } = await purchase(10_000, { teacher });
    expect(await instructorBalance(t.db, teacher.user.id)).toBe(8_000);

    const response = await refund(payment.id, 25);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().refund).toMatchObject({ status: 'succeeded', amount: 25, source: 'admin' });
    expect(await instructorBalance(t.db, teacher.user.id)).toBe(6_000);
    expect(await reversalsOf(t.db, payment.id)).toEqual({ groups: 1, taken: 2_500 });
    expect((await paymentOf(t.db, payment.providerPaymentId)).status).toBe('succeeded');
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(true);
    await expectLedgerBalanced(t.db);

    const mine = await api.get(t, '/refunds/mine', student);
    expect(mine.statusCode, mine.body).toBe(200);
    const purchase0 = mine.json().purchases[0];
    expect(purchase0).toMatchObject({ paymentId: payment.id, state: 'partially_refunded', refunded: 25 });
  });

  it('a full refund in parts takes back exactly the share, ends the enrollment and locks the lectures', async () => {
    const teacher = await signIn(t, 'instructor');
    const { payment, student, course, lectureIds } = await purchase(999, { teacher });
    const locked = lectureIds[1] ?? '';
    const before = await api.get(t, `/videos/video/${locked}`, student);
    expect(before.json().data.lecture).toMatchObject({ isLocked: false });
    expect(before.json().data.lecture.videoUrl).toEqual(expect.any(String));

    expect((await refund(payment.id, 3.33)).statusCode).toBe(201);
    expect((await refund(payment.id, 3.33)).statusCode).toBe(201);
    // More than the 3.33 left is refused, and changes nothing.
    const tooMuch = await refund(payment.id, 3.34);
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('more than what is left');
    expect(await refundRowsOf(t.db, payment.id)).toHaveLength(2);
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(true);

    const last = await refund(payment.id, 3.33);
    expect(last.statusCode, last.body).toBe(201);
    expect(await instructorBalance(t.db, teacher.user.id)).toBe(0);
    expect(await reversalsOf(t.db, payment.id)).toEqual({ groups: 3, taken: 999 });
    expect((await paymentOf(t.db, payment.providerPaymentId)).status).toBe('refunded');
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(false);
    const ended = await t.db
      .select()
      .from(endedEnrollments)
      .where(eq(endedEnrollments.paymentId, payment.id));
    expect(ended).toHaveLength(1);
    expect(ended[0]).toMatchObject({ userId: student.user.id, courseId: course.id, reason: 'refund' });
    await expectLedgerBalanced(t.db);

    // The next request for the paid lecture finds it locked; the preview still plays.
    const after = await api.get(t, `/videos/video/${locked}`, student);
    expect(after.statusCode).toBe(200);
    expect(after.json().data.lecture).toMatchObject({ isLocked: true, videoUrl: null });
    const preview = await api.get(t, `/videos/video/${lectureIds[0]}`, student);
    expect(preview.json().data.lecture.isLocked).toBe(false);
    // Nothing left: a further refund is a 409.
    expect((await refund(payment.id, 1)).statusCode).toBe(409);
  });

  it('two admins refunding the whole payment at once: one refund, the other 409, money back once', async () => {
    const { payment } = await purchase(5_000);
    const [a, b] = await Promise.all([refund(payment.id, 50), refund(payment.id, 50)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const rows = await refundRowsOf(t.db, payment.id);
    expect(rows.filter((row) => row.status === 'succeeded')).toHaveLength(1);
    expect(await reversalsOf(t.db, payment.id)).toEqual({ groups: 1, taken: 5_000 });
    await expectLedgerBalanced(t.db);
  });

  it('refuses bad amounts and unknown payments, changing nothing', async () => {
    const { payment } = await purchase(1_000);
    expect((await refund(payment.id, 0)).statusCode).toBe(400);
    expect((await refund(payment.id, 1.234)).statusCode).toBe(400);
    expect(
      (await api.post(t, '/refunds', { paymentId: payment.id, amount: 1, reason: ' ' }, admin)).statusCode,
    ).toBe(400);
    expect((await refund('00000000-0000-4000-8000-000000000000', 1)).statusCode).toBe(404);
    expect(await refundRowsOf(t.db, payment.id)).toHaveLength(0);
  });

  it('a student asks, the admin declines with a reason, the student asks again and the admin approves', async () => {
    const { payment, student, course, lectureIds } = await purchase(2_000);
    const asked = await api.post(
      t,
      '/refunds/requests',
      { paymentId: payment.id, reason: 'Not for me' },
      student,
    );
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json().refund).toMatchObject({ status: 'requested', amount: 20, source: 'student' });
    // One open request per purchase.
    const again = await api.post(
      t,
      '/refunds/requests',
      { paymentId: payment.id, reason: 'Please' },
      student,
    );
    expect(again.statusCode).toBe(409);

    const requestId = asked.json().refund._id as string;
    // A decline needs a reason.
    expect(
      (await api.post(t, `/refunds/${requestId}/decision`, { decision: 'decline' }, admin)).statusCode,
    ).toBe(400);
    const declined = await api.post(
      t,
      `/refunds/${requestId}/decision`,
      { decision: 'decline', reason: 'You bought it a while ago' },
      admin,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    let mine = (await api.get(t, '/refunds/mine', student)).json();
    expect(mine.purchases[0].refund).toMatchObject({
      status: 'declined',
      declineReason: 'You bought it a while ago',
    });
    expect(mine.purchases[0].canRequestRefund).toBe(true);
    // A decided request can't be decided again.
    expect(
      (await api.post(t, `/refunds/${requestId}/decision`, { decision: 'approve' }, admin)).statusCode,
    ).toBe(409);

    const second = await api.post(
      t,
      '/refunds/requests',
      { paymentId: payment.id, reason: 'Really not for me' },
      student,
    );
    expect(second.statusCode).toBe(201);
    const approved = await api.post(
      t,
      `/refunds/${second.json().refund._id}/decision`,
      { decision: 'approve' },
      admin,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().refund).toMatchObject({ status: 'succeeded', amount: 20 });
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(false);
    const lecture = await api.get(t, `/videos/video/${lectureIds[2]}`, student);
    expect(lecture.json().data.lecture.isLocked).toBe(true);
    mine = (await api.get(t, '/refunds/mine', student)).json();
    expect(mine.purchases[0]).toMatchObject({ state: 'refunded', canRequestRefund: false });
    expect(mine.purchases[0].refundNotice).toContain('refunded');
    await expectLedgerBalanced(t.db);
  });

  it('refuses a request after the refund window', async () => {
    const { payment, student } = await purchase(1_500);
    await t.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) })
      .where(eq(payments.id, payment.id));
    const asked = await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'Late' }, student);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe('Refunds can be requested within 30 days of purchase.');
    const mine = (await api.get(t, '/refunds/mine', student)).json();
    expect(mine.purchases[0]).toMatchObject({ canRequestRefund: false, refundNotice: asked.json().message });
    // Just inside the window it is allowed.
    await t.db
      .update(payments)
      .set({ createdAt: new Date(Date.now() - 29 * 24 * 60 * 60 * 1000) })
      .where(eq(payments.id, payment.id));
    expect(
      (await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'In time' }, student))
        .statusCode,
    ).toBe(201);
  });

  it('refuses a request once REFUND_MAX_PROGRESS percent of the course is completed', async () => {
    const { payment, student, course, lectureIds } = await purchase(1_500, { lectureCount: 4 });
    // One of four lectures done: 25%, under 30%.
    await t.db.insert(lectureProgress).values({
      userId: student.user.id,
      lectureId: lectureIds[0] ?? '',
      courseId: course.id,
      watchedSeconds: 300,
      completed: true,
      completedAt: new Date(),
    });
    let mine = (await api.get(t, '/refunds/mine', student)).json();
    expect(mine.purchases[0].canRequestRefund).toBe(true);
    // Two of four: 50%.
    await t.db.insert(lectureProgress).values({
      userId: student.user.id,
      lectureId: lectureIds[1] ?? '',
      courseId: course.id,
      watchedSeconds: 300,
      completed: true,
      completedAt: new Date(),
    });
    const asked = await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'Hmm' }, student);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().message).toBe(
      'Refunds can be requested only while less than 30% of the course is complete.',
    );
    mine = (await api.get(t, '/refunds/mine', student)).json();
    expect(mine.purchases[0].canRequestRefund).toBe(false);
    expect(await refundRowsOf(t.db, payment.id)).toHaveLength(0);
  });

  it('who may do what: no refunds by students, no requests for others’ payments, no decisions by instructors', async () => {
    const { payment, student } = await purchase(1_000);
    const other = await signIn(t, 'student');
    expect(
      (await api.post(t, '/refunds', { paymentId: payment.id, amount: 1, reason: 'x' }, student)).statusCode,
    ).toBe(403);
    const foreign = await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'Mine?' }, other);
    expect(foreign.statusCode).toBe(404);
    const asked = await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'Mine' }, student);
    expect(asked.statusCode).toBe(201);
    const id = asked.json().refund._id as string;
    expect(
      (await api.post(t, `/refunds/${id}/decision`, { decision: 'approve' }, instructor)).statusCode,
    ).toBe(403);
    expect((await api.post(t, `/refunds/${id}/decision`, { decision: 'approve' }, student)).statusCode).toBe(
      403,
    );
    expect(
      (await trpcMutation(t, 'refunds.decide', { id, decision: 'approve' }, instructor)).statusCode,
    ).toBe(403);
    // The other student's purchases don't include it.
    expect((await api.get(t, '/refunds/mine', other)).json().purchases).toEqual([]);
    // The request is still open.
    expect((await refundRowsOf(t.db, payment.id))[0]?.status).toBe('requested');
  });

  it('lists refunds for the admin in keyset pages, filtered by state', async () => {
    const { payment, student } = await purchase(3_000);
    await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'Listed' }, student);
    const first = await api.get(t, '/refunds?status=requested&limit=1', admin);
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json();
    expect(page.refunds).toHaveLength(1);
    expect(page.refunds[0]).toMatchObject({
      status: 'requested',
      payment: { _id: payment.id, refundable: 30 },
    });
    expect(page.nextCursor).toEqual(expect.any(String));
    const next = await api.get(t, `/refunds?status=requested&limit=1&cursor=${page.nextCursor}`, admin);
    expect(next.json().refunds[0]._id).not.toBe(page.refunds[0]._id);
    const all = (await api.get(t, '/refunds?status=requested&limit=100', admin)).json().refunds as {
      status: string;
    }[];
    expect(all.every((row) => row.status === 'requested')).toBe(true);
    const one = await api.get(t, `/refunds/payments/${payment.id}`, admin);
    expect(one.json()).toMatchObject({ _id: payment.id, amount: 30, refundable: 30, state: 'paid' });
  });
});

describe('refunds through Stripe', () => {
  const NOW = new Date('2030-06-15T10:00:00Z');
  const stripe = new FakeStripe();
  let t: TestApp;
  let admin: SignedInUser;
  let instructor: SignedInUser;
  let eventCount = 0;

  beforeAll(async () => {
    stripe.server.listen({ onUnhandledFrame: 'error' });
    t = await createTestApp({ ...STRIPE_TEST_ENV, PLATFORM_FEE_PERCENT: '20' }, undefined, { clock: NOW });
    admin = await signIn(t, 'admin');
    instructor = await signIn(t, 'instructor');
  });
  afterEach(() => {
    stripe.server.resetHandlers();
    stripe.refundOutcome = 'succeeded';
    stripe.afterRefund = null;
  });
  afterAll(async () => {
    await t.close();
    stripe.server.close();
  });

  async function purchase(priceMinor: number) {
    const student = await signIn(t, 'student');
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor });
    await createLecture(t.db, { courseId: course.id });
    const started = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, student);
    expect(started.statusCode, started.body).toBe(200);
    const { paymentIntentId } = started.json() as { paymentIntentId: string };
    stripe.succeed(paymentIntentId, { feeMinor: 300 });
    const confirmed = await api.post(t, '/payment/confirm-payment', { paymentIntentId }, student);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    return { student, course, payment: await paymentOf(t.db, paymentIntentId) };
  }

  function deliver(type: string, object: unknown) {
    eventCount += 1;
    const delivery = signedEvent(
      { id: `evt_refunds_${eventCount}`, type, object },
      { timestampSeconds: Math.floor(NOW.getTime() / 1000) },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: delivery.headers,
      payload: delivery.payload,
    });
  }

  it('refunds through Stripe with the refund’s id as idempotency key and metadata; its webhook adds nothing', async () => {
    const { payment } = await purchase(10_000);
    const response = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 40, reason: 'Duplicate' },
      admin,
    );
    expect(response.statusCode, response.body).toBe(201);
    const refundId = response.json().refund._id as string;
    const call = stripe.requests.findLast(
      (request) => request.path === '/v1/refunds' && request.method === 'POST',
    );
    expect(call?.headers['idempotency-key']).toBe(refundId);
    expect(call?.form).toMatchObject({
      payment_intent: payment.providerPaymentId,
      amount: '4000',
      'metadata[refundId]': refundId,
    });
    const [row] = await refundRowsOf(t.db, payment.id);
    const stripeRefund = stripe.refunds.get(row?.providerRefundId ?? '');
    expect(stripeRefund?.metadata.refundId).toBe(refundId);

    // Stripe's charge.refunded for that refund, twice (a redelivery under a new event id too).
    for (let i = 0; i < 2; i++) {
      const hook = await deliver(
        'charge.refunded',
        stripe.charge(payment.providerPaymentId, { withRefunds: true }),
      );
      expect(hook.statusCode, hook.body).toBe(200);
    }
    expect(await refundRowsOf(t.db, payment.id)).toHaveLength(1);
    expect(await reversalsOf(t.db, payment.id)).toEqual({ groups: 1, taken: 4_000 });
    await expectLedgerBalanced(t.db);
  });

  it('a webhook racing the admin’s refund (delivered before Stripe answers): one refund row, one reversal', async () => {
    const { payment, student, course } = await purchase(7_000);
    let webhookStatus = 0;
    let settledByWebhook: string | undefined;
    stripe.afterRefund = async () => {
      // The payload without the refunds list, as API versions since 2022-11-15 send it: the server lists them.
      const hook = await deliver('charge.refunded', stripe.charge(payment.providerPaymentId));
      webhookStatus = hook.statusCode;
      settledByWebhook = (await refundRowsOf(t.db, payment.id))[0]?.status;
    };
    const response = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 70, reason: 'Race' },
      admin,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(webhookStatus).toBe(200);
    // The webhook came first and settled the admin's pending row (matched by metadata.refundId)…
    expect(settledByWebhook).toBe('succeeded');
    // …and the admin's own settlement afterwards found it settled and wrote nothing more.
    const rows = await refundRowsOf(t.db, payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', source: 'admin' });
    expect(await reversalsOf(t.db, payment.id)).toEqual({ groups: 1, taken: 7_000 });
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(false);
    expect(
      await t.db.select().from(endedEnrollments).where(eq(endedEnrollments.paymentId, payment.id)),
    ).toHaveLength(1);
    await expectLedgerBalanced(t.db);
  });

  it('records a refund made in Stripe’s dashboard once and ends the enrollment', async () => {
    const { payment, student, course } = await purchase(6_000);
    const balanceBefore = await instructorBalance(t.db, instructor.user.id);
    const made = stripe.dashboardRefund(payment.providerPaymentId, 6_000);
    for (let i = 0; i < 2; i++) {
      const hook = await deliver('charge.refunded', stripe.charge(payment.providerPaymentId));
      expect(hook.statusCode, hook.body).toBe(200);
    }
    const rows = await refundRowsOf(t.db, payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      source: 'provider',
      status: 'succeeded',
      providerRefundId: made.id,
      amountMinor: 6_000,
    });
    expect((await paymentOf(t.db, payment.providerPaymentId)).status).toBe('refunded');
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(false);
    // Net 5,700 after Stripe's 300 fee: the instructor's 80% (4,560) goes back in full.
    expect(balanceBefore - (await instructorBalance(t.db, instructor.user.id))).toBe(4_560);
    await expectLedgerBalanced(t.db);
  });

  it('a dispute ends the enrollment at once and reverses the disputed amount, once', async () => {
    const { payment, student, course } = await purchase(8_000);
    const dispute = stripe.dispute(payment.providerPaymentId, 8_000);
    for (let i = 0; i < 2; i++) {
      const hook = await deliver('charge.dispute.created', dispute);
      expect(hook.statusCode, hook.body).toBe(200);
    }
    const rows = await refundRowsOf(t.db, payment.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ source: 'dispute', providerRefundId: dispute.id, amountMinor: 8_000 });
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(false);
    const [ended] = await t.db
      .select()
      .from(endedEnrollments)
      .where(eq(endedEnrollments.paymentId, payment.id));
    expect(ended?.reason).toBe('dispute');
    const [group] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.paymentId, payment.id),
          eq(ledgerEntries.event, 'dispute'),
          eq(ledgerEntries.account, 'provider_balance'),
        ),
      );
    expect(group?.n).toBe(1);
    expect(await reversalsOf(t.db, payment.id)).toEqual({ groups: 1, taken: 8_000 });
    await expectLedgerBalanced(t.db);
    // Nothing is left to refund by hand.
    expect(
      (await api.post(t, '/refunds', { paymentId: payment.id, amount: 1, reason: 'x' }, admin)).statusCode,
    ).toBe(409);
  });

  it('a refusal by Stripe marks the refund failed with the reason and changes nothing else', async () => {
    const { payment, student, course } = await purchase(4_000);
    stripe.refundOutcome = 'error';
    const response = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 40, reason: 'Try' },
      admin,
    );
    expect(response.statusCode).toBe(503);
    const [row] = await refundRowsOf(t.db, payment.id);
    expect(row?.status).toBe('failed');
    expect(row?.failureReason).toContain('unexpected error');
    expect(await reversalsOf(t.db, payment.id)).toEqual({ groups: 0, taken: 0 });
    expect((await paymentOf(t.db, payment.providerPaymentId)).status).toBe('succeeded');
    expect(await isEnrolled(t.db, student.user.id, course.id)).toBe(true);
    // The failed attempt reserved nothing: the full amount can be refunded afterwards.
    stripe.refundOutcome = 'succeeded';
    const retry = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 40, reason: 'Again' },
      admin,
    );
    expect(retry.statusCode, retry.body).toBe(201);
  });
});
