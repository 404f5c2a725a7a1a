/**
 * Notifications (notifications.*; services/notifications): each event writes its recipients'
 * notifications in its own transaction (none for an event that failed, one per event however many
 * times it is confirmed), the bell's summary answers 304 to a matching If-None-Match on REST and tRPC,
 * and a user reads and marks only their own.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { lectureProgress, notifications } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/services/notifications/notifications';
import { api, type SignedInUser, signIn } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard, GOOD_CARD } from './helpers/test-card';

const NOW = new Date('2030-06-15T10:00:00Z');
const DAY = 86_400_000;

let t: TestApp;
let admin: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '20', REFUND_WINDOW_DAYS: '7' }, undefined, { clock: NOW });
  admin = await signIn(t, 'admin');
});
afterAll(async () => {
  await t.close();
});

type Summary = inferRouterOutputs<AppRouter>['notifications']['summary'];
const summary = async (actor: SignedInUser) =>
  (await api.get(t, '/notifications/summary', actor)).json() as Summary;
const kindsOf = async (actor: SignedInUser) => (await summary(actor)).latest.map((item) => item.kind);

async function courseOf(instructor: SignedInUser, title: string, priceMinor = 10_000) {
  const course = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor, title });
  await createLecture(t.db, { courseId: course.id, videoKey: `courses/${course.id}/lectures/intro.mp4` });
  return course;
}

describe('events', () => {
  it('a purchase tells the buyer and the instructor, once, however many times it is confirmed', async () => {
    const instructor = await signIn(t, 'instructor');
    const buyer = await signIn(t, 'student', { name: 'Ravi Kumar' });
    const course = await courseOf(instructor, 'Rust in Depth');
    const started = await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, buyer);
    const intent = started.json() as { paymentIntentId: string; clientSecret: string };
    const confirmations = await Promise.all(
      Array.from({ length: 5 }, () =>
        api.post(
          t,
          '/payment/test/confirm-card',
          { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, ...GOOD_CARD },
          buyer,
        ),
      ),
    );
    expect(confirmations.some((response) => response.statusCode === 200)).toBe(true);

    const bought = await summary(buyer);
    expect(bought.unreadCount).toBe(1);
    expect(bought.latest).toMatchObject([
      {
        kind: 'purchase_succeeded',
        title: 'Purchase complete',
        body: 'You now have access to Rust in Depth. Happy learning!',
        link: `course/${course.id}`,
        read: false,
      },
    ]);
    const taught = await summary(instructor);
    expect(taught.unreadCount).toBe(1);
    expect(taught.latest).toMatchObject([
      {
        kind: 'student_enrolled',
        title: 'New student in Rust in Depth',
        body: 'Ravi Kumar enrolled in Rust in Depth.',
        link: 'course-list',
      },
    ]);
  });

  it('a free enrollment tells the instructor only; enrolling in one’s own course tells nobody', async () => {
    const instructor = await signIn(t, 'instructor');
    const student = await signIn(t, 'student');
    const course = await courseOf(instructor, 'Free Git Basics', 0);
    expect(
      (await api.post(t, '/payment/create-payment-intent', { courseId: course.id }, student)).statusCode,
    ).toBe(200);
    expect(await kindsOf(student)).toEqual([]);
    expect(await kindsOf(instructor)).toEqual(['student_enrolled']);
  });

  it('an admin publishing or unpublishing someone else’s course tells its instructor; their own change does not', async () => {
    const instructor = await signIn(t, 'instructor');
    const course = await courseOf(instructor, 'Go for Services');
    const unpublish = await api.patch(t, `/courses/${course.id}`, { isPublished: false }, admin);
    expect(unpublish.statusCode, unpublish.body).toBe(200);
    // Sending the state it already has is no change: no second notification.
    expect((await api.patch(t, `/courses/${course.id}`, { isPublished: false }, admin)).statusCode).toBe(200);
    expect((await api.patch(t, `/courses/${course.id}`, { isPublished: true }, instructor)).statusCode).toBe(
      200,
    );
    expect((await api.patch(t, `/courses/${course.id}`, { isPublished: false }, instructor)).statusCode).toBe(
      200,
    );
    // The test clock stands still: a second later, so newest-first has an order to show.
    t.advanceClock(1000);
    expect((await api.patch(t, `/courses/${course.id}`, { isPublished: true }, admin)).statusCode).toBe(200);
    const { latest } = await summary(instructor);
    expect(latest.map((item) => [item.kind, item.body])).toEqual([
      ['course_published', 'An admin published Go for Services. It is now in the catalogue.'],
      [
        'course_unpublished',
        'An admin unpublished Go for Services. Students who bought it keep their access.',
      ],
    ]);
  });

  it('a refused publish (a lecture without video) writes nothing', async () => {
    const instructor = await signIn(t, 'instructor');
    const course = await createCourse(t.db, { instructorId: instructor.user.id, isPublished: false });
    await createLecture(t.db, { courseId: course.id, videoKey: null });
    const refused = await api.patch(t, `/courses/${course.id}`, { isPublished: true }, admin);
    expect(refused.statusCode).toBe(400);
    expect(await kindsOf(instructor)).toEqual([]);
  });

  it('a review tells the instructor, a reply tells its author; a second review (409) tells nobody', async () => {
    const instructor = await signIn(t, 'instructor', { name: 'Asha Rao' });
    const student = await signIn(t, 'student', { name: 'Meera Iyer' });
    const course = await courseOf(instructor, 'SQL Joins');
    await buyWithTestCard(t, course.id, student);
    const [lecture] = await t.db.query.lectures.findMany({ where: (l, { eq }) => eq(l.courseId, course.id) });
    await t.db.insert(lectureProgress).values({
      userId: student.user.id,
      courseId: course.id,
      lectureId: lecture?.id ?? '',
      watchedSeconds: 30,
    });
    const created = await api.post(t, `/reviews/course/${course.id}`, { rating: 4, body: 'Clear.' }, student);
    expect(created.statusCode, created.body).toBe(201);
    expect((await api.post(t, `/reviews/course/${course.id}`, { rating: 5 }, student)).statusCode).toBe(409);
    const reviews = (await summary(instructor)).latest.filter((item) => item.kind === 'review_posted');
    expect(reviews.map((item) => item.body)).toEqual(['Meera Iyer rated SQL Joins 4 out of 5.']);

    const reply = await api.post(
      t,
      `/reviews/${created.json().review._id}/reply`,
      { body: 'Thanks!' },
      instructor,
    );
    expect(reply.statusCode, reply.body).toBe(200);
    // A second reply is refused and tells nobody again.
    expect(
      (await api.post(t, `/reviews/${created.json().review._id}/reply`, { body: 'Again' }, instructor))
        .statusCode,
    ).toBe(409);
    const replies = (await summary(student)).latest.filter((item) => item.kind === 'review_replied');
    expect(replies.map((item) => item.body)).toEqual(['Asha Rao replied to your review of SQL Joins.']);
  });

  it('a refund tells the buyer; a payout tells the instructor', async () => {
    const instructor = await signIn(t, 'instructor');
    const buyer = await signIn(t, 'student');
    const course = await courseOf(instructor, 'Kotlin Coroutines', 50_000);
    const { payment } = await buyWithTestCard(t, course.id, buyer);
    const refunded = await api.post(
      t,
      '/refunds',
      { paymentId: payment.id, amount: 100, reason: 'Asked' },
      admin,
    );
    expect(refunded.statusCode, refunded.body).toBe(201);
    const refund = (await summary(buyer)).latest.find((item) => item.kind === 'refund_issued');
    expect(refund).toMatchObject({ body: '₹100.00 for Kotlin Coroutines is on its way back to your card.' });

    expect((await api.post(t, '/payouts/onboarding', {}, instructor)).statusCode).toBe(200);
    t.advanceClock(8 * DAY);
    try {
      const paid = await api.post(t, '/payouts', { instructorId: instructor.user.id }, admin);
      expect(paid.statusCode, paid.body).toBe(200);
      const amount = paid.json().payout.amount as number;
      const payout = (await summary(instructor)).latest.find((item) => item.kind === 'payout_paid');
      expect(payout).toMatchObject({
        body: `₹${amount.toLocaleString('en-IN', { minimumFractionDigits: 2 })} was transferred to your payout account.`,
        link: 'earnings',
      });
    } finally {
      t.advanceClock(-8 * DAY);
    }
  });

  it('a role change and a lifted suspension tell the user; a suspension does not', async () => {
    const user = await signIn(t, 'student');
    expect(
      (await api.patch(t, `/admin/users/${user.user.id}`, { role: 'instructor' }, admin)).statusCode,
    ).toBe(200);
    expect((await api.patch(t, `/admin/users/${user.user.id}`, { isActive: false }, admin)).statusCode).toBe(
      200,
    );
    expect(
      await t.db.select().from(notifications).where(eq(notifications.userId, user.user.id)),
    ).toHaveLength(1);
    expect((await api.patch(t, `/admin/users/${user.user.id}`, { isActive: true }, admin)).statusCode).toBe(
      200,
    );
    const rows = await t.db
      .select({ kind: notifications.kind, body: notifications.body })
      .from(notifications)
      .where(eq(notifications.userId, user.user.id))
      .orderBy(notifications.createdAt);
    expect(rows).toEqual([
      { kind: 'role_changed', body: 'An admin changed your role to instructor.' },
      { kind: 'account_reactivated', body: 'An admin lifted the suspension of your account. Welcome back.' },
    ]);
  });
});

describe('reading and marking', () => {
  async function userWith(count: number) {
    const user = await signIn(t, 'student');
    for (let i = 0; i < count; i += 1) {
      await notify(t.db, new Date(NOW.getTime() + i * 1000), {
        userId: user.user.id,
        kind: 'payout_paid',
        title: `Note ${i}`,
        body: `Body ${i}`,
      });
    }
    return user;
  }

  it('pages newest first with no overlap; a bad cursor is 400', async () => {
    const user = await userWith(25);
    const first = (await api.get(t, '/notifications?limit=20', user)).json();
    expect(first.notifications).toHaveLength(20);
    expect(first.notifications[0].title).toBe('Note 24');
    expect(first.unreadCount).toBe(25);
    const second = (await api.get(t, `/notifications?limit=20&cursor=${first.nextCursor}`, user)).json();
    expect(second.notifications.map((item: { title: string }) => item.title)).toEqual([
      'Note 4',
      'Note 3',
      'Note 2',
      'Note 1',
      'Note 0',
    ]);
    expect(second.nextCursor).toBeNull();
    expect((await api.get(t, '/notifications?cursor=nonsense!', user)).statusCode).toBe(400);
    expect((await api.get(t, '/notifications?limit=51', user)).statusCode).toBe(400);
  });

  it('marks one and all of one’s own; someone else’s is 404 and stays unread', async () => {
    const owner = await userWith(3);
    const other = await signIn(t, 'student');
    const { latest } = await summary(owner);
    const target = latest[1]?._id;
    expect((await api.post(t, `/notifications/${target}/read`, {}, other)).statusCode).toBe(404);
    expect((await summary(owner)).unreadCount).toBe(3);
    const marked = await api.post(t, `/notifications/${target}/read`, {}, owner);
    expect(marked.json()).toEqual({ unreadCount: 2 });
    // Again: still read, the count unchanged.
    expect((await api.post(t, `/notifications/${target}/read`, {}, owner)).json()).toEqual({
      unreadCount: 2,
    });
    expect((await summary(owner)).latest.map((item) => item.read)).toEqual([false, true, false]);
    expect((await api.post(t, '/notifications/not-a-uuid/read', {}, owner)).statusCode).toBe(404);
    expect((await api.post(t, '/notifications/read-all', {}, owner)).json()).toEqual({
      marked: 2,
      unreadCount: 0,
    });
    expect((await api.post(t, '/notifications/read-all', {}, owner)).json()).toEqual({
      marked: 0,
      unreadCount: 0,
    });
    const unread = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.user.id)));
    expect(unread.every((row) => row.readAt !== null)).toBe(true);
  });

  it('needs a signed-in user', async () => {
    expect((await api.get(t, '/notifications/summary')).statusCode).toBe(401);
    expect((await api.post(t, '/notifications/read-all', {})).statusCode).toBe(401);
  });
});

describe('the bell’s summary over HTTP', () => {
  it('REST: private, no-cache with an ETag; 304 while unchanged, 200 with a new ETag after an event', async () => {
    const user = await signIn(t, 'student');
    const first = await api.get(t, '/notifications/summary', user);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/authorization/i);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const conditional = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/summary',
      headers: { ...user.headers, 'if-none-match': etag },
    });
    expect(conditional.statusCode).toBe(304);
    expect(conditional.body).toBe('');

    await notify(t.db, NOW, { userId: user.user.id, kind: 'payout_paid', title: 'New', body: 'Body' });
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/notifications/summary',
      headers: { ...user.headers, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().unreadCount).toBe(1);
  });

  it('tRPC GET (a batch of one, as the app polls): the same headers and 304', async () => {
    const user = await signIn(t, 'student');
    const url = `/trpc/notifications.summary?batch=1&input=${encodeURIComponent('{}')}`;
    const first = await t.app.inject({ method: 'GET', url, headers: user.headers });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\//);
    const conditional = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...user.headers, 'if-none-match': etag },
    });
    expect(conditional.statusCode).toBe(304);
    // Another user's summary has its own validator: theirs is never a 304 for mine.
    const other = await signIn(t, 'student');
    await notify(t.db, NOW, { userId: other.user.id, kind: 'payout_paid', title: 'Theirs', body: 'Body' });
    const theirs = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...other.headers, 'if-none-match': etag },
    });
    expect(theirs.statusCode).toBe(200);
  });
});
