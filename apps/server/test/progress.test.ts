/**
 * Watch progress through HTTP (REST and tRPC): who may record it, the clamping and "completed stays
 * completed" rules, and the course completion percentage the player and the course cards show.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { LECTURE_MESSAGES, PROGRESS_MESSAGES } from '@lectio/contracts/messages';
import { lectureProgress } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clampWatched } from '../src/services/progress/lecture-progress';
import { api, type SignedInUser, signIn, trpcData, trpcMutation, trpcQuery } from './helpers/catalogue';
import { arrangeWatched } from './helpers/progress';
import { createTestApp, type TestApp } from './helpers/test-app';

type CourseProgressBody = inferRouterOutputs<AppRouter>['progress']['course'];

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let buyer: SignedInUser;
let stranger: SignedInUser;
let course: { id: string };
let first: { id: string };
let second: { id: string };
let preview: { id: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  buyer = await signIn(t, 'student');
  stranger = await signIn(t, 'student');
  course = await createCourse(t.db, { instructorId: owner.user.id, isPublished: true, status: 'published' });
  preview = await createLecture(t.db, { courseId: course.id, isPreview: true, durationSeconds: 60 });
  first = await createLecture(t.db, { courseId: course.id, durationSeconds: 120 });
  second = await createLecture(t.db, { courseId: course.id, durationSeconds: 90 });
  await createEnrollment(t.db, { userId: buyer.user.id, courseId: course.id });
});
afterAll(async () => {
  await t.close();
});

async function storedRow(userId: string, lectureId: string) {
  const [row] = await t.db
    .select()
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.lectureId, lectureId)));
  return row;
}

describe('clampWatched', () => {
  it('keeps whole seconds within [0, duration]', () => {
    expect(clampWatched(-5, 100)).toBe(0);
    expect(clampWatched(Number.NaN, 100)).toBe(0);
    expect(clampWatched(42.6, 100)).toBe(43);
    expect(clampWatched(250, 100)).toBe(100);
  });
  it('only caps at a lecture maximum when the duration is unknown', () => {
    expect(clampWatched(5000, 0)).toBe(5000);
    expect(clampWatched(10 ** 9, 0)).toBe(24 * 60 * 60);
  });
});

describe('POST /api/v1/progress/{videoId}', () => {
  it('records a buyer’s position, clamped to the lecture’s duration', async () => {
    const response = await api.post(
      t,
      `/progress/${first.id}`,
      { watchedDuration: 500, completed: false },
      buyer,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      progress: { lectureId: first.id, watchedDuration: 120, completed: false },
      certificateId: null,
    });
    expect(await storedRow(buyer.user.id, first.id)).toMatchObject({
      watchedSeconds: 120,
      completed: false,
      completedAt: null,
      courseId: course.id,
    });
  });

  it('keeps completed once set, and its completion time, while the position moves on', async () => {
    await arrangeWatched(t, buyer.user.id, first.id);
    const done = await api.post(t, `/progress/${first.id}`, { watchedDuration: 120, completed: true }, buyer);
    expect(done.json()).toMatchObject({ progress: { completed: true, watchedDuration: 120 } });
    const completedAt = (await storedRow(buyer.user.id, first.id))?.completedAt;
    expect(completedAt).toBeInstanceOf(Date);

    const rewatch = await api.post(
      t,
      `/progress/${first.id}`,
      { watchedDuration: 10, completed: false },
      buyer,
    );
    expect(rewatch.json()).toEqual({
      progress: { lectureId: first.id, watchedDuration: 10, completed: true },
      certificateId: null,
    });
    expect(await storedRow(buyer.user.id, first.id)).toMatchObject({
      watchedSeconds: 10,
      completed: true,
      completedAt,
    });
  });

  it('rejects a negative or missing position with 400 and changes nothing', async () => {
    const before = await storedRow(buyer.user.id, first.id);
    for (const payload of [
      { watchedDuration: -1, completed: false },
      { completed: true },
      { watchedDuration: 5 },
    ]) {
      const response = await api.post(t, `/progress/${first.id}`, payload, buyer);
      expect(response.statusCode).toBe(400);
    }
    expect(await storedRow(buyer.user.id, first.id)).toEqual(before);
  });

  it('refuses a student who has not bought the course (403), except on a free preview lecture', async () => {
    const locked = await api.post(
      t,
      `/progress/${second.id}`,
      { watchedDuration: 5, completed: false },
      stranger,
    );
    expect(locked.statusCode).toBe(403);
    expect(locked.json()).toMatchObject({ message: PROGRESS_MESSAGES.noAccess });
    expect(await storedRow(stranger.user.id, second.id)).toBeUndefined();

    const free = await api.post(
      t,
      `/progress/${preview.id}`,
      { watchedDuration: 30, completed: false },
      stranger,
    );
    expect(free.statusCode).toBe(200);
    expect(await storedRow(stranger.user.id, preview.id)).toMatchObject({ watchedSeconds: 30 });
  });

  it('answers 404 for an unknown lecture and for a lecture of a draft course the student cannot see', async () => {
    const unknown = await api.post(
      t,
      '/progress/00000000-0000-4000-8000-000000000000',
      { watchedDuration: 1, completed: false },
      buyer,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: LECTURE_MESSAGES.lectureNotFound });
    const notUuid = await api.post(t, '/progress/not-an-id', { watchedDuration: 1, completed: false }, buyer);
    expect(notUuid.statusCode).toBe(404);

    const draft = await createCourse(t.db, {
      instructorId: owner.user.id,
      isPublished: false,
      status: 'draft',
    });
    const hidden = await createLecture(t.db, { courseId: draft.id, isPreview: true });
    const response = await api.post(
      t,
      `/progress/${hidden.id}`,
      { watchedDuration: 1, completed: false },
      stranger,
    );
    expect(response.statusCode).toBe(404);
  });

  it('lets an admin record progress on any course (admins hold every permission)', async () => {
    const response = await api.post(
      t,
      `/progress/${second.id}`,
      { watchedDuration: 20, completed: false },
      admin,
    );
    expect(response.statusCode).toBe(200);
  });
});

describe('GET /api/v1/progress/course/{courseId}', () => {
  it('gives completed lectures / lectures x 100 and the per-lecture positions in course order', async () => {
    const response = await api.get(t, `/progress/course/${course.id}`, buyer);
    expect(response.statusCode).toBe(200);
    const body = response.json() as CourseProgressBody;
    // One of three lectures completed.
    expect(body.progress).toEqual({
      courseId: course.id,
      completionPercentage: 33,
      lectures: [{ lectureId: first.id, watchedDuration: 10, completed: true }],
    });

    for (const lecture of [preview, second]) await arrangeWatched(t, buyer.user.id, lecture.id);
    await api.post(t, `/progress/${preview.id}`, { watchedDuration: 60, completed: true }, buyer);
    await api.post(t, `/progress/${second.id}`, { watchedDuration: 90, completed: true }, buyer);
    const full = (await api.get(t, `/progress/course/${course.id}`, buyer)).json() as CourseProgressBody;
    expect(full.progress.completionPercentage).toBe(100);
    expect(full.progress.lectures.map((l) => l.lectureId)).toEqual([preview.id, first.id, second.id]);
  });

  it('is the percentage the course detail shows to the buyer', async () => {
    const detail = await api.get(t, `/courses/${course.id}`, buyer);
    expect(detail.json()).toMatchObject({ data: { progress: 100 } });
  });

  it('is 0 for a course without lectures and for a viewer with no progress', async () => {
    const empty = await createCourse(t.db, {
      instructorId: owner.user.id,
      isPublished: true,
      status: 'published',
    });
    await createEnrollment(t.db, { userId: buyer.user.id, courseId: empty.id });
    const none = (await api.get(t, `/progress/course/${empty.id}`, buyer)).json() as CourseProgressBody;
    expect(none.progress).toEqual({ courseId: empty.id, completionPercentage: 0, lectures: [] });

    const fresh = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: fresh.user.id, courseId: course.id });
    const zero = (await api.get(t, `/progress/course/${course.id}`, fresh)).json() as CourseProgressBody;
    expect(zero.progress).toMatchObject({ completionPercentage: 0, lectures: [] });
  });

  it('answers 404 for a course the viewer may not see', async () => {
    const draft = await createCourse(t.db, {
      instructorId: owner.user.id,
      isPublished: false,
      status: 'draft',
    });
    expect((await api.get(t, `/progress/course/${draft.id}`, buyer)).statusCode).toBe(404);
  });
});

describe('tRPC progress.*', () => {
  it('records and reads through the same rules', async () => {
    const student = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: student.user.id, courseId: course.id });
    await arrangeWatched(t, student.user.id, second.id);
    const recorded = trpcData(
      await trpcMutation(
        t,
        'progress.record',
        { videoId: second.id, watchedDuration: 1e6, completed: true },
        student,
      ),
    );
    expect(recorded).toEqual({
      progress: { lectureId: second.id, watchedDuration: 90, completed: true },
      certificateId: null,
    });
    const read = trpcData<CourseProgressBody>(
      await trpcQuery(t, 'progress.course', { courseId: course.id }, student),
    );
    expect(read.progress).toMatchObject({ completionPercentage: 33 });

    const refused = await trpcMutation(
      t,
      'progress.record',
      { videoId: first.id, watchedDuration: 1, completed: false },
      stranger,
    );
    expect(refused.statusCode).toBe(403);
  });
});

describe('server-verified completion (issue 23, item 2; decision 0045)', () => {
  let v: TestApp;
  let student: SignedInUser;
  let lectureId: string;
  let courseId: string;

  beforeAll(async () => {
    v = await createTestApp({}, undefined, { clock: new Date('2030-01-01T09:00:00Z') });
    const teacher = await signIn(v, 'instructor');
    student = await signIn(v, 'student');
    const one = await createCourse(v.db, { instructorId: teacher.user.id });
    courseId = one.id;
    lectureId = (await createLecture(v.db, { courseId, durationSeconds: 100 })).id;
    await createEnrollment(v.db, { userId: student.user.id, courseId });
  });
  afterAll(async () => {
    await v.close();
  });

  const report = (watchedDuration: number, completed: boolean) =>
    api.post(v, `/progress/${lectureId}`, { watchedDuration, completed }, student);

  async function row() {
    const [found] = await v.db
      .select()
      .from(lectureProgress)
      .where(and(eq(lectureProgress.userId, student.user.id), eq(lectureProgress.lectureId, lectureId)));
    return found;
  }

  it('refuses completed: true with no watch time (400, the message, nothing written, no certificate)', async () => {
    for (const payload of [
      { watchedDuration: 0, completed: true },
      { watchedDuration: 100, completed: true },
    ]) {
      const refused = await api.post(v, `/progress/${lectureId}`, payload, student);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(PROGRESS_MESSAGES.notWatchedEnough(90));
    }
    const viaTrpc = await trpcMutation(
      v,
      'progress.record',
      { videoId: lectureId, watchedDuration: 100, completed: true },
      student,
    );
    expect(viaTrpc.statusCode).toBe(400);
    expect(await row()).toBeUndefined();
    const certificates = await api.get(v, '/certificates/mine', student);
    expect(certificates.json().certificates).toEqual([]);
  });

  it('credits no more than twice the wall-clock time between reports: a jump to the end is not watching', async () => {
    expect((await report(0, false)).statusCode).toBe(200);
    v.advanceClock(10_000);
    expect((await report(100, false)).statusCode).toBe(200);
    // 10 s of clock at up to 2x, plus a second for whole-second positions.
    expect(await row()).toMatchObject({ watchedSeconds: 100, creditedSeconds: 21 });
    expect((await report(100, true)).statusCode).toBe(400);
    // Back to where they were, and a long pause: a new sitting credits nothing for the gap.
    await report(20, false);
    v.advanceClock(10 * 60_000);
    await report(80, false);
    expect(await row()).toMatchObject({ watchedSeconds: 80, creditedSeconds: 21, completed: false });
  });

  it('completes once the reports of real playback cover 90% of the lecture, and issues the certificate', async () => {
    let position = 0;
    await report(position, false);
    while (position < 90) {
      v.advanceClock(15_000);
      position += 15;
      const sent = await report(position, false);
      expect(sent.statusCode).toBe(200);
    }
    // 21 s from before, and 90 s watched now (reports 15 s apart, at 1x).
    expect(await row()).toMatchObject({ creditedSeconds: 100 });
    v.advanceClock(10_000);
    const done = await report(100, true);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({
      progress: { completed: true },
      certificateId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('a lecture watched at 2x counts; one seeked through in a few reports does not', async () => {
    const fast = (await createLecture(v.db, { courseId, durationSeconds: 60 })).id;
    const at = (watchedDuration: number, completed = false) =>
      api.post(v, `/progress/${fast}`, { watchedDuration, completed }, student);
    await at(0);
    for (let position = 10; position <= 60; position += 10) {
      v.advanceClock(5_000);
      await at(position);
    }
    v.advanceClock(1_000);
    expect((await at(60, true)).statusCode).toBe(200);

    const seeked = (await createLecture(v.db, { courseId, durationSeconds: 60 })).id;
    const seek = (watchedDuration: number, completed = false) =>
      api.post(v, `/progress/${seeked}`, { watchedDuration, completed }, student);
    await seek(0);
    for (let position = 20; position <= 60; position += 20) {
      v.advanceClock(2_000);
      await seek(position);
    }
    expect((await seek(60, true)).statusCode).toBe(400);
  });
});
