/**
 * GET /admin/overview and GET /admin/users/overview (REST and tRPC) against fixtures at fixed dates.
 * The app's clock is pinned to 2026-03-10T12:00:00Z, so:
 *   - revenue months are 2025-10 .. 2026-03 (UTC), the current month included;
 *   - sign-up days are 2026-03-04 .. 2026-03-10 (UTC), today included.
 * Every expected value below is worked out by hand from the fixtures.
 */
import { ADMIN_MESSAGES } from '@lectio/contracts/messages';
import type { Role } from '@lectio/contracts/permissions';
import { courses } from '@lectio/db';
import {
  type CreatedUser,
  createCourse,
  createEnrollment,
  createPayment,
  createUser,
} from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

let t: TestApp;
let admin: CreatedUser;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: NOW });
  admin = await createUser(t.db, {
    role: 'admin',
    name: 'Ada Admin',
    email: 'ada@example.com',
    createdAt: at('2025-01-01T00:00:00Z'),
  });
  adminToken = (await login(t.app, admin.email, admin.password)).accessToken;
});
afterAll(async () => {
  await t.close();
});

async function restGet(path: string) {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1${path}`, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function trpcGet(path: string) {
  const response = await t.app.inject({ method: 'GET', url: `/trpc/${path}`, headers: bearer(adminToken) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.data;
}

const REVENUE_MONTHS = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'];
const SIGNUP_DAYS = [
  '2026-03-04',
  '2026-03-05',
  '2026-03-06',
  '2026-03-07',
  '2026-03-08',
  '2026-03-09',
  '2026-03-10',
];

describe('an empty platform', () => {
  it('has zero totals, every month and day present with 0, and empty lists', async () => {
    const overview = await restGet('/admin/overview');
    expect(overview).toEqual({
      totalCourses: 0,
      totalStudents: 0,
      totalInstructors: 0,
      monthlyRevenue: REVENUE_MONTHS.map((_id) => ({ _id, revenue: 0 })),
      newUsers: SIGNUP_DAYS.map((_id) => ({ _id, count: 0 })),
      topCourses: [],
      recentTransactions: [],
    });
    const users = await restGet('/admin/users/overview');
    expect(users).toEqual({
      totalStudents: 0,
      totalInstructors: 0,
      newSignups: SIGNUP_DAYS.map((_id) => ({ _id, count: 0 })),
      recentUsers: [
        {
          _id: admin.id,
          name: 'Ada Admin',
          email: 'ada@example.com',
          avatar: null,
          role: 'admin',
          isActive: true,
        },
      ],
    });
  });
});

describe('with fixtures', () => {
  const people: Record<string, CreatedUser> = {};
  const course: Record<string, { id: string; title: string }> = {};
  /** Payments whose order the test needs, by label. */
  const payment: Record<string, string> = {};

  async function person(key: string, role: Role, createdAt: string, extra: { isActive?: boolean } = {}) {
    people[key] = await createUser(t.db, {
      role,
      name: `Person ${key}`,
      email: `${key}@example.com`,
      createdAt: at(createdAt),
      ...extra,
    });
    return people[key]!;
  }

  beforeAll(async () => {
    // Instructors and older students (outside the sign-up window).
    await person('instructor1', 'instructor', '2025-01-02T00:00:00Z');
    await person('instructor2', 'instructor', '2025-01-03T00:00:00Z');
    for (let i = 1; i <= 4; i++) await person(`s${i}`, 'student', `2025-01-1${i}T00:00:00Z`);
    // s5 and m1 share a sign-up instant: recent users order them by id, descending.
    await person('s5', 'student', '2025-02-01T00:00:00Z');
    await person('m1', 'moderator', '2025-02-01T00:00:00Z');
    for (let i = 1; i <= 5; i++) await person(`o${i}`, 'student', `2024-06-0${i}T00:00:00Z`);
    // Sign-ups around the 7-day window (2026-03-04 .. 2026-03-10 UTC).
    await person('n1', 'student', '2026-03-10T00:00:00.000Z');
    await person('n2', 'student', '2026-03-10T11:59:59.000Z');
    await person('n3', 'student', '2026-03-09T23:59:59.999Z');
    await person('n4', 'student', '2026-03-07T08:00:00.000Z');
    await person('n5', 'instructor', '2026-03-07T09:00:00.000Z');
    await person('n6', 'student', '2026-03-04T00:00:00.000Z');
    await person('n7', 'student', '2026-03-03T23:59:59.999Z'); // the day before the window
    await person('n8', 'student', '2026-03-05T10:00:00.000Z', { isActive: false }); // suspended

    // Courses: enrollments A 5, B 3, C 3 (C older than B), D 2, E 2 (D older), F 1, G 0.
    const courseSpecs = [
      ['A', 'instructor1', '2025-03-01T00:00:00Z'],
      ['B', 'instructor1', '2025-02-01T00:00:00Z'],
      ['C', 'instructor1', '2025-01-15T00:00:00Z'],
      ['D', 'instructor2', '2025-03-01T00:00:00Z'],
      ['E', 'instructor2', '2025-04-01T00:00:00Z'],
      ['F', 'instructor2', '2025-05-01T00:00:00Z'],
      ['G', 'instructor2', '2025-06-01T00:00:00Z'],
      ['H', 'instructor2', '2025-07-01T00:00:00Z'],
    ] as const;
    for (const [key, owner, createdAt] of courseSpecs) {
      const row = await createCourse(t.db, {
        title: `Course ${key}`,
        instructorId: people[owner]!.id,
        createdAt: at(createdAt),
      });
      course[key] = { id: row.id, title: row.title };
    }
    const enrol = async (key: string, students: string[]) => {
      for (const student of students)
        await createEnrollment(t.db, { userId: people[student]!.id, courseId: course[key]!.id });
    };
    await enrol('A', ['s1', 's2', 's3', 's4', 's5']);
    await enrol('B', ['s1', 's2', 's3']);
    await enrol('C', ['s1', 's2', 's3']);
    await enrol('D', ['s1', 's2']);
    await enrol('E', ['s1', 's2']);
    await enrol('F', ['s1']);
    await enrol('H', ['s1', 's2', 's3', 's4', 's5']); // deleted below: its enrollments go with it

    const pay = async (
      label: string,
      key: string,
      createdAt: string,
      amountMinor: number,
      status: 'succeeded' | 'failed' | 'pending' | 'refunded' = 'succeeded',
    ) => {
      const row = await createPayment(t.db, {
        userId: people.s1!.id,
        courseId: course[key]!.id,
        amountMinor,
        status,
        createdAt: at(createdAt),
      });
      payment[label] = row.id;
    };
    await pay('too-old', 'B', '2025-09-30T23:59:59.999Z', 100_000); // 1000.00, before the 6 months
    await pay('october', 'A', '2025-10-01T00:00:00.000Z', 25_000); // 250.00
    await pay('december', 'D', '2025-12-15T09:00:00.000Z', 49_900); // 499.00
    await pay('december-refunded', 'D', '2025-12-20T09:00:00.000Z', 99_900, 'refunded');
    await pay('january-last-ms', 'C', '2026-01-31T23:59:59.999Z', 10_050); // 100.50
    await pay('february-first-ms', 'B', '2026-02-01T00:00:00.000Z', 20_025); // 200.25
    await pay('february-failed', 'B', '2026-02-10T00:00:00.000Z', 30_000, 'failed');
    await pay('february-pending', 'B', '2026-02-11T00:00:00.000Z', 30_000, 'pending');
    await pay('march-deleted-course', 'H', '2026-03-01T00:00:00.000Z', 1_001); // 10.01
    await pay('march', 'A', '2026-03-10T11:00:00.000Z', 4_999); // 49.99
    await pay('june-1', 'E', '2025-06-01T00:00:00.000Z', 1_000); // same instant as june-2
    await pay('june-2', 'F', '2025-06-01T00:00:00.000Z', 1_000);
    await pay('may', 'A', '2025-05-01T00:00:00.000Z', 1_000);
    await pay('april', 'A', '2025-04-01T00:00:00.000Z', 1_000); // 12th succeeded: not in the latest 10
    await pay('march-2025', 'A', '2025-03-01T00:00:00.000Z', 1_000);

    // A deleted course keeps its payments (course_id becomes null) and leaves the top courses.
    await t.db.delete(courses).where(eq(courses.id, course.H!.id));
  });

  it('totals: courses, students (suspended included) and instructors', async () => {
    const overview = await restGet('/admin/overview');
    // Courses A-G (H deleted). Students s1-s5, o1-o5, n1-n4, n6-n8 = 17. Instructors 1, 2 and n5 = 3.
    expect(overview).toMatchObject({ totalCourses: 7, totalStudents: 17, totalInstructors: 3 });
    const users = await restGet('/admin/users/overview');
    expect(users).toMatchObject({ totalStudents: 17, totalInstructors: 3 });
  });

  it('monthly revenue: six UTC months, succeeded payments only, boundaries in the right month', async () => {
    const { monthlyRevenue } = await restGet('/admin/overview');
    expect(monthlyRevenue).toEqual([
      { _id: '2025-10', revenue: 250 }, // 2025-10-01T00:00:00.000Z; 2025-09-30T23:59:59.999Z is excluded
      { _id: '2025-11', revenue: 0 }, // no sales
      { _id: '2025-12', revenue: 499 }, // the refunded 999.00 is not revenue
      { _id: '2026-01', revenue: 100.5 }, // 23:59:59.999 on 31 January
      { _id: '2026-02', revenue: 200.25 }, // 00:00 on 1 February; failed and pending excluded
      { _id: '2026-03', revenue: 60 }, // 10.01 (course since deleted) + 49.99
    ]);
  });

  it('new users and new sign-ups: seven UTC days, empty days present with 0', async () => {
    const expected = [
      { _id: '2026-03-04', count: 1 }, // n6 at 00:00 (n7 at 23:59:59.999 the day before is out)
      { _id: '2026-03-05', count: 1 }, // n8, suspended, still a sign-up
      { _id: '2026-03-06', count: 0 },
      { _id: '2026-03-07', count: 2 }, // n4 (student) and n5 (instructor)
      { _id: '2026-03-08', count: 0 },
      { _id: '2026-03-09', count: 1 }, // n3 at 23:59:59.999
      { _id: '2026-03-10', count: 2 }, // n1 at 00:00 and n2
    ];
    expect((await restGet('/admin/overview')).newUsers).toEqual(expected);
    expect((await restGet('/admin/users/overview')).newSignups).toEqual(expected);
  });

  it('top courses: five by enrollments; ties go to the older course', async () => {
    const { topCourses } = await restGet('/admin/overview');
    const entry = (key: string, instructor: string, enrollments: number) => ({
      courseId: course[key]!.id,
      title: `Course ${key}`,
      instructor: `Person ${instructor}`,
      enrollments,
    });
    expect(topCourses).toEqual([
      entry('A', 'instructor1', 5),
      entry('C', 'instructor1', 3), // created 2025-01-15, before B
      entry('B', 'instructor1', 3),
      entry('D', 'instructor2', 2), // created 2025-03-01, before E
      entry('E', 'instructor2', 2),
    ]);
  });

  it('recent transactions: the latest ten succeeded payments, newest first', async () => {
    const { recentTransactions } = await restGet('/admin/overview');
    const [juneFirst, juneSecond] = [payment['june-1']!, payment['june-2']!].sort().reverse();
    const titleOf = (id: string) => (id === payment['june-1'] ? 'Course E' : 'Course F');
    expect(recentTransactions).toEqual([
      {
        _id: payment.march,
        course: { title: 'Course A' },
        createdAt: '2026-03-10T11:00:00.000Z',
        amount: 49.99,
      },
      {
        _id: payment['march-deleted-course'],
        course: { title: ADMIN_MESSAGES.deletedCourse },
        createdAt: '2026-03-01T00:00:00.000Z',
        amount: 10.01,
      },
      {
        _id: payment['february-first-ms'],
        course: { title: 'Course B' },
        createdAt: '2026-02-01T00:00:00.000Z',
        amount: 200.25,
      },
      {
        _id: payment['january-last-ms'],
        course: { title: 'Course C' },
        createdAt: '2026-01-31T23:59:59.999Z',
        amount: 100.5,
      },
      {
        _id: payment.december,
        course: { title: 'Course D' },
        createdAt: '2025-12-15T09:00:00.000Z',
        amount: 499,
      },
      {
        _id: payment.october,
        course: { title: 'Course A' },
        createdAt: '2025-10-01T00:00:00.000Z',
        amount: 250,
      },
      {
        _id: payment['too-old'],
        course: { title: 'Course B' },
        createdAt: '2025-09-30T23:59:59.999Z',
        amount: 1000,
      },
      // Same instant: the higher id first.
      {
        _id: juneFirst,
        course: { title: titleOf(juneFirst!) },
        createdAt: '2025-06-01T00:00:00.000Z',
        amount: 10,
      },
      {
        _id: juneSecond,
        course: { title: titleOf(juneSecond!) },
        createdAt: '2025-06-01T00:00:00.000Z',
        amount: 10,
      },
      { _id: payment.may, course: { title: 'Course A' }, createdAt: '2025-05-01T00:00:00.000Z', amount: 10 },
    ]);
  });

  it('recent users: the latest twenty registrations, newest first, suspended ones with their status', async () => {
    const { recentUsers } = await restGet('/admin/users/overview');
    const [tiedFirst, tiedSecond] = [people.s5!, people.m1!].sort((a, b) => (a.id < b.id ? 1 : -1));
    const order = [
      people.n2,
      people.n1,
      people.n3,
      people.n5,
      people.n4,
      people.n8,
      people.n6,
      people.n7,
      tiedFirst,
      tiedSecond,
      people.s4,
      people.s3,
      people.s2,
      people.s1,
      people.instructor2,
      people.instructor1,
      admin,
      people.o5,
      people.o4,
      people.o3,
      // o2 and o1 are the 21st and 22nd.
    ];
    expect(recentUsers.map((user: { _id: string }) => user._id)).toEqual(order.map((user) => user!.id));
    expect(recentUsers[5]).toEqual({
      _id: people.n8!.id,
      name: 'Person n8',
      email: 'n8@example.com',
      avatar: null,
      role: 'student',
      isActive: false,
    });
  });

  it('tRPC answers the same as REST', async () => {
    expect(await trpcGet('admin.overview')).toEqual(await restGet('/admin/overview'));
    expect(await trpcGet('admin.usersOverview')).toEqual(await restGet('/admin/users/overview'));
  });
});
