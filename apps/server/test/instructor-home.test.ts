/**
 * The instructor's home (instructor.home; services/instructor): its figures are what real purchases (the
 * test-mode checkout), watch progress and reviews produce, the revenue equals the earnings page's ledger
 * figures, another instructor's data never shows, and only course managers may read it.
 */
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { averageCompletion, lastWeeks } from '../src/services/instructor/instructor-home';
import { api, type SignedInUser, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { arrangeWatched } from './helpers/progress';
import { createTestApp, type TestApp } from './helpers/test-app';
import { buyWithTestCard } from './helpers/test-card';

/** A Wednesday: its week starts on Monday 10 June 2030. */
const NOW = new Date('2030-06-12T10:00:00Z');
const DAY = 86_400_000;
const MINUTE = 60_000;

let t: TestApp;
let admin: SignedInUser;
let instructor: SignedInUser;
let other: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({ PLATFORM_FEE_PERCENT: '20' }, undefined, { clock: NOW });
  admin = await signIn(t, 'admin');
  instructor = await signIn(t, 'instructor', { name: 'Ira Instructor' });
  other = await signIn(t, 'instructor', { name: 'Omar Other' });
});
afterAll(async () => {
  await t.close();
});

const home = async (actor: SignedInUser) => {
  const response = await api.get(t, '/instructor/home', actor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** A progress report; a completing one for a lecture watched through (helpers/progress.ts). */
const watch = async (student: SignedInUser, lectureId: string, completed: boolean, seconds = 300) => {
  if (completed) await arrangeWatched(t, student.user.id, lectureId);
  const response = await api.post(
    t,
    `/progress/${lectureId}`,
    { watchedDuration: seconds, completed },
    student,
  );
  expect(response.statusCode, response.body).toBe(200);
};

const review = async (student: SignedInUser, courseId: string, rating: number) => {
  const response = await api.post(t, `/reviews/course/${courseId}`, { rating, body: 'Fine.' }, student);
  expect(response.statusCode, response.body).toBe(201);
};

describe('instructor.home', () => {
  it('is all zeros for a new instructor: no courses, twelve empty weeks ending this week', async () => {
    const fresh = await signIn(t, 'instructor');
    const mine = await home(fresh);
    expect(mine).toEqual({
      currency: 'INR',
      students: 0,
      revenue: { sales: 0, gross: 0, share: 0, refunded: 0 },
      courses: { total: 0, published: 0, drafts: 0 },
      averageCompletion: null,
      completions: 0,
      notStarted: 0,
      rating: null,
      recentEnrollments: [],
      weeks: expect.any(Array),
      dropOff: [],
      unansweredQuestions: { count: 0, oldest: [] },
    });
    expect(mine.weeks).toHaveLength(12);
    expect(mine.weeks[0]).toEqual({ week: '2030-03-25', enrollments: 0 });
    expect(mine.weeks[11]).toEqual({ week: '2030-06-10', enrollments: 0 });
  });

  it('shows what purchases, progress and reviews produced, and the ledger’s revenue', async () => {
    const react = await createCourse(t.db, {
      instructorId: instructor.user.id,
      title: 'React for real',
      priceMinor: 99_900,
    });
    const lectures = [];
    for (const title of ['Setup', 'State and effects', 'Shipping']) {
      lectures.push(await createLecture(t.db, { courseId: react.id, title }));
    }
    const [setup, state, shipping] = lectures as [
      (typeof lectures)[0],
      (typeof lectures)[0],
      (typeof lectures)[0],
    ];
    const draft = await createCourse(t.db, {
      instructorId: instructor.user.id,
      title: 'Go, a draft',
      isPublished: false,
    });
    await createLecture(t.db, { courseId: draft.id });
    await createLecture(t.db, { courseId: draft.id });

    // Another instructor's course: a sale, a review, progress. None of it may show on the first's home.
    const theirs = await createCourse(t.db, {
      instructorId: other.user.id,
      title: 'Their course',
      priceMinor: 50_000,
    });
    const theirLecture = await createLecture(t.db, { courseId: theirs.id });

    const finisher = await signIn(t, 'student', { name: 'Fay Finisher' });
    const stopper = await signIn(t, 'student', { name: 'Sam Stopper' });
    const idle = await signIn(t, 'student', { name: 'Ida Idle' });

    // Eight days ago (last week), the finisher was given the draft free (no progress: not started).
    await createEnrollment(t.db, {
      userId: finisher.user.id,
      courseId: draft.id,
      source: 'free',
      createdAt: new Date(NOW.getTime() - 8 * DAY),
    });
    const paid = [];
    for (const buyer of [finisher, stopper, idle]) {
      t.advanceClock(MINUTE);
      paid.push((await buyWithTestCard(t, react.id, buyer)).payment);
    }
    t.advanceClock(MINUTE);
    await buyWithTestCard(t, theirs.id, finisher);

    for (const lecture of [setup, state, shipping]) await watch(finisher, lecture.id, true);
    await watch(stopper, setup.id, true);
    await watch(stopper, state.id, false, 40);
    await watch(finisher, theirLecture.id, true);
    await review(finisher, react.id, 5);
    await review(stopper, react.id, 4);
    await review(finisher, theirs.id, 1);

    const mine = await home(instructor);
    expect(mine.students).toBe(3);
    expect(mine.courses).toEqual({ total: 2, published: 1, drafts: 1 });
    // What the buyers paid, and the instructor's 80% of it (no provider fee in test mode).
    const gross = paid.reduce((sum, payment) => sum + payment.amountMinor, 0) / 100;
    expect(mine.revenue.sales).toBe(3);
    expect(mine.revenue.gross).toBeCloseTo(gross, 2);
    expect(gross).toBeCloseTo(2_997, 2);
    expect(mine.revenue.share).toBeCloseTo(3 * 799.2, 2);
    expect(mine.revenue.refunded).toBe(0);
    // The same ledger figures as the earnings page.
    const earnings = (await api.get(t, '/earnings', instructor)).json();
    expect(mine.revenue.share).toBe(earnings.lifetimeEarnings);
    expect(mine.revenue.sales).toBe(earnings.sales);

    // Enrollments: React 3/3, 1/3, 0/3 and the draft 0/2 -> (1 + 1/3 + 0 + 0) / 4 = 33%.
    expect(mine.averageCompletion).toBe(33);
    expect(mine.completions).toBe(1);
    expect(mine.notStarted).toBe(2);
    expect(mine.rating).toEqual({ average: 4.5, count: 2 });

    expect(mine.recentEnrollments).toEqual(
      [
        { studentName: 'Ida Idle', courseTitle: 'React for real', paid: 999, source: 'purchase' },
        { studentName: 'Sam Stopper', courseTitle: 'React for real', paid: 999, source: 'purchase' },
        { studentName: 'Fay Finisher', courseTitle: 'React for real', paid: 999, source: 'purchase' },
        { studentName: 'Fay Finisher', courseTitle: 'Go, a draft', paid: null, source: 'free' },
      ].map((row) => expect.objectContaining(row)),
    );
    expect(mine.recentEnrollments[0].enrolledAt).toBe(new Date(NOW.getTime() + 3 * MINUTE).toISOString());
    expect(mine.recentEnrollments[0].courseId).toBe(react.id);

    expect(mine.weeks.map((week: { enrollments: number }) => week.enrollments)).toEqual([
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 3,
    ]);
    // The stopper completed the first lecture and stopped in the second; the others finished or never began.
    expect(mine.dropOff).toEqual([
      {
        courseId: react.id,
        courseTitle: 'React for real',
        lectureId: state.id,
        lectureTitle: 'State and effects',
        number: 2,
        students: 1,
      },
    ]);

    // tRPC answers the same.
    expect(trpcData(await trpcQuery(t, 'instructor.home', undefined, instructor))).toEqual(mine);

    // The other instructor sees only their own course: one student, one sale, one review.
    const theirsHome = await home(other);
    expect(theirsHome).toMatchObject({
      students: 1,
      revenue: { sales: 1, gross: 500 },
      courses: { total: 1, published: 1, drafts: 0 },
      averageCompletion: 100,
      completions: 1,
      notStarted: 0,
      rating: { average: 1, count: 1 },
      dropOff: [],
    });
    expect(theirsHome.recentEnrollments).toEqual([
      expect.objectContaining({ studentName: 'Fay Finisher', courseTitle: 'Their course', paid: 500 }),
    ]);
  });

  it('gives an admin the figures of the courses they teach only', async () => {
    const before = await home(admin);
    expect(before.courses.total).toBe(0);
    expect(before.students).toBe(0);
    const own = await createCourse(t.db, { instructorId: admin.user.id, title: 'The admin’s own' });
    const student = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: student.user.id, courseId: own.id });
    const after = await home(admin);
    expect(after).toMatchObject({ students: 1, courses: { total: 1, published: 1, drafts: 0 } });
    expect(after.recentEnrollments).toHaveLength(1);
    expect(after.recentEnrollments[0].courseTitle).toBe('The admin’s own');
  });

  it('refuses students (403) and visitors (401), over REST and tRPC', async () => {
    const student = await signIn(t, 'student');
    expect((await api.get(t, '/instructor/home', student)).statusCode).toBe(403);
    expect((await api.get(t, '/instructor/home')).statusCode).toBe(401);
    expect((await trpcQuery(t, 'instructor.home', undefined, student)).statusCode).toBe(403);
  });
});

describe('the home’s arithmetic', () => {
  it('averages completion over enrollments; a course without lectures counts 0', () => {
    expect(averageCompletion([])).toBeNull();
    expect(averageCompletion([{ enrollments: 2, lectures: 4, completedLectures: 6 }])).toBe(75);
    expect(
      averageCompletion([
        { enrollments: 1, lectures: 0, completedLectures: 0 },
        { enrollments: 1, lectures: 2, completedLectures: 2 },
      ]),
    ).toBe(50);
  });

  it('counts weeks from Monday (UTC), the current one last', () => {
    const sunday = lastWeeks(new Date('2030-06-16T23:59:59Z'));
    expect(sunday.ids.at(-1)).toBe('2030-06-10');
    expect(sunday.start.toISOString()).toBe('2030-03-25T00:00:00.000Z');
    expect(lastWeeks(new Date('2030-06-17T00:00:00Z')).ids.at(-1)).toBe('2030-06-17');
  });
});
