/**
 * The landing page's live figures (platform.stats) and social profiles (platform.socialLinks): the
 * figures are the database's counts, kept in memory for PLATFORM_STATS_CACHE_SECONDS and cleared by
 * writes made through the app; the profiles are exactly the configured SOCIAL_*_URL.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { courses, enrollments, lectures } from '@lectio/db';
import { createCourse, createEnrollment, createLecture, createUser } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { and, count, countDistinct, eq, isNotNull, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { api, type SignedInUser, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

type Stats = inferRouterOutputs<AppRouter>['platform']['stats'];

let t: TestApp;
let owner: SignedInUser;

const stats = async (): Promise<Stats> => {
  const response = await api.get(t, '/stats');
  expect(response.statusCode).toBe(200);
  return response.json() as Stats;
};

/** The same figures, counted here with the query builder, independently of the service's SQL. */
async function countedFromTheDatabase() {
  const [published] = await t.db.select({ n: count() }).from(courses).where(eq(courses.isPublished, true));
  const [teaching] = await t.db
    .select({ n: countDistinct(courses.instructorId) })
    .from(courses)
    .where(eq(courses.isPublished, true));
  const [enrolled] = await t.db.select({ n: countDistinct(enrollments.userId) }).from(enrollments);
  const [video] = await t.db
    .select({ seconds: sum(lectures.durationSeconds) })
    .from(lectures)
    .innerJoin(courses, eq(courses.id, lectures.courseId))
    .where(and(eq(courses.isPublished, true), isNotNull(lectures.videoKey)));
  return {
    courses: published?.n ?? 0,
    instructors: teaching?.n ?? 0,
    learners: enrolled?.n ?? 0,
    videoSeconds: Number(video?.seconds ?? 0),
  };
}

beforeAll(async () => {
  // A stopped clock: only advanceClock moves the cache's TTL.
  t = await createTestApp({}, undefined, { clock: new Date('2026-05-04T10:00:00.000Z') });
  owner = await signIn(t, 'instructor', { name: 'Owner' });
});

afterAll(async () => {
  await t?.close();
});

describe('platform.stats', () => {
  let draftWithVideo: string;

  it('is all zero on an empty platform, and anonymous answers are shareable for a minute', async () => {
    const response = await api.get(t, '/stats');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe(
      'public, max-age=0, s-maxage=60, stale-while-revalidate=0',
    );
    expect(response.json()).toEqual({
      courses: 0,
      instructors: 0,
      learners: 0,
      videoSeconds: 0,
      countedAt: '2026-05-04T10:00:00.000Z',
    });
  });

  it('keeps the figures for the TTL when the rows change behind its back, then counts them again', async () => {
    // Written straight to the database: nothing clears the cache, so only the TTL can.
    const second = await createUser(t.db, { role: 'instructor' });
    const admin = await createUser(t.db, { role: 'admin' });
    const draftsOnly = await createUser(t.db, { role: 'instructor' });
    const [student, otherStudent] = [await createUser(t.db), await createUser(t.db)];
    await createUser(t.db); // a student without any enrollment: not a learner

    const a = await createCourse(t.db, { instructorId: owner.user.id });
    const b = await createCourse(t.db, { instructorId: owner.user.id });
    const c = await createCourse(t.db, { instructorId: second.id });
    const adminCourse = await createCourse(t.db, { instructorId: admin.id });
    const draft = await createCourse(t.db, { instructorId: draftsOnly.id, isPublished: false });
    draftWithVideo = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    await createLecture(t.db, { courseId: a.id, durationSeconds: 600, videoKey: 'v/a1.mp4' });
    await createLecture(t.db, { courseId: a.id, durationSeconds: 900, videoKey: 'v/a2.mp4' });
    await createLecture(t.db, { courseId: a.id, durationSeconds: 300, videoKey: null }); // no video yet
    await createLecture(t.db, { courseId: b.id, durationSeconds: 3600, videoKey: 'v/b1.mp4' });
    await createLecture(t.db, { courseId: c.id, durationSeconds: 45, videoKey: 'v/c1.mp4' });
    await createLecture(t.db, { courseId: adminCourse.id, durationSeconds: 1200, videoKey: 'v/d1.mp4' });
    await createLecture(t.db, { courseId: draft.id, durationSeconds: 7000, videoKey: 'v/e1.mp4' });
    await createLecture(t.db, { courseId: draftWithVideo, durationSeconds: 500, videoKey: 'v/f1.mp4' });
    await createEnrollment(t.db, { userId: student.id, courseId: a.id });
    await createEnrollment(t.db, { userId: student.id, courseId: c.id });
    await createEnrollment(t.db, { userId: otherStudent.id, courseId: b.id });
    await createEnrollment(t.db, { userId: second.id, courseId: a.id }); // an instructor learning too

    t.advanceClock(59_000);
    expect(await stats()).toMatchObject({ courses: 0, instructors: 0, learners: 0, videoSeconds: 0 });

    t.advanceClock(1_000);
    const fresh = await stats();
    const expected = { courses: 4, instructors: 3, learners: 3, videoSeconds: 600 + 900 + 3600 + 45 + 1200 };
    expect(fresh).toEqual({ ...expected, countedAt: '2026-05-04T10:01:00.000Z' });
    expect(await countedFromTheDatabase()).toEqual(expected);
  });

  it('counts again at once after a write through the app (publishing a course)', async () => {
    const published = await api.patch(t, `/courses/${draftWithVideo}`, { isPublished: true }, owner);
    expect(published.statusCode, published.body).toBe(200);
    const after = await stats();
    expect(after).toMatchObject({ courses: 5, instructors: 3, learners: 3, videoSeconds: 6345 + 500 });
    expect(await countedFromTheDatabase()).toEqual({
      courses: after.courses,
      instructors: after.instructors,
      learners: after.learners,
      videoSeconds: after.videoSeconds,
    });
  });

  it('answers the same over tRPC, from the same cached count', async () => {
    const rest = await stats();
    const trpc = trpcData<Stats>(await trpcQuery(t, 'platform.stats', undefined));
    expect(trpc).toEqual(rest);
  });

  it('counts every time with PLATFORM_STATS_CACHE_SECONDS=0', async () => {
    const uncached = await createTestApp({ PLATFORM_STATS_CACHE_SECONDS: '0' });
    try {
      const first = (await uncached.app.inject({ method: 'GET', url: '/api/v1/stats' })).json() as Stats;
      expect(first.courses).toBe(0);
      await createCourse(uncached.db);
      const second = (await uncached.app.inject({ method: 'GET', url: '/api/v1/stats' })).json() as Stats;
      expect(second).toMatchObject({ courses: 1, instructors: 1 });
    } finally {
      await uncached.close();
    }
  });
});

describe('platform.socialLinks', () => {
  it('is empty while no profile is configured', async () => {
    const response = await api.get(t, '/social-links');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ links: [] });
  });

  it('lists only the configured profiles, in the footer’s order', async () => {
    const configured = await createTestApp({
      SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@lectio',
      SOCIAL_X_URL: 'https://x.com/lectio',
      SOCIAL_FACEBOOK_URL: '',
    });
    try {
      const response = await configured.app.inject({ method: 'GET', url: '/api/v1/social-links' });
      expect(response.json()).toEqual({
        links: [
          { network: 'x', url: 'https://x.com/lectio' },
          { network: 'youtube', url: 'https://www.youtube.com/@lectio' },
        ],
      });
    } finally {
      await configured.close();
    }
  });

  it.each(['javascript:alert(1)', 'not a url', 'ftp://example.com/lectio'])(
    'refuses %s at start-up',
    (value) => {
      expect(() => loadConfig({ NODE_ENV: 'test', SOCIAL_LINKEDIN_URL: value })).toThrow(
        /SOCIAL_LINKEDIN_URL/,
      );
    },
  );
});
