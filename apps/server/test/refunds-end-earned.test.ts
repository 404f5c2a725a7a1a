/**
 * A refund or a lost dispute that ends access also ends what the access earned (issue 23, item 1;
 * services/refunds/revoke-earned.ts, docs/decisions/0046): the certificate is revoked ("refunded"), the
 * review leaves the rating (hidden with the reason the admin sees), the progress stays; a request's rules
 * are checked again when it is decided, and an admin's override reason is recorded.
 */
import { ACCESS_ENDED_REASONS, REFUND_MESSAGES } from '@lectio/contracts/messages';
import { certificates, courses, lectureProgress, refunds, reviews } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn, storeMedia } from './helpers/catalogue';
import { FakeStripe, STRIPE_TEST_ENV, signedEvent } from './helpers/fake-stripe';
import { arrangeWatched } from './helpers/progress';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard } from './helpers/test-card';

/** Completes every lecture through the progress API (watched through first) and returns the certificate. */
async function completeCourse(t: TestApp, student: SignedInUser, lectureIds: string[]): Promise<string> {
  let certificateId: string | null = null;
  for (const lectureId of lectureIds) {
    await arrangeWatched(t, student.user.id, lectureId);
    const done = await api.post(
      t,
      `/progress/${lectureId}`,
      { watchedDuration: 300, completed: true },
      student,
    );
    expect(done.statusCode, done.body).toBe(200);
    certificateId = (done.json() as { certificateId: string | null }).certificateId;
  }
  if (!certificateId) throw new Error('no certificate issued');
  return certificateId;
}

async function review(t: TestApp, student: SignedInUser, courseId: string, rating: number) {
  const posted = await api.post(t, `/reviews/course/${courseId}`, { rating, body: 'Not worth it' }, student);
  expect(posted.statusCode, posted.body).toBe(201);
}

async function ratingOf(t: TestApp, courseId: string) {
  const [row] = await t.db
    .select({ rating: courses.rating, ratingCount: courses.ratingCount })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row;
}

async function reviewOf(t: TestApp, userId: string, courseId: string) {
  const [row] = await t.db
    .select()
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.courseId, courseId)));
  return row;
}

async function progressRowsOf(t: TestApp, userId: string, courseId: string) {
  return t.db
    .select()
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.courseId, courseId)));
}

/** What verification, the owner's list and the admin's reported list say once access ended. */
async function expectEarnedThingsEnded(
  t: TestApp,
  student: SignedInUser,
  courseId: string,
  certificateId: string,
  reason: string,
) {
  const verified = await api.get(t, `/certificates/${certificateId}`);
  expect(verified.json()).toMatchObject({ status: 'revoked', revokedAt: expect.any(String) });
  const mine = await api.get(t, '/certificates/mine', student);
  expect(mine.json()).toMatchObject({
    certificates: [{ id: certificateId, status: 'revoked', revokedReason: reason }],
  });
  const row = await reviewOf(t, student.user.id, courseId);
  expect(row?.hiddenAt).toBeInstanceOf(Date);
  expect(row?.hiddenReason).toBe(reason);
  // The rating counts the other (5-star) review only.
  expect(await ratingOf(t, courseId)).toEqual({ rating: 5, ratingCount: 1 });
  const listed = await api.get(t, `/reviews/course/${courseId}`);
  expect(listed.json().reviews.map((r: { _id: string }) => r._id)).not.toContain(row?.id);
  // Progress is kept, in case they buy again.
  expect((await progressRowsOf(t, student.user.id, courseId)).every((p) => p.completed)).toBe(true);
}

describe('refunds in test mode end what access earned', () => {
  let t: TestApp;
  let admin: SignedInUser;
  let instructor: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp({ REFUND_WINDOW_DAYS: '30', REFUND_MAX_PROGRESS: '30' });
    admin = await signIn(t, 'admin');
    instructor = await signIn(t, 'instructor');
  });
  afterAll(async () => {
    await t.close();
  });

  /** A course of two lectures, one happy 5-star buyer, and a new buyer who completes it and rates it 1 star. */
  async function boughtCompletedAndReviewed() {
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor: 3_000 });
    const lectureIds: string[] = [];
    for (let i = 0; i < 2; i++) {
      const videoKey = await storeMedia(t, course.id, 'lecture');
      lectureIds.push((await createLecture(t.db, { courseId: course.id, videoKey })).id);
    }
    const happy = await signIn(t, 'student');
    await buyWithTestCard(t, course.id, happy);
    await arrangeWatched(t, happy.user.id, lectureIds[0] ?? '');
    await review(t, happy, course.id, 5);
    const student = await signIn(t, 'student');
    const { payment } = await buyWithTestCard(t, course.id, student);
    return { course, lectureIds, student, payment };
  }

  it('a request made at 0%, then the course completed and a 1-star review: the decision re-checks the rules, and the approved refund revokes the certificate and hides the review', async () => {
    const { course, lectureIds, student, payment } = await boughtCompletedAndReviewed();
    const asked = await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'Meh' }, student);
    expect(asked.statusCode, asked.body).toBe(201);
    const requestId = asked.json().refund._id as string;

    const certificateId = await completeCourse(t, student, lectureIds);
    await review(t, student, course.id, 1);
    expect(await ratingOf(t, course.id)).toEqual({ rating: 3, ratingCount: 2 });

    // The progress rule no longer holds: approving without an override is refused and changes nothing.
    const refused = await api.post(t, `/refunds/${requestId}/decision`, { decision: 'approve' }, admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message: REFUND_MESSAGES.rulesNoLongerMet(REFUND_MESSAGES.tooMuchProgress(30)),
      code: 'CONFLICT',
      issues: [{ path: 'overrideReason', message: REFUND_MESSAGES.tooMuchProgress(30) }],
    });
    const [waiting] = await t.db.select().from(refunds).where(eq(refunds.id, requestId));
    expect(waiting?.status).toBe('requested');
    expect((await api.get(t, `/certificates/${certificateId}`)).json()).toMatchObject({ status: 'valid' });

    const approved = await api.post(
      t,
      `/refunds/${requestId}/decision`,
      { decision: 'approve', overrideReason: 'The course video was broken for them' },
      admin,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().refund).toMatchObject({
      status: 'succeeded',
      overrideReason: 'The course video was broken for them',
    });
    await expectEarnedThingsEnded(t, student, course.id, certificateId, ACCESS_ENDED_REASONS.refund);
    // The admin sees why the review is hidden once someone reports it.
    const reporter = await signIn(t, 'student');
    const hidden = await reviewOf(t, student.user.id, course.id);
    expect(hidden).toBeDefined();
    // A hidden review can't be reported (it is gone from view): the reason shows in the admin's data.
    expect((await api.post(t, `/reviews/${hidden?.id}/report`, {}, reporter)).statusCode).toBe(404);
  });

  it('an approval the rules still allow records no override', async () => {
    const { student, payment } = await boughtCompletedAndReviewed();
    const asked = await api.post(t, '/refunds/requests', { paymentId: payment.id, reason: 'Meh' }, student);
    const approved = await api.post(
      t,
      `/refunds/${asked.json().refund._id}/decision`,
      { decision: 'approve', overrideReason: 'not needed' },
      admin,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().refund).toMatchObject({ status: 'succeeded', overrideReason: null });
  });

  it('an admin’s direct full refund does the same; buying again and completing issues the certificate anew', async () => {
    const { course, lectureIds, student, payment } = await boughtCompletedAndReviewed();
    const certificateId = await completeCourse(t, student, lectureIds);
    await review(t, student, course.id, 1);

    const refunded = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 30, reason: 'Chargeback threatened' },
      admin,
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    await expectEarnedThingsEnded(t, student, course.id, certificateId, ACCESS_ENDED_REASONS.refund);

    // Enrolled again (an admin's grant here; a second purchase enrolls the same way).
    await createEnrollment(t.db, { userId: student.user.id, courseId: course.id });
    const last = lectureIds.at(-1) ?? '';
    const again = await api.post(t, `/progress/${last}`, { watchedDuration: 300, completed: true }, student);
    expect(again.json()).toMatchObject({ certificateId });
    expect((await api.get(t, `/certificates/${certificateId}`)).json()).toMatchObject({
      status: 'valid',
      revokedAt: null,
    });
  });

  it('a partial refund that keeps access keeps the certificate and the review', async () => {
    const { course, lectureIds, student, payment } = await boughtCompletedAndReviewed();
    const certificateId = await completeCourse(t, student, lectureIds);
    await review(t, student, course.id, 1);
    const partial = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 5, reason: 'Late' },
      admin,
    );
    expect(partial.statusCode, partial.body).toBe(201);
    expect((await api.get(t, `/certificates/${certificateId}`)).json()).toMatchObject({ status: 'valid' });
    expect((await reviewOf(t, student.user.id, course.id))?.hiddenAt).toBeNull();
  });

  it('an admin’s revocation stands for good: buying again does not reinstate it', async () => {
    const { lectureIds, student } = await boughtCompletedAndReviewed();
    const certificateId = await completeCourse(t, student, lectureIds);
    const revoked = await api.post(
      t,
      `/certificates/${certificateId}/revoke`,
      { reason: 'Plagiarised project' },
      admin,
    );
    expect(revoked.statusCode, revoked.body).toBe(200);
    const last = lectureIds.at(-1) ?? '';
    await api.post(t, `/progress/${last}`, { watchedDuration: 300, completed: true }, student);
    const [row] = await t.db.select().from(certificates).where(eq(certificates.id, certificateId));
    expect(row?.revokedReason).toBe('Plagiarised project');
  });
});

describe('a lost dispute ends what access earned', () => {
  const NOW = new Date('2030-06-15T10:00:00Z');
  const stripe = new FakeStripe();
  let t: TestApp;
  let instructor: SignedInUser;

  beforeAll(async () => {
    stripe.server.listen({ onUnhandledFrame: 'error' });
    t = await createTestApp(STRIPE_TEST_ENV, undefined, { clock: NOW });
    instructor = await signIn(t, 'instructor');
  });
  afterEach(() => {
    stripe.server.resetHandlers();
  });
  afterAll(async () => {
    await t.close();
    stripe.server.close();
  });

  it('a dispute revokes the certificate ("payment disputed") and hides the review', async () => {
    const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor: 4_000 });
    const lecture = await createLecture(t.db, { courseId: course.id });
    const happy = await signIn(t, 'student');
    const student = await signIn(t, 'student');
    const payments: string[] = [];
    for (const buyer of [happy, student]) {
      const started = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
      const { paymentIntentId } = started.json() as { paymentIntentId: string };
      stripe.succeed(paymentIntentId, { feeMinor: 100 });
      const confirmed = await api.post(t, '/payment/confirm-payment', { paymentIntentId }, buyer);
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      payments.push(paymentIntentId);
    }
    await arrangeWatched(t, happy.user.id, lecture.id);
    await review(t, happy, course.id, 5);
    const certificateId = await completeCourse(t, student, [lecture.id]);
    await review(t, student, course.id, 1);

    const dispute = stripe.dispute(payments[1] ?? '', 4_000);
    const delivery = signedEvent(
      { id: 'evt_dispute_earned', type: 'charge.dispute.created', object: dispute },
      { timestampSeconds: Math.floor(NOW.getTime() / 1000) },
    );
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/v1/payment/webhook',
      headers: delivery.headers,
      payload: delivery.payload,
    });
    expect(hook.statusCode, hook.body).toBe(200);
    await expectEarnedThingsEnded(t, student, course.id, certificateId, ACCESS_ENDED_REASONS.dispute);
  });
});
