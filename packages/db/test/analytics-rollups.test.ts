/**
 * The analytics rollups follow every insert, update and delete of their base tables (triggers from
 * migration 0002), and always agree with a recount from scratch. Expected values are worked out by hand.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readAnalyticsRollups, rebuildAnalyticsRollups } from '../src/analytics-rollups';
import { queryRows } from '../src/client';
import { lastSectionOf } from '../src/curriculum';
import {
  activityEvents,
  authSessions,
  courseLearnerStats,
  courseStats,
  courses,
  dailyCategoryViews,
  dailyRevenue,
  dailySessionStats,
  dailySignups,
  enrollments,
  instructorStudentCounts,
  lectureProgress,
  lectures,
  payments,
  platformCounts,
  userPresence,
  userRoleCounts,
  users,
} from '../src/schema/index';
import { seedDemo } from '../src/seed/demo';
import {
  createCourse,
  createEnrollment,
  createLecture,
  createPayment,
  createUser,
} from '../src/seed/factories';
import { createTestDatabase, resetDatabase, type TestDatabase } from '../src/testing';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await resetDatabase(handle.db);
});
afterEach(async () => {
  // Whatever a test did, the trigger-maintained rollups equal a recount from the base tables.
  const live = await readAnalyticsRollups(handle.db);
  await rebuildAnalyticsRollups(handle.db);
  expect(live).toEqual(await readAnalyticsRollups(handle.db));
});

const at = (iso: string) => new Date(iso);

async function revenueRows() {
  const rows = await handle.db.select().from(dailyRevenue).orderBy(dailyRevenue.day);
  return rows.filter((row) => row.payments !== 0 || row.amountMinor !== 0);
}

describe('daily_revenue', () => {
  it('counts succeeded payments per UTC day, following status, date and amount changes and deletes', async () => {
    const student = await createUser(handle.db);
    const course = await createCourse(handle.db);
    const base = { userId: student.id, courseId: course.id };
    const p1 = await createPayment(handle.db, {
      ...base,
      amountMinor: 10_000,
      createdAt: at('2026-01-31T23:59:59.999Z'),
    });
    const p2 = await createPayment(handle.db, {
      ...base,
      amountMinor: 20_000,
      createdAt: at('2026-02-01T00:00:00.000Z'),
    });
    const p3 = await createPayment(handle.db, {
      ...base,
      amountMinor: 5_000,
      status: 'failed',
      createdAt: at('2026-02-01T10:00:00.000Z'),
    });
    await createPayment(handle.db, {
      ...base,
      amountMinor: 7_000,
      status: 'pending',
      createdAt: at('2026-02-01T11:00:00.000Z'),
    });
    expect(await revenueRows()).toEqual([
      { day: '2026-01-31', amountMinor: 10_000, payments: 1 },
      { day: '2026-02-01', amountMinor: 20_000, payments: 1 },
    ]);

    await handle.db.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, p3.id));
    expect(await revenueRows()).toEqual([
      { day: '2026-01-31', amountMinor: 10_000, payments: 1 },
      { day: '2026-02-01', amountMinor: 25_000, payments: 2 },
    ]);

    // A refund takes the payment out of revenue.
    await handle.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, p2.id));
    expect(await revenueRows()).toEqual([
      { day: '2026-01-31', amountMinor: 10_000, payments: 1 },
      { day: '2026-02-01', amountMinor: 5_000, payments: 1 },
    ]);

    // Moving a payment to another day moves its amount; changing the amount changes the sum.
    await handle.db
      .update(payments)
      .set({ createdAt: at('2026-02-01T05:00:00.000Z'), amountMinor: 12_000 })
      .where(eq(payments.id, p1.id));
    expect(await revenueRows()).toEqual([{ day: '2026-02-01', amountMinor: 17_000, payments: 2 }]);

    await handle.db.delete(payments).where(eq(payments.id, p3.id));
    expect(await revenueRows()).toEqual([{ day: '2026-02-01', amountMinor: 12_000, payments: 1 }]);

    // One multi-row statement across two days.
    await handle.db.insert(payments).values([
      {
        ...base,
        provider: 'test',
        providerPaymentId: 'multi-1',
        amountMinor: 100,
        currency: 'INR',
        status: 'succeeded',
        createdAt: at('2026-02-01T23:00:00Z'),
      },
      {
        ...base,
        provider: 'test',
        providerPaymentId: 'multi-2',
        amountMinor: 200,
        currency: 'INR',
        status: 'succeeded',
        createdAt: at('2026-02-02T01:00:00Z'),
      },
      {
        ...base,
        provider: 'test',
        providerPaymentId: 'multi-3',
        amountMinor: 400,
        currency: 'INR',
        status: 'succeeded',
        createdAt: at('2026-02-02T02:00:00Z'),
      },
    ]);
    expect(await revenueRows()).toEqual([
      { day: '2026-02-01', amountMinor: 12_100, payments: 2 },
      { day: '2026-02-02', amountMinor: 600, payments: 2 },
    ]);
  });

  it('is unaffected when a deleted course nulls its payments’ course_id', async () => {
    const student = await createUser(handle.db);
    const course = await createCourse(handle.db);
    await createPayment(handle.db, {
      userId: student.id,
      courseId: course.id,
      amountMinor: 300,
      createdAt: at('2026-03-03T03:00:00Z'),
    });
    await handle.db.delete(courses).where(eq(courses.id, course.id));
    expect(await revenueRows()).toEqual([{ day: '2026-03-03', amountMinor: 300, payments: 1 }]);
  });
});

describe('user_role_counts', () => {
  it('counts users per role, suspended included, through inserts, role changes and deletes', async () => {
    const a = await createUser(handle.db, { role: 'student' });
    await createUser(handle.db, { role: 'student', isActive: false });
    await createUser(handle.db, { role: 'instructor' });
    const count = async () =>
      Object.fromEntries(
        (await handle.db.select().from(userRoleCounts))
          .filter((row) => row.users !== 0)
          .map((row) => [row.role, row.users]),
      );
    expect(await count()).toEqual({ student: 2, instructor: 1 });

    await handle.db.update(users).set({ role: 'instructor' }).where(eq(users.id, a.id));
    expect(await count()).toEqual({ student: 1, instructor: 2 });

    await handle.db.update(users).set({ name: 'Renamed' }).where(eq(users.id, a.id));
    expect(await count()).toEqual({ student: 1, instructor: 2 });

    await handle.db.delete(users).where(eq(users.id, a.id));
    expect(await count()).toEqual({ student: 1, instructor: 1 });
  });
});

describe('daily_signups and platform_counts', () => {
  it('count sign-ups per UTC day, following moved dates and deletes', async () => {
    const a = await createUser(handle.db, { createdAt: at('2026-03-09T23:59:59.999Z') });
    await createUser(handle.db, { createdAt: at('2026-03-10T00:00:00Z'), role: 'instructor' });
    await createUser(handle.db, { createdAt: at('2026-03-10T12:00:00Z'), isActive: false });
    const signups = async () =>
      (await handle.db.select().from(dailySignups).orderBy(dailySignups.day)).filter(
        (row) => row.users !== 0,
      );
    expect(await signups()).toEqual([
      { day: '2026-03-09', users: 1 },
      { day: '2026-03-10', users: 2 },
    ]);
    await handle.db
      .update(users)
      .set({ createdAt: at('2026-03-10T01:00:00Z') })
      .where(eq(users.id, a.id));
    expect(await signups()).toEqual([{ day: '2026-03-10', users: 3 }]);
    await handle.db.delete(users).where(eq(users.id, a.id));
    expect(await signups()).toEqual([{ day: '2026-03-10', users: 2 }]);
  });

  it('count courses, drafts included, through inserts and deletes', async () => {
    const courseCount = async () =>
      (await handle.db.select().from(platformCounts).where(eq(platformCounts.metric, 'courses')))[0]?.value ??
      0;
    const instructor = await createUser(handle.db, { role: 'instructor' });
    const first = await createCourse(handle.db, { instructorId: instructor.id });
    await createCourse(handle.db, { instructorId: instructor.id, isPublished: false });
    expect(await courseCount()).toBe(2);
    await handle.db.delete(courses).where(eq(courses.id, first.id));
    expect(await courseCount()).toBe(1);
  });
});

describe('course_stats', () => {
  async function stats(courseId: string) {
    const [row] = await handle.db.select().from(courseStats).where(eq(courseStats.courseId, courseId));
    return row && { enrollments: row.enrollments, lectures: row.lectures, completed: row.completedStudents };
  }
  async function complete(userId: string, lecture: { id: string; courseId: string }, completed = true) {
    await handle.db
      .insert(lectureProgress)
      .values({ userId, lectureId: lecture.id, courseId: lecture.courseId, watchedSeconds: 60, completed })
      .onConflictDoUpdate({
        target: [lectureProgress.userId, lectureProgress.lectureId],
        set: { completed },
      });
  }

  it('has a row for every course, created with it and removed with it', async () => {
    const course = await createCourse(handle.db, { createdAt: at('2025-05-05T05:05:05Z') });
    const [row] = await handle.db.select().from(courseStats).where(eq(courseStats.courseId, course.id));
    expect(row).toEqual({
      courseId: course.id,
      courseCreatedAt: at('2025-05-05T05:05:05Z'),
      enrollments: 0,
      lectures: 0,
      completedStudents: 0,
    });
    await handle.db.delete(courses).where(eq(courses.id, course.id));
    expect(await stats(course.id)).toBeUndefined();
  });

  it('counts enrollments and the enrolled students who completed every lecture', async () => {
    const course = await createCourse(handle.db);
    const l1 = await createLecture(handle.db, { courseId: course.id });
    const l2 = await createLecture(handle.db, { courseId: course.id });
    const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => createUser(handle.db)));
    for (const student of [a!, b!, c!])
      await createEnrollment(handle.db, { userId: student.id, courseId: course.id });
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 0 });

    await complete(a!.id, l1);
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 0 });
    await complete(a!.id, l2);
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 1 });
    await complete(b!.id, l1);
    // Watching without completing changes nothing.
    await complete(c!.id, l1, false);
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 1 });

    // A new lecture: nobody has completed every lecture any more.
    const l3 = await createLecture(handle.db, { courseId: course.id });
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 3, completed: 0 });
    await complete(a!.id, l3);
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 3, completed: 1 });

    // Deleting a lecture (its progress goes with it) recounts: a still has l1 and l2; b only l1.
    await handle.db.delete(lectures).where(eq(lectures.id, l3.id));
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 1 });
    await complete(b!.id, l2);
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 2 });

    // Un-completing a lecture takes the student out again.
    await handle.db
      .update(lectureProgress)
      .set({ completed: false })
      .where(and(eq(lectureProgress.userId, b!.id), eq(lectureProgress.lectureId, l2.id)));
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 1 });

    // Progress without an enrollment doesn't count until the student enrols.
    await complete(d!.id, l1);
    await complete(d!.id, l2);
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 1 });
    await createEnrollment(handle.db, { userId: d!.id, courseId: course.id });
    expect(await stats(course.id)).toEqual({ enrollments: 4, lectures: 2, completed: 2 });

    // Removing an enrollment removes its completion; deleting a user removes theirs.
    await handle.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, a!.id), eq(enrollments.courseId, course.id)));
    expect(await stats(course.id)).toEqual({ enrollments: 3, lectures: 2, completed: 1 });
    await handle.db.delete(users).where(eq(users.id, d!.id));
    expect(await stats(course.id)).toEqual({ enrollments: 2, lectures: 2, completed: 0 });
  });

  it('follows a lecture moved to another course and an enrollment moved to another course', async () => {
    const one = await createCourse(handle.db);
    const two = await createCourse(handle.db, { instructorId: one.instructorId });
    const l1 = await createLecture(handle.db, { courseId: one.id });
    const l2 = await createLecture(handle.db, { courseId: one.id });
    const student = await createUser(handle.db);
    const enrollment = await createEnrollment(handle.db, { userId: student.id, courseId: one.id });
    await complete(student.id, l1);
    expect(await stats(one.id)).toEqual({ enrollments: 1, lectures: 2, completed: 0 });

    // With its section: a lecture's section is always of its own course (decision 0075).
    const sectionOfTwo = await lastSectionOf(handle.db, two.id);
    await handle.db
      .update(lectures)
      .set({ courseId: two.id, sectionId: sectionOfTwo })
      .where(eq(lectures.id, l2.id));
    expect(await stats(one.id)).toEqual({ enrollments: 1, lectures: 1, completed: 1 });
    expect(await stats(two.id)).toEqual({ enrollments: 0, lectures: 1, completed: 0 });

    await handle.db.update(enrollments).set({ courseId: two.id }).where(eq(enrollments.id, enrollment.id));
    expect(await stats(one.id)).toEqual({ enrollments: 0, lectures: 1, completed: 0 });
    expect(await stats(two.id)).toEqual({ enrollments: 1, lectures: 1, completed: 0 });
  });

  it('a course without lectures never counts completions', async () => {
    const course = await createCourse(handle.db);
    const student = await createUser(handle.db);
    await createEnrollment(handle.db, { userId: student.id, courseId: course.id });
    expect(await stats(course.id)).toEqual({ enrollments: 1, lectures: 0, completed: 0 });
  });
});

describe('the instructor home’s learner rollups', () => {
  async function progress(userId: string, lecture: { id: string; courseId: string }, completed: boolean) {
    await handle.db
      .insert(lectureProgress)
      .values({ userId, lectureId: lecture.id, courseId: lecture.courseId, watchedSeconds: 60, completed })
      .onConflictDoUpdate({
        target: [lectureProgress.userId, lectureProgress.lectureId],
        set: { completed },
      });
  }
  /** Started students, lectures they completed, and how many stop at each lecture (by title). */
  async function learners(courseId: string) {
    const [stats] = await handle.db
      .select()
      .from(courseLearnerStats)
      .where(eq(courseLearnerStats.courseId, courseId));
    const stops = await queryRows<{ title: string; students: number }>(
      handle.db,
      sql`select l.title, s.students from lecture_stops s join lectures l on l.id = s.lecture_id
          where s.course_id = ${courseId} and s.students > 0 order by l.title`,
    );
    return {
      started: stats?.startedStudents ?? 0,
      completedLectures: stats?.completedLectures ?? 0,
      stops: Object.fromEntries(stops.map((row) => [row.title, row.students])),
    };
  }

  it('keeps started students, their completed lectures and where each stops, through every change', async () => {
    const course = await createCourse(handle.db);
    const l1 = await createLecture(handle.db, { courseId: course.id, title: 'L1', position: 1 });
    const l2 = await createLecture(handle.db, { courseId: course.id, title: 'L2', position: 2 });
    const l3 = await createLecture(handle.db, { courseId: course.id, title: 'L3', position: 3 });
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => createUser(handle.db)));
    for (const student of [a!, b!, c!])
      await createEnrollment(handle.db, { userId: student.id, courseId: course.id });
    expect(await learners(course.id)).toEqual({ started: 0, completedLectures: 0, stops: {} });

    // Watching the first lecture starts the course: a stops at L1 until it is complete.
    await progress(a!.id, l1, false);
    expect(await learners(course.id)).toEqual({ started: 1, completedLectures: 0, stops: { L1: 1 } });
    await progress(a!.id, l1, true);
    await progress(b!.id, l1, true);
    await progress(b!.id, l2, true);
    expect(await learners(course.id)).toEqual({ started: 2, completedLectures: 3, stops: { L2: 1, L3: 1 } });
    // Completing out of order: the stop is the first lecture not completed, in course order.
    await progress(c!.id, l2, true);
    expect(await learners(course.id)).toEqual({
      started: 3,
      completedLectures: 4,
      stops: { L1: 1, L2: 1, L3: 1 },
    });

    // Reordering the course (L3 first) moves the stops of everyone who hasn't completed L3.
    await handle.db.update(lectures).set({ position: 0 }).where(eq(lectures.id, l3.id));
    expect(await learners(course.id)).toEqual({ started: 3, completedLectures: 4, stops: { L3: 3 } });
    await handle.db.update(lectures).set({ position: 3 }).where(eq(lectures.id, l3.id));

    // b completes every lecture: b no longer stops anywhere.
    await progress(b!.id, l3, true);
    expect(await learners(course.id)).toEqual({ started: 3, completedLectures: 5, stops: { L1: 1, L2: 1 } });
    // A new lecture: b stops at it.
    await createLecture(handle.db, { courseId: course.id, title: 'L4', position: 4 });
    expect(await learners(course.id)).toEqual({
      started: 3,
      completedLectures: 5,
      stops: { L1: 1, L2: 1, L4: 1 },
    });
    // Deleting a lecture takes its progress with it: c's only progress was on L2, so c hasn't started.
    await handle.db.delete(lectures).where(eq(lectures.id, l2.id));
    expect(await learners(course.id)).toEqual({ started: 2, completedLectures: 3, stops: { L3: 1, L4: 1 } });

    // An ended enrollment and a deleted user leave the figures.
    await handle.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, a!.id), eq(enrollments.courseId, course.id)));
    expect(await learners(course.id)).toEqual({ started: 1, completedLectures: 2, stops: { L4: 1 } });
    await handle.db.delete(users).where(eq(users.id, b!.id));
    expect(await learners(course.id)).toEqual({ started: 0, completedLectures: 0, stops: {} });
    // Progress again without an enrollment counts nothing; enrolling counts it.
    await progress(c!.id, l1, true);
    expect(await learners(course.id)).toEqual({ started: 1, completedLectures: 1, stops: { L3: 1 } });
    await handle.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, c!.id), eq(enrollments.courseId, course.id)));
    await progress(c!.id, l3, true);
    expect(await learners(course.id)).toEqual({ started: 0, completedLectures: 0, stops: {} });
    await createEnrollment(handle.db, { userId: c!.id, courseId: course.id });
    expect(await learners(course.id)).toEqual({ started: 1, completedLectures: 2, stops: { L4: 1 } });
  });

  it('counts enrollments per course and UTC week (Monday), following moves and deletes', async () => {
    const course = await createCourse(handle.db);
    const other = await createCourse(handle.db, { instructorId: course.instructorId });
    const [a, b] = await Promise.all([1, 2].map(() => createUser(handle.db)));
    // Sunday 23:30 UTC is the week of Monday 2026-11-16; Monday 00:30 starts the next.
    const first = await createEnrollment(handle.db, {
      userId: a!.id,
      courseId: course.id,
      createdAt: at('2026-11-22T23:30:00Z'),
    });
    await createEnrollment(handle.db, {
      userId: b!.id,
      courseId: course.id,
      createdAt: at('2026-11-23T00:30:00Z'),
    });
    const weeks = () =>
      queryRows<{ course: string; week: string; n: number }>(
        handle.db,
        sql`select case when course_id = ${course.id} then 'course' else 'other' end as course,
                   to_char(week, 'YYYY-MM-DD') as week, enrollments as n
            from course_weekly_enrollments where enrollments <> 0 order by 1, 2`,
      );
    expect(await weeks()).toEqual([
      { course: 'course', week: '2026-11-16', n: 1 },
      { course: 'course', week: '2026-11-23', n: 1 },
    ]);
    await handle.db.update(enrollments).set({ courseId: other.id }).where(eq(enrollments.id, first.id));
    expect(await weeks()).toEqual([
      { course: 'course', week: '2026-11-23', n: 1 },
      { course: 'other', week: '2026-11-16', n: 1 },
    ]);
    await handle.db.delete(users).where(eq(users.id, b!.id));
    expect(await weeks()).toEqual([{ course: 'other', week: '2026-11-16', n: 1 }]);
  });
});

describe('instructor_students', () => {
  const students = async (instructorId: string) => {
    const [row] = await handle.db
      .select()
      .from(instructorStudentCounts)
      .where(eq(instructorStudentCounts.instructorId, instructorId));
    return row?.students ?? 0;
  };

  it('counts each instructor’s distinct students through enrollments, course hand-overs and deletions', async () => {
    const one = await createCourse(handle.db);
    const two = await createCourse(handle.db, { instructorId: one.instructorId });
    const elsewhere = await createCourse(handle.db);
    const [a, b] = await Promise.all([1, 2].map(() => createUser(handle.db)));
    await createEnrollment(handle.db, { userId: a!.id, courseId: one.id });
    await createEnrollment(handle.db, { userId: a!.id, courseId: two.id });
    await createEnrollment(handle.db, { userId: b!.id, courseId: two.id });
    await createEnrollment(handle.db, { userId: b!.id, courseId: elsewhere.id });
    // a in two of the instructor's courses counts once.
    expect(await students(one.instructorId)).toBe(2);
    expect(await students(elsewhere.instructorId)).toBe(1);

    await handle.db
      .delete(enrollments)
      .where(and(eq(enrollments.userId, a!.id), eq(enrollments.courseId, one.id)));
    expect(await students(one.instructorId)).toBe(2);
    // Handing course two over moves its students (a and b) to the other instructor.
    await handle.db
      .update(courses)
      .set({ instructorId: elsewhere.instructorId })
      .where(eq(courses.id, two.id));
    expect(await students(one.instructorId)).toBe(0);
    expect(await students(elsewhere.instructorId)).toBe(2);
    // Deleting a course and a student.
    await handle.db.delete(courses).where(eq(courses.id, two.id));
    expect(await students(elsewhere.instructorId)).toBe(1);
    await handle.db.delete(users).where(eq(users.id, b!.id));
    expect(await students(elsewhere.instructorId)).toBe(0);
  });
});

describe('daily_category_views and daily_session_stats', () => {
  it('count course views per UTC day and category', async () => {
    await handle.db.insert(activityEvents).values([
      { type: 'course_view', category: 'Design', createdAt: at('2026-03-01T23:59:59.999Z') },
      { type: 'course_view', category: 'Design', createdAt: at('2026-03-02T00:00:00Z') },
      { type: 'course_view', category: 'DevOps', createdAt: at('2026-03-02T12:00:00Z') },
      { type: 'course_view', category: null, createdAt: at('2026-03-02T12:00:00Z') },
      { type: 'request', category: 'Design', createdAt: at('2026-03-02T12:00:00Z') },
    ]);
    const views = async () =>
      (
        await handle.db
          .select()
          .from(dailyCategoryViews)
          .orderBy(dailyCategoryViews.day, dailyCategoryViews.category)
      ).filter((row) => row.views !== 0);
    expect(await views()).toEqual([
      { day: '2026-03-01', category: 'Design', views: 1 },
      { day: '2026-03-02', category: 'Design', views: 1 },
      { day: '2026-03-02', category: 'DevOps', views: 1 },
    ]);
    await handle.db.delete(activityEvents).where(eq(activityEvents.category, 'DevOps'));
    expect(await views()).toEqual([
      { day: '2026-03-01', category: 'Design', views: 1 },
      { day: '2026-03-02', category: 'Design', views: 1 },
    ]);
  });

  it("keep each user's latest request in user_presence, only ever moving forward", async () => {
    const [a, b] = await Promise.all([createUser(handle.db), createUser(handle.db)]);
    const presence = async () =>
      Object.fromEntries(
        (await handle.db.select().from(userPresence)).map((row) => [
          row.userId,
          row.lastRequestAt.toISOString(),
        ]),
      );
    await handle.db.insert(activityEvents).values([
      { type: 'request', userId: a.id, createdAt: at('2026-03-10T11:58:00Z') },
      { type: 'request', userId: a.id, createdAt: at('2026-03-10T11:59:00Z') },
      { type: 'request', userId: b.id, createdAt: at('2026-03-10T11:50:00Z') },
      { type: 'course_view', userId: b.id, category: 'Design', createdAt: at('2026-03-10T11:59:30Z') },
    ]);
    expect(await presence()).toEqual({
      [a.id]: '2026-03-10T11:59:00.000Z',
      [b.id]: '2026-03-10T11:50:00.000Z',
    });
    await handle.db.insert(activityEvents).values([
      { type: 'request', userId: a.id, createdAt: at('2026-03-10T11:00:00Z') }, // older: ignored
      { type: 'request', userId: b.id, createdAt: at('2026-03-10T11:59:59Z') },
    ]);
    expect(await presence()).toEqual({
      [a.id]: '2026-03-10T11:59:00.000Z',
      [b.id]: '2026-03-10T11:59:59.000Z',
    });
    await handle.db.delete(activityEvents).where(eq(activityEvents.userId, b.id));
    expect((await presence())[b.id]).toBe('2026-03-10T11:59:59.000Z');
  });

  it('sum session lengths per UTC day of sign-in as last activity moves on', async () => {
    const user = await createUser(handle.db);
    const session = (createdAt: string, lastSeenAt: string) => ({
      userId: user.id,
      refreshTokenHash: `hash-${createdAt}`,
      createdAt: at(createdAt),
      lastSeenAt: at(lastSeenAt),
      expiresAt: at('2027-01-01T00:00:00Z'),
    });
    const [s1] = await handle.db
      .insert(authSessions)
      .values([
        session('2026-03-01T10:00:00Z', '2026-03-01T10:10:00Z'),
        session('2026-03-01T23:00:00Z', '2026-03-02T00:30:00Z'),
        session('2026-03-02T08:00:00Z', '2026-03-02T08:00:00.250Z'),
      ])
      .returning();
    const stats = async () =>
      (await handle.db.select().from(dailySessionStats).orderBy(dailySessionStats.day)).filter(
        (row) => row.sessions !== 0,
      );
    // 10 min = 600,000 ms; 90 min = 5,400,000 ms (counted on the day it started); 250 ms.
    expect(await stats()).toEqual([
      { day: '2026-03-01', sessions: 2, totalSessionMs: 6_000_000 },
      { day: '2026-03-02', sessions: 1, totalSessionMs: 250 },
    ]);
    await handle.db
      .update(authSessions)
      .set({ lastSeenAt: at('2026-03-01T10:20:00Z') })
      .where(eq(authSessions.id, s1!.id));
    expect(await stats()).toEqual([
      { day: '2026-03-01', sessions: 2, totalSessionMs: 6_600_000 },
      { day: '2026-03-02', sessions: 1, totalSessionMs: 250 },
    ]);
    // Revoking doesn't change a length; deleting the user removes their sessions.
    await handle.db.update(authSessions).set({ revokedAt: at('2026-03-03T00:00:00Z') });
    expect((await stats())[0]).toEqual({ day: '2026-03-01', sessions: 2, totalSessionMs: 6_600_000 });
    await handle.db.delete(users).where(eq(users.id, user.id));
    expect(await stats()).toEqual([]);
  });
});

describe('the demo seed', () => {
  it('writes through factories and direct inserts; the rollups follow (checked after the test)', async () => {
    const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'lectio-rollup-media-'));
    try {
      expect(await seedDemo(handle.db, { mediaDir })).toEqual({ seeded: true });
      const [row] = await queryRows<{ courses: number; revenue: number }>(
        handle.db,
        sql`select (select value from platform_counts where metric = 'courses')::int as courses,
                   (select sum(amount_minor) from daily_revenue)::int as revenue`,
      );
      expect(row?.courses).toBe(await handle.db.$count(courses));
      expect(row?.revenue).toBeGreaterThan(0);
    } finally {
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});

describe('TRUNCATE', () => {
  it('clears what the truncated tables contributed', async () => {
    const student = await createUser(handle.db);
    const course = await createCourse(handle.db);
    await createLecture(handle.db, { courseId: course.id });
    await createEnrollment(handle.db, { userId: student.id, courseId: course.id });
    await createPayment(handle.db, { userId: student.id, courseId: course.id, amountMinor: 500 });
    await handle.db.insert(activityEvents).values({ type: 'course_view', category: 'Design' });
    // The marketplace's tables reference payments, so they go with it (they are empty here).
    await handle.db.execute(
      sql`truncate payments, enrollments, lecture_progress, activity_events, ledger_entries, refunds, coupon_redemptions, ended_enrollments`,
    );
    const [row] = await queryRows<{ revenue: number; views: number; enrollments: number }>(
      handle.db,
      sql`select (select count(*) from daily_revenue)::int as revenue,
                 (select count(*) from daily_category_views)::int as views,
                 (select enrollments from course_stats where course_id = ${course.id}) as enrollments`,
    );
    expect(row).toEqual({ revenue: 0, views: 0, enrollments: 0 });
  });
});
