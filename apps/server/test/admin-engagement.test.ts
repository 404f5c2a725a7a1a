/**
 * GET /admin/engagement (REST and tRPC) against fixtures at fixed times. The clock is pinned to
 * 2026-03-10T12:00:00Z, so the active window starts at 11:55:00.000 and the 30-day window covers the
 * UTC days 2026-02-09 .. 2026-03-10. Expected values are worked out by hand.
 */
import { activityEvents, authSessions, lectureProgress } from '@lectio/db';
import {
  type CreatedUser,
  createCourse,
  createEnrollment,
  createLecture,
  createUser,
} from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, login, type TestApp } from './helpers/test-app';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const at = (iso: string) => new Date(iso);
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const MINUTE = 60_000;

let t: TestApp;
let admin: CreatedUser;
let adminToken: string;
let adminSessionId: string;

beforeAll(async () => {
  // A long interval: this file flushes the activity recorder itself.
  t = await createTestApp({ ACTIVITY_FLUSH_INTERVAL_MS: '60000' }, undefined, { clock: NOW });
  admin = await createUser(t.db, { role: 'admin', createdAt: at('2025-01-01T00:00:00Z') });
  adminToken = (await login(t.app, admin.email, admin.password)).accessToken;
  const [session] = await t.db.select().from(authSessions).where(eq(authSessions.userId, admin.id));
  adminSessionId = session!.id;
});
afterAll(async () => {
  await t.close();
});

async function engagement() {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/v1/admin/engagement',
    headers: bearer(adminToken),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('active users', () => {
  it('counts distinct users with an authenticated request in the last 5 minutes, the caller once recorded', async () => {
    const [u1, u2, u3, u4, u5] = await Promise.all([1, 2, 3, 4, 5].map(() => createUser(t.db)));
    await t.db.insert(activityEvents).values([
      { type: 'request', userId: u1!.id, createdAt: ago(1 * MINUTE) },
      { type: 'request', userId: u1!.id, createdAt: ago(2 * MINUTE) }, // same user: counted once
      { type: 'request', userId: u2!.id, createdAt: ago(5 * MINUTE - 1) },
      { type: 'request', userId: u3!.id, createdAt: ago(5 * MINUTE + 1) }, // 1 ms too old
      { type: 'request', userId: u4!.id, createdAt: ago(5 * MINUTE) }, // exactly on the boundary: in
      { type: 'course_view', userId: u5!.id, courseId: null, category: 'Design', createdAt: ago(MINUTE) },
    ]);
    await t.app.activity.flush();
    // u1, u2, u4. The admin's own requests are buffered, not yet written.
    expect((await engagement()).activeUsers).toBe(3);
    await t.app.activity.flush();
    // The previous call was the admin's authenticated request: now written.
    expect((await engagement()).activeUsers).toBe(4);
  });
});

describe('average session time', () => {
  it('is the mean of (last activity - sign-in) over sessions started in the last 30 UTC days', async () => {
    const user = await createUser(t.db);
    const session = (createdAt: string, seconds: number, revokedAt: Date | null = null) => ({
      userId: user.id,
      refreshTokenHash: `fixture-${createdAt}`,
      createdAt: at(createdAt),
      lastSeenAt: new Date(at(createdAt).getTime() + seconds * 1000),
      expiresAt: at('2026-12-31T00:00:00Z'),
      revokedAt,
    });
    await t.db.insert(authSessions).values([
      session('2026-02-09T00:00:00.000Z', 1800), // first day of the window
      session('2026-02-08T23:59:59.999Z', 99_999), // the day before: out
      session('2026-03-02T10:00:00.000Z', 2400, at('2026-03-02T10:40:00Z')), // revoked, still counted
      session('2026-03-05T08:00:00.000Z', 1200),
      session('2026-03-10T09:00:00.000Z', 600),
    ]);
    await t.app.activity.flush();
    // With the admin's own session (signed in at 12:00:00, last seen 12:00:00, so 0 s):
    // (1800 + 2400 + 1200 + 600 + 0) / 5 = 1200.
    expect((await engagement()).avgSessionTime).toBe(1200);

    // 90 s later the admin makes a request; once flushed, their session is 90 s long:
    // (6000 + 90) / 5 = 1218.
    t.advanceClock(90_000);
    await engagement();
    await t.app.activity.flush();
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.id, adminSessionId));
    expect(row!.lastSeenAt.toISOString()).toBe('2026-03-10T12:01:30.000Z');
    expect((await engagement()).avgSessionTime).toBe(1218);
    t.advanceClock(-90_000);
  });
});

describe('popular categories', () => {
  it('counts course views per category over the last 30 UTC days, most viewed first, ties by name', async () => {
    const view = (category: string, createdAt: Date) => ({ type: 'course_view', category, createdAt });
    await t.db.insert(activityEvents).values([
      view('Design', ago(24 * 60 * MINUTE)),
      view('Design', ago(48 * 60 * MINUTE)),
      view('Design', at('2026-02-09T00:00:00.000Z')),
      view('Marketing', at('2026-03-05T10:00:00Z')),
      view('Marketing', at('2026-03-06T10:00:00Z')),
      view('DevOps', ago(60 * MINUTE)),
      view('DevOps', at('2026-03-01T00:00:00Z')),
      view('Business', at('2026-02-08T23:59:59.999Z')), // the day before the window
    ]);
    // One more Design view (from the active-users fixtures above, 1 minute ago).
    expect((await engagement()).popularCategories).toEqual([
      { category: 'Design', views: 4 },
      { category: 'DevOps', views: 2 },
      { category: 'Marketing', views: 2 },
    ]);
  });
});

describe('course-detail views', () => {
  it('each successful course detail read, over REST or tRPC, is a view of its category', async () => {
    const course = await createCourse(t.db, { category: 'Business', createdAt: at('2025-01-01T00:00:00Z') });
    const rest = await t.app.inject({ method: 'GET', url: `/api/v1/courses/${course.id}` });
    expect(rest.statusCode).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ id: course.id }));
    const trpc = await t.app.inject({
      method: 'GET',
      url: `/trpc/courses.get?input=${input}`,
      headers: bearer(adminToken),
    });
    expect(trpc.statusCode).toBe(200);
    // A course that doesn't exist is not a view.
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/v1/courses/00000000-0000-4000-8000-000000000000',
    });
    expect(missing.statusCode).toBe(404);
    await t.app.activity.flush();
    expect((await engagement()).popularCategories).toEqual([
      { category: 'Design', views: 4 },
      { category: 'Business', views: 2 },
      { category: 'DevOps', views: 2 },
      { category: 'Marketing', views: 2 },
    ]);
    const views = await t.db.select().from(activityEvents).where(eq(activityEvents.courseId, course.id));
    expect(views.map((view) => view.userId).sort()).toEqual([admin.id, null].sort());
  });
});

describe('drop-off points', () => {
  it('lists the ten courses with the lowest completion rate (percent, one decimal)', async () => {
    const instructor = await createUser(t.db, { role: 'instructor' });
    const students = await Promise.all([1, 2, 3].map(() => createUser(t.db)));
    let day = 1;
    /** A course with `lectures` lectures, `enrolled` students of whom `completed` finished every lecture. */
    const course = async (title: string, lectures: number, enrolled: number, completed: number) => {
      const row = await createCourse(t.db, {
        title,
        instructorId: instructor.id,
        createdAt: at(`2025-01-${String(day++).padStart(2, '0')}T00:00:00Z`),
      });
      const rows = [];
      for (let i = 0; i < lectures; i++) rows.push(await createLecture(t.db, { courseId: row.id }));
      for (const [index, student] of students.slice(0, enrolled).entries()) {
        await createEnrollment(t.db, { userId: student.id, courseId: row.id });
        if (index < completed) {
          for (const lecture of rows) {
            await t.db
              .insert(lectureProgress)
              .values({ userId: student.id, lectureId: lecture.id, courseId: row.id, completed: true });
          }
        }
      }
      // A student who completed some lectures but not all has not completed the course.
      if (lectures > 1 && enrolled > completed) {
        await t.db.insert(lectureProgress).values({
          userId: students[completed]!.id,
          lectureId: rows[0]!.id,
          courseId: row.id,
          completed: true,
        });
      }
    };
    await course('Full marks', 2, 2, 2); // 100.0
    await course('One in three', 1, 3, 1); // 33.3
    await course('Two in three', 1, 3, 2); // 66.7
    await course('Nobody', 2, 1, 0); // 0.0, one student
    await course('Nobody either', 1, 2, 0); // 0.0, two students: listed first
    await course('No lectures', 0, 2, 0); // excluded
    await course('No students', 2, 0, 0); // excluded
    for (let i = 1; i <= 7; i++) await course(`Filler ${i}`, 1, 1, 1); // 100.0, one student each

    expect((await engagement()).dropOffPoints).toEqual([
      { title: 'Nobody either', completionRate: 0 },
      { title: 'Nobody', completionRate: 0 },
      { title: 'One in three', completionRate: 33.3 },
      { title: 'Two in three', completionRate: 66.7 },
      { title: 'Full marks', completionRate: 100 }, // two students before the one-student fillers
      { title: 'Filler 1', completionRate: 100 }, // then the older course first
      { title: 'Filler 2', completionRate: 100 },
      { title: 'Filler 3', completionRate: 100 },
      { title: 'Filler 4', completionRate: 100 },
      { title: 'Filler 5', completionRate: 100 },
    ]);
  });
});

describe('tRPC', () => {
  it('admin.engagement answers the same as REST', async () => {
    const rest = await engagement();
    const response = await t.app.inject({
      method: 'GET',
      url: '/trpc/admin.engagement',
      headers: bearer(adminToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result.data).toEqual(rest);
  });
});
