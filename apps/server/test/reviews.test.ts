/**
 * Reviews and ratings through HTTP (REST and tRPC), decision 0036: who may review (owns the course and
 * watched some of it), one review per student, editing and deleting one's own only, the instructor's
 * single reply, reports, admin hiding, and the course's rating and rating count kept equal to its
 * visible reviews' mean and count, also under concurrent writes (run with TEST_DATABASE_URL for real
 * concurrency: PGlite runs one transaction at a time). Also the catalogue's rating sort and its cursor.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { API_MESSAGES, COURSE_MESSAGES, REVIEW_MESSAGES } from '@lectio/contracts/messages';
import type { MyReview, ReportedReviewPage, ReviewPage, ReviewSummary } from '@lectio/contracts/reviews';
import { courses, lectureProgress, reviewReports, reviews } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { and, avg, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coursePageQuery, publishedScope } from '../src/services/courses/list-courses';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  trpcData,
  trpcMutation,
  trpcQuery,
} from './helpers/catalogue';
import { explainPlanTree, pathTo } from './helpers/explain';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let course: { id: string };
let lecture: { id: string };

type OwnReviewBody = inferRouterOutputs<AppRouter>['reviews']['create'];

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor', { name: 'Course Owner' });
  otherInstructor = await signIn(t, 'instructor');
  course = await createCourse(t.db, { instructorId: owner.user.id });
  lecture = await createLecture(t.db, { courseId: course.id, durationSeconds: 120 });
});
afterAll(async () => {
  await t.close();
});

/** A signed-in student enrolled in `courseId` who has (by default) watched 30 s of a lecture of it. */
async function student(
  options: { courseId?: string; lectureId?: string; watched?: boolean; name?: string } = {},
): Promise<SignedInUser> {
  const courseId = options.courseId ?? course.id;
  const someone = await signIn(t, 'student', options.name ? { name: options.name } : {});
  await createEnrollment(t.db, { userId: someone.user.id, courseId });
  if (options.watched ?? true) {
    await t.db.insert(lectureProgress).values({
      userId: someone.user.id,
      lectureId: options.lectureId ?? lecture.id,
      courseId,
      watchedSeconds: 30,
    });
  }
  return someone;
}

async function courseFigures(courseId = course.id) {
  const [row] = await t.db
    .select({ rating: courses.rating, ratingCount: courses.ratingCount })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row!;
}

/** What the figures must be: the mean and count of the course's visible reviews, from the table itself. */
async function visibleTruth(courseId = course.id) {
  const [row] = await t.db
    .select({ mean: avg(reviews.rating), n: count() })
    .from(reviews)
    .where(and(eq(reviews.courseId, courseId), isNull(reviews.hiddenAt)));
  return { mean: row?.mean === null || row?.mean === undefined ? 0 : Number(row.mean), n: row?.n ?? 0 };
}

async function expectFiguresMatchReviews(courseId = course.id) {
  const figures = await courseFigures(courseId);
  const truth = await visibleTruth(courseId);
  expect(figures.ratingCount).toBe(truth.n);
  // `real` keeps about 7 significant digits.
  expect(figures.rating).toBeCloseTo(truth.mean, 5);
}

const put = (url: string, payload: unknown, who: SignedInUser) =>
  t.app.inject({ method: 'PUT', url: `/api/v1${url}`, headers: who.headers, payload: payload as object });

const create = (who: SignedInUser | null, body: unknown, courseId = course.id) =>
  api.post(t, `/reviews/course/${courseId}`, body, who);

async function createdReview(who: SignedInUser, rating: number, body?: string, courseId = course.id) {
  const response = await create(who, { rating, ...(body === undefined ? {} : { body }) }, courseId);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as OwnReviewBody).review;
}

describe('who may review', () => {
  it('refuses a student who does not own the course (403, with the reason)', async () => {
    const stranger = await signIn(t, 'student');
    const response = await create(stranger, { rating: 4 });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.notEnrolled });
  });

  it('refuses an owner who has not watched anything yet (403), and one with an empty progress row', async () => {
    const buyer = await student({ watched: false });
    const response = await create(buyer, { rating: 4 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(REVIEW_MESSAGES.notWatched);

    await t.db
      .insert(lectureProgress)
      .values({ userId: buyer.user.id, lectureId: lecture.id, courseId: course.id, watchedSeconds: 0 });
    expect((await create(buyer, { rating: 4 })).statusCode).toBe(403);
    // Completing a lecture counts as having watched it.
    await t.db
      .update(lectureProgress)
      .set({ completed: true })
      .where(eq(lectureProgress.userId, buyer.user.id));
    expect((await create(buyer, { rating: 4 })).statusCode).toBe(201);
  });

  it('refuses the course’s instructor and admins, who moderate instead (403)', async () => {
    await createEnrollment(t.db, { userId: admin.user.id, courseId: course.id });
    const response = await create(admin, { rating: 5 });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(REVIEW_MESSAGES.managesCourse);
    // An instructor lacks the students' permission altogether.
    expect((await create(owner, { rating: 5 })).statusCode).toBe(403);
  });

  it('is 404 for a course that does not exist or that the student may not see', async () => {
    const buyer = await student();
    expect((await create(buyer, { rating: 4 }, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await create(buyer, { rating: 4 }, 'not-a-uuid')).statusCode).toBe(404);
    const draft = await createCourse(t.db, { isPublished: false });
    const response = await create(buyer, { rating: 4 }, draft.id);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(COURSE_MESSAGES.courseNotFound);
  });

  it('takes one review per student: a second is 409 and changes nothing', async () => {
    const buyer = await student();
    const first = await createdReview(buyer, 2, '  Too fast for me.  ');
    expect(first).toMatchObject({ rating: 2, body: 'Too fast for me.', hidden: false, courseId: course.id });

    const again = await create(buyer, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: REVIEW_MESSAGES.alreadyReviewed });
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, first._id));
    expect(stored?.rating).toBe(2);
    await expectFiguresMatchReviews();
  });

  it('refuses bad input with a 400 naming the field, and writes nothing', async () => {
    const buyer = await student();
    for (const body of [
      {},
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: '4' },
      { rating: null },
    ]) {
      const response = await create(buyer, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(issueFor(response, 'rating')).toBe(REVIEW_MESSAGES.ratingInvalid);
    }
    const tooLong = await create(buyer, { rating: 4, body: 'x'.repeat(2001) });
    expect(tooLong.statusCode).toBe(400);
    expect(issueFor(tooLong, 'body')).toBe('Review must be at most 2,000 characters');
    expect((await create(buyer, { rating: 4, body: 'nul \u0000 here' })).statusCode).toBe(400);
    const rows = await t.db.select().from(reviews).where(eq(reviews.userId, buyer.user.id));
    expect(rows).toEqual([]);
  });

  it('stores blank text as no text, over tRPC too', async () => {
    const buyer = await student();
    const response = await trpcMutation(
      t,
      'reviews.create',
      { courseId: course.id, rating: 5, body: '   ' },
      buyer,
    );
    expect(trpcData<OwnReviewBody>(response).review.body).toBeNull();
  });
});

describe('editing and deleting', () => {
  it('lets the author edit their review; the course’s figures follow', async () => {
    const buyer = await student();
    const review = await createdReview(buyer, 1, 'Not for me');
    const response = await api.patch(t, `/reviews/${review._id}`, { rating: 5 }, buyer);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: REVIEW_MESSAGES.updated,
      review: { _id: review._id, rating: 5, body: 'Not for me' },
    });
    const cleared = await api.patch(t, `/reviews/${review._id}`, { body: null }, buyer);
    expect(cleared.json().review).toMatchObject({ rating: 5, body: null });
    expect((await api.patch(t, `/reviews/${review._id}`, {}, buyer)).statusCode).toBe(400);
    await expectFiguresMatchReviews();
  });

  it('refuses editing or deleting someone else’s review (403), and unknown ids (404)', async () => {
    const author = await student();
    const review = await createdReview(author, 4);
    const other = await student();
    for (const who of [other, owner, admin]) {
      const patched = await api.patch(t, `/reviews/${review._id}`, { rating: 1 }, who);
      expect(patched.statusCode).toBe(403);
      expect(patched.json().message).toBe(REVIEW_MESSAGES.notYourReview);
      expect((await api.delete(t, `/reviews/${review._id}`, who)).statusCode).toBe(403);
    }
    expect(
      (await api.patch(t, '/reviews/00000000-0000-4000-8000-000000000000', { rating: 1 }, other)).statusCode,
    ).toBe(404);
    expect((await api.delete(t, '/reviews/nope', other)).statusCode).toBe(404);
    const [stored] = await t.db.select().from(reviews).where(eq(reviews.id, review._id));
    expect(stored?.rating).toBe(4);
  });

  it('lets the author delete their review, after which they may write a new one', async () => {
    const buyer = await student();
    const review = await createdReview(buyer, 3);
    const before = await courseFigures();
    const response = await api.delete(t, `/reviews/${review._id}`, buyer);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: REVIEW_MESSAGES.deleted });
    expect((await courseFigures()).ratingCount).toBe(before.ratingCount - 1);
    expect((await api.delete(t, `/reviews/${review._id}`, buyer)).statusCode).toBe(404);
    await expectFiguresMatchReviews();
    await createdReview(buyer, 4);
  });
});

describe('reading', () => {
  let reading: { id: string };
  let readingLecture: { id: string };

  beforeAll(async () => {
    reading = await createCourse(t.db, { instructorId: owner.user.id });
    readingLecture = await createLecture(t.db, { courseId: reading.id });
  });

  it('lists the latest visible reviews, name and avatar only, in pages that neither repeat nor skip', async () => {
    const written: string[] = [];
    for (const [index, stars] of [5, 4, 4, 3, 5].entries()) {
      const buyer = await student({
        courseId: reading.id,
        lectureId: readingLecture.id,
        name: `Reader ${index}`,
      });
      written.push((await createdReview(buyer, stars, `Review ${index}`, reading.id))._id);
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const response = await api.get(t, `/reviews/course/${reading.id}${query}`);
      expect(response.statusCode).toBe(200);
      const page = response.json() as ReviewPage;
      expect(page.reviews.length).toBeLessThanOrEqual(2);
      seen.push(...page.reviews.map((review) => review._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(seen).toEqual([...written].reverse());

    const first = (await api.get(t, `/reviews/course/${reading.id}?limit=1`)).json() as ReviewPage;
    expect(first.reviews[0]).toEqual({
      _id: written.at(-1),
      courseId: reading.id,
      rating: 5,
      body: 'Review 4',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      author: { name: 'Reader 4', avatar: null },
      reply: null,
    });
    expect(JSON.stringify(first)).not.toContain('@example.com');
  });

  it('answers anonymous list and summary reads with a shared cache policy and an ETag', async () => {
    const response = await api.get(t, `/reviews/course/${reading.id}/summary`);
    expect(response.headers['cache-control']).toMatch(/^public, max-age=0, s-maxage=2/);
    expect(response.headers.etag).toBeTruthy();
  });

  it('refuses a cursor it did not make (400) and a course the viewer may not see (404)', async () => {
    const bad = await api.get(t, `/reviews/course/${reading.id}?cursor=bm9wZQ`);
    expect(bad.statusCode).toBe(400);
    expect(issueFor(bad, 'cursor')).toBe(API_MESSAGES.invalidCursor);
    const draft = await createCourse(t.db, { isPublished: false, instructorId: owner.user.id });
    expect((await api.get(t, `/reviews/course/${draft.id}`)).statusCode).toBe(404);
    expect((await api.get(t, `/reviews/course/${draft.id}/summary`)).statusCode).toBe(404);
    // Its instructor sees it.
    expect((await api.get(t, `/reviews/course/${draft.id}`, owner)).statusCode).toBe(200);
  });

  it('summarises the average, the count and the star distribution, consistent with the course', async () => {
    const summary = (await api.get(t, `/reviews/course/${reading.id}/summary`)).json() as ReviewSummary;
    expect(summary).toEqual({
      courseId: reading.id,
      average: 4.2,
      count: 5,
      distribution: [
        { stars: 5, count: 2 },
        { stars: 4, count: 2 },
        { stars: 3, count: 1 },
        { stars: 2, count: 0 },
        { stars: 1, count: 0 },
      ],
    });
    const shown = await api.get(t, `/courses/${reading.id}`);
    expect(shown.json().data).toMatchObject({ rating: 4.2, ratingCount: 5 });
  });

  it('tells the viewer about their own review and what they may do (reviews.mine)', async () => {
    const fresh = await student({ courseId: reading.id, lectureId: readingLecture.id });
    const ask = async (who: SignedInUser) =>
      trpcData<MyReview>(await trpcQuery(t, 'reviews.mine', { courseId: reading.id }, who));
    expect(await ask(fresh)).toEqual({ review: null, canReview: true, canReply: false, notice: null });
    const review = await createdReview(fresh, 2, undefined, reading.id);
    expect(await ask(fresh)).toMatchObject({
      review: { _id: review._id, rating: 2, hidden: false },
      canReview: false,
      canReply: false,
    });
    const unwatched = await student({ courseId: reading.id, watched: false });
    expect(await ask(unwatched)).toEqual({
      review: null,
      canReview: false,
      canReply: false,
      notice: REVIEW_MESSAGES.notWatched,
    });
    expect(await ask(owner)).toEqual({ review: null, canReview: false, canReply: true, notice: null });
    expect(await ask(admin)).toMatchObject({ canReview: false, canReply: true, notice: null });
    expect(await ask(otherInstructor)).toEqual({
      review: null,
      canReview: false,
      canReply: false,
      notice: null,
    });
  });
});

describe('instructor replies', () => {
  it('lets the course’s own instructor reply once (a second reply is 409)', async () => {
    const buyer = await student();
    const review = await createdReview(buyer, 3, 'Could use more examples');
    const response = await api.post(t, `/reviews/${review._id}/reply`, { body: ' More are coming! ' }, owner);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      message: REVIEW_MESSAGES.replied,
      review: { _id: review._id, reply: { body: 'More are coming!', repliedAt: expect.any(String) } },
    });
    const again = await api.post(t, `/reviews/${review._id}/reply`, { body: 'And another' }, owner);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REVIEW_MESSAGES.alreadyReplied);

    const listed = (await api.get(t, `/reviews/course/${course.id}?limit=50`)).json() as ReviewPage;
    expect(listed.reviews.find((item) => item._id === review._id)?.reply?.body).toBe('More are coming!');
  });

  it('refuses another instructor (403) and a blank reply (400); an admin may reply', async () => {
    const buyer = await student();
    const review = await createdReview(buyer, 4);
    const refused = await api.post(t, `/reviews/${review._id}/reply`, { body: 'Hi' }, otherInstructor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(REVIEW_MESSAGES.replyNotAllowed);
    expect((await api.post(t, `/reviews/${review._id}/reply`, { body: '   ' }, owner)).statusCode).toBe(400);
    expect((await api.post(t, `/reviews/${review._id}/reply`, { body: 'Thanks' }, admin)).statusCode).toBe(
      200,
    );
  });
});

describe('reports and moderation', () => {
  it('takes one report per user (again is the same answer), never of one’s own review', async () => {
    const author = await student();
    const review = await createdReview(author, 1, 'Spam spam spam');
    const reporter = await signIn(t, 'student');
    const first = await api.post(t, `/reviews/${review._id}/report`, { reason: 'Advertising' }, reporter);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: REVIEW_MESSAGES.reported });
    const again = await api.post(t, `/reviews/${review._id}/report`, { reason: 'Changed my mind' }, reporter);
    expect(again.json()).toEqual({ message: REVIEW_MESSAGES.reported });
    expect((await api.post(t, `/reviews/${review._id}/report`, {}, otherInstructor)).statusCode).toBe(200);
    const own = await api.post(t, `/reviews/${review._id}/report`, {}, author);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(REVIEW_MESSAGES.cannotReportOwn);

    const rows = await t.db.select().from(reviewReports).where(eq(reviewReports.reviewId, review._id));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.reporterId === reporter.user.id)?.reason).toBe('Advertising');

    const reported = (await api.get(t, '/reviews/reported', admin)).json() as ReportedReviewPage;
    expect(reported.reviews[0]).toMatchObject({
      _id: review._id,
      reportCount: 2,
      reasons: ['Advertising'],
      hidden: false,
      hiddenAt: null,
      course: { _id: course.id },
      body: 'Spam spam spam',
    });
  });

  it('lets an admin hide a review: it stops counting, leaves the public list, and comes back when shown', async () => {
    const moderated = await createCourse(t.db, { instructorId: owner.user.id });
    const moderatedLecture = await createLecture(t.db, { courseId: moderated.id });
    const fan = await student({ courseId: moderated.id, lectureId: moderatedLecture.id });
    const troll = await student({ courseId: moderated.id, lectureId: moderatedLecture.id });
    await createdReview(fan, 5, 'Great', moderated.id);
    const bad = await createdReview(troll, 1, 'Buy followers at example.net', moderated.id);
    expect(await courseFigures(moderated.id)).toEqual({ rating: 3, ratingCount: 2 });

    const hidden = await put(`/reviews/${bad._id}/hidden`, { hidden: true }, admin);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toEqual({
      message: REVIEW_MESSAGES.hidden,
      review: { _id: bad._id, hidden: true },
      course: { _id: moderated.id, rating: 5, ratingCount: 1 },
    });
    expect(await courseFigures(moderated.id)).toEqual({ rating: 5, ratingCount: 1 });
    const listed = (await api.get(t, `/reviews/course/${moderated.id}`)).json() as ReviewPage;
    expect(listed.reviews.map((review) => review._id)).not.toContain(bad._id);
    const summary = (await api.get(t, `/reviews/course/${moderated.id}/summary`)).json() as ReviewSummary;
    expect(summary).toMatchObject({ average: 5, count: 1 });
    expect(summary.distribution.find((row) => row.stars === 1)?.count).toBe(0);
    // The author still sees it, marked hidden; others can't report or reply to it any more.
    const mine = trpcData<MyReview>(await trpcQuery(t, 'reviews.mine', { courseId: moderated.id }, troll));
    expect(mine.review).toMatchObject({ _id: bad._id, hidden: true });
    expect((await api.post(t, `/reviews/${bad._id}/report`, {}, fan)).statusCode).toBe(404);
    expect((await api.post(t, `/reviews/${bad._id}/reply`, { body: 'Hm' }, owner)).statusCode).toBe(404);
    // Editing a hidden review keeps it hidden and out of the figures.
    await api.patch(t, `/reviews/${bad._id}`, { rating: 2 }, troll);
    expect(await courseFigures(moderated.id)).toEqual({ rating: 5, ratingCount: 1 });

    const shown = await put(`/reviews/${bad._id}/hidden`, { hidden: false }, admin);
    expect(shown.json()).toMatchObject({
      message: REVIEW_MESSAGES.shown,
      course: { rating: 3.5, ratingCount: 2 },
    });
    expect(await courseFigures(moderated.id)).toEqual({ rating: 3.5, ratingCount: 2 });
    expect(
      (await put('/reviews/00000000-0000-4000-8000-000000000000/hidden', { hidden: true }, admin)).statusCode,
    ).toBe(404);
  });

  it('lists reported reviews most recently reported first, with hidden state, in pages', async () => {
    const page1 = (await api.get(t, '/reviews/reported?limit=1', admin)).json() as ReportedReviewPage;
    expect(page1.reviews).toHaveLength(1);
    expect(page1.nextCursor).toBeNull();
    const author = await student();
    const review = await createdReview(author, 2);
    await api.post(t, `/reviews/${review._id}/report`, {}, admin);
    await put(`/reviews/${review._id}/hidden`, { hidden: true }, admin);
    const response = await trpcQuery(t, 'reviews.reported', { limit: 1 }, admin);
    const latest = trpcData<ReportedReviewPage>(response);
    expect(latest.reviews[0]).toMatchObject({ _id: review._id, hidden: true, reportCount: 1, reasons: [] });
    expect(latest.nextCursor).not.toBeNull();
    const next = trpcData<ReportedReviewPage>(
      await trpcQuery(t, 'reviews.reported', { limit: 1, cursor: latest.nextCursor }, admin),
    );
    expect(next.reviews[0]?._id).toBe(page1.reviews[0]?._id);
    expect(next.nextCursor).toBeNull();
  });
});

describe('the course’s rating under concurrency', () => {
  it('20 students reviewing at once give the exact average and count', async () => {
    const busy = await createCourse(t.db, { instructorId: owner.user.id });
    const busyLecture = await createLecture(t.db, { courseId: busy.id });
    const students = await Promise.all(
      Array.from({ length: 20 }, () => student({ courseId: busy.id, lectureId: busyLecture.id })),
    );
    const stars = students.map((_, index) => (index % 5) + 1);
    const responses = await Promise.all(
      students.map((who, index) => create(who, { rating: stars[index] }, busy.id)),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(201));

    const expected = stars.reduce((sum, value) => sum + value, 0) / 20;
    const figures = await courseFigures(busy.id);
    expect(figures.ratingCount).toBe(20);
    expect(figures.rating).toBeCloseTo(expected, 5);
    const summary = (await api.get(t, `/reviews/course/${busy.id}/summary`)).json() as ReviewSummary;
    expect(summary.count).toBe(20);
    expect(summary.average).toBe(Math.round(expected * 100) / 100);
    expect(summary.distribution.map((row) => row.count)).toEqual([4, 4, 4, 4, 4]);
  });

  it('concurrent edits, deletes and hides leave the figures equal to the visible reviews', async () => {
    const busy = await createCourse(t.db, { instructorId: owner.user.id });
    const busyLecture = await createLecture(t.db, { courseId: busy.id });
    const students = await Promise.all(
      Array.from({ length: 12 }, () => student({ courseId: busy.id, lectureId: busyLecture.id })),
    );
    const written: OwnReviewBody['review'][] = [];
    for (const who of students) written.push(await createdReview(who, 3, undefined, busy.id));

    const calls = students.map((who, index) => {
      const id = written[index]!._id;
      if (index % 3 === 0) return api.delete(t, `/reviews/${id}`, who);
      if (index % 3 === 1) return api.patch(t, `/reviews/${id}`, { rating: 5 }, who);
      return put(`/reviews/${id}/hidden`, { hidden: true }, admin);
    });
    // The same review edited and deleted at once: whichever comes second is a 404, never a stale figure.
    const raced = written[1]!._id;
    calls.push(api.delete(t, `/reviews/${raced}`, students[1]!));
    const statuses = (await Promise.all(calls)).map((response) => response.statusCode);
    const refused = statuses.filter((status) => status !== 200);
    expect(refused.length).toBeLessThanOrEqual(1);
    expect(refused.every((status) => status === 404)).toBe(true);

    // Four deleted, four hidden, four edited to 5 of which the raced one is deleted whatever the order.
    const truth = await visibleTruth(busy.id);
    expect(truth).toEqual({ mean: 5, n: 3 });
    await expectFiguresMatchReviews(busy.id);
  });
});

describe('the catalogue', () => {
  it('shows a new review’s rating on the next anonymous page at once (the cached page is dropped)', async () => {
    const listed = async () => {
      const response = await api.get(t, '/courses?limit=100');
      return (
        response.json() as { data: { courses: { _id: string; rating: number; ratingCount: number }[] } }
      ).data.courses;
    };
    const fresh = await createCourse(t.db, { instructorId: owner.user.id });
    const freshLecture = await createLecture(t.db, { courseId: fresh.id });
    expect((await listed()).find((item) => item._id === fresh.id)).toMatchObject({
      rating: 0,
      ratingCount: 0,
    });
    const buyer = await student({ courseId: fresh.id, lectureId: freshLecture.id });
    await createdReview(buyer, 4, undefined, fresh.id);
    expect((await listed()).find((item) => item._id === fresh.id)).toMatchObject({
      rating: 4,
      ratingCount: 1,
    });
  });

  it('sorts by rating (then count), with a cursor that walks every course once', async () => {
    const category = 'Cybersecurity' as const;
    const made = [];
    for (const [rating, ratingCount] of [
      [4.5, 10],
      [4.5, 30],
      [3.3333333, 3],
      [0, 0],
      [5, 1],
      [4.5, 30],
    ] as const) {
      made.push(await createCourse(t.db, { category, rating, ratingCount }));
    }
    const ordered: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `/courses?category=${encodeURIComponent(category)}&sort=rating&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await api.get(t, query);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as { data: { courses: { _id: string }[]; nextCursor: string | null } };
      ordered.push(...page.data.courses.map((item) => item._id));
      cursor = page.data.nextCursor;
    } while (cursor);
    const tied = [made[1]!.id, made[5]!.id].sort().reverse();
    expect(ordered).toEqual([made[4]!.id, ...tied, made[0]!.id, made[2]!.id, made[3]!.id]);

    // Over tRPC too, and a cursor of the other order is refused.
    const first = trpcData<{ data: { courses: { _id: string }[]; nextCursor: string } }>(
      await trpcQuery(t, 'courses.list', { category, sort: 'rating', limit: 1 }, null),
    );
    expect(first.data.courses[0]?._id).toBe(made[4]!.id);
    const newest = (await api.get(t, `/courses?category=${encodeURIComponent(category)}&limit=1`)).json();
    const mixed = await api.get(
      t,
      `/courses?category=${encodeURIComponent(category)}&sort=rating&cursor=${newest.data.nextCursor}`,
    );
    expect(mixed.statusCode).toBe(400);
    const other = await api.get(
      t,
      `/courses?category=${encodeURIComponent(category)}&cursor=${first.data.nextCursor}`,
    );
    expect(other.statusCode).toBe(400);
    expect((await api.get(t, '/courses?sort=stars')).statusCode).toBe(400);
  });
});

describe('the catalogue sorted by rating at scale', () => {
  it('is read in order from courses_rating_idx, without sorting the published courses', async () => {
    // The planner's choice on a small table is a sequential scan; with it off, the order must still come
    // from an index that holds it, or the plan sorts (a Sort node) every published course for each page.
    // The node meant is the courses scan: nothing above it may sort (a sort of each course's lectures in a
    // sub-plan beside it is not a sort of the courses, and PGlite plans one).
    const query = coursePageQuery(t.db, null, publishedScope(), { limit: 12, sort: 'rating' });
    const plan = await explainPlanTree(t.db, query, ['enable_seqscan = off']);
    const toCourses = pathTo(plan, (node) => node['Relation Name'] === 'courses');
    expect(toCourses?.at(-1)?.['Index Name']).toBe('courses_rating_idx');
    expect(toCourses?.map((node) => node['Node Type'])).not.toContain('Sort');
    expect(toCourses?.map((node) => node['Node Type'])).not.toContain('Incremental Sort');
  });
});
