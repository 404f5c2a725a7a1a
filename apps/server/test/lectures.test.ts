/**
 * Lectures through HTTP (REST and tRPC): who sees them, who may play them (a locked lecture carries no
 * URL on any route), and their management by the course's instructor or an admin: create, update
 * (video key, duration clamp, order), reorder and delete with the stored file.
 */
import type { AppRouter } from '@lectio/contracts/api';
import { AUTH_MESSAGES, COURSE_MESSAGES, LECTURE_MESSAGES, VALIDATION } from '@lectio/contracts/messages';
import { lectures } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import type { inferRouterOutputs } from '@trpc/server';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceContext } from '../src/services/context';
import { createLecture as createLectureService } from '../src/services/lectures/create-lecture';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  storeMedia,
  trpcData,
  trpcMutation,
  trpcQuery,
} from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

type LectureBody = inferRouterOutputs<AppRouter>['lectures']['list']['videos'][number];

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let buyer: SignedInUser;
let student: SignedInUser;

/** A published course with a preview lecture (video), a paid lecture (video) and an empty slot. */
let course: { id: string };
let preview: { id: string; key: string };
let paid: { id: string; key: string };
let empty: { id: string };
let draft: { id: string; lectureId: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
  buyer = await signIn(t, 'student');
  student = await signIn(t, 'student');

  course = await createCourse(t.db, { instructorId: owner.user.id });
  const previewKey = await storeMedia(t, course.id, 'lecture');
  const paidKey = await storeMedia(t, course.id, 'lecture');
  preview = {
    id: (
      await createLecture(t.db, {
        courseId: course.id,
        isPreview: true,
        videoKey: previewKey,
        title: 'Intro',
      })
    ).id,
    key: previewKey,
  };
  paid = { id: (await createLecture(t.db, { courseId: course.id, videoKey: paidKey })).id, key: paidKey };
  empty = { id: (await createLecture(t.db, { courseId: course.id, durationSeconds: 0 })).id };
  await createEnrollment(t.db, { userId: buyer.user.id, courseId: course.id });

  const draftCourse = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
  const draftLecture = await createLecture(t.db, { courseId: draftCourse.id, isPreview: true });
  draft = { id: draftCourse.id, lectureId: draftLecture.id };
});
afterAll(async () => {
  await t.close();
});

type Viewer = 'visitor' | 'student' | 'otherInstructor' | 'buyer' | 'owner' | 'admin';
const VIEWERS: Viewer[] = ['visitor', 'student', 'otherInstructor', 'buyer', 'owner', 'admin'];
const actorOf = (viewer: Viewer): SignedInUser | undefined =>
  ({ visitor: undefined, student, otherInstructor, buyer, owner, admin })[viewer];
const mayPlayAll = (viewer: Viewer) => ['buyer', 'owner', 'admin'].includes(viewer);

/** The lecture-visibility rule, checked on one route's view of the three lectures. */
function expectPlayability(viewer: Viewer, videos: LectureBody[], rawBody: string) {
  const byId = new Map(videos.map((video) => [video._id, video]));
  const previewLecture = byId.get(preview.id)!;
  const paidLecture = byId.get(paid.id)!;
  const emptyLecture = byId.get(empty.id)!;
  // The preview plays for everyone.
  expect(previewLecture.isLocked).toBe(false);
  expect(previewLecture.videoUrl).toMatch(/signature=/);
  expect(previewLecture.thumbnail.secure_url).toBe(previewLecture.videoUrl);
  if (mayPlayAll(viewer)) {
    expect(paidLecture.isLocked).toBe(false);
    expect(paidLecture.videoUrl).toMatch(/signature=/);
    expect(paidLecture.thumbnail.secure_url).toBe(paidLecture.videoUrl);
    // No file yet: no URL, but not locked ('not published yet' on the player).
    expect(emptyLecture).toMatchObject({ isLocked: false, videoUrl: null });
  } else {
    expect(paidLecture).toMatchObject({ isLocked: true, videoUrl: null, thumbnail: { secure_url: null } });
    expect(emptyLecture).toMatchObject({ isLocked: true, videoUrl: null });
    // Not even the storage key of a locked video leaves the server.
    expect(rawBody).not.toContain(paid.key);
    expect(rawBody).not.toContain(encodeURIComponent(paid.key));
  }
}

describe('locked lectures carry no URL on any route', () => {
  describe.each(VIEWERS)('as %s', (viewer) => {
    it('GET /videos/{courseId}', async () => {
      const response = await api.get(t, `/videos/${course.id}`, actorOf(viewer));
      expect(response.statusCode).toBe(200);
      const videos = response.json().videos as LectureBody[];
      expect(videos.map((video) => video._id)).toEqual([preview.id, paid.id, empty.id]);
      expectPlayability(viewer, videos, response.body);
    });

    it('GET /courses/{id} (videos)', async () => {
      const response = await api.get(t, `/courses/${course.id}`, actorOf(viewer));
      expect(response.json().data.canAccessAll).toBe(mayPlayAll(viewer));
      expectPlayability(viewer, response.json().data.videos, response.body);
    });

    it('GET /videos/video/{lectureId}', async () => {
      const videos: LectureBody[] = [];
      let raw = '';
      for (const id of [preview.id, paid.id, empty.id]) {
        const response = await api.get(t, `/videos/video/${id}`, actorOf(viewer));
        expect(response.statusCode).toBe(200);
        videos.push(response.json().data.lecture);
        raw += response.body;
      }
      expectPlayability(viewer, videos, raw);
    });

    it('GET /courses and POST /courses/by-ids (videos)', async () => {
      const list = await api.get(t, '/courses?limit=100', actorOf(viewer));
      const listed = list.json().data.courses.find((entry: { _id: string }) => entry._id === course.id);
      expectPlayability(viewer, listed.videos, list.body);
      const byIds = await api.post(t, '/courses/by-ids', { courseIds: [course.id] }, actorOf(viewer));
      expectPlayability(viewer, byIds.json().data.courses[0].videos, byIds.body);
    });

    it('tRPC lectures.list, lectures.get, courses.get and courses.list', async () => {
      const actor = actorOf(viewer);
      const listed = await trpcQuery(t, 'lectures.list', { id: course.id }, actor);
      expectPlayability(viewer, trpcData<{ videos: LectureBody[] }>(listed).videos, listed.body);
      const single: LectureBody[] = [];
      let raw = '';
      for (const id of [preview.id, paid.id, empty.id]) {
        const response = await trpcQuery(t, 'lectures.get', { lectureId: id }, actor);
        single.push(trpcData<{ data: { lecture: LectureBody } }>(response).data.lecture);
        raw += response.body;
      }
      expectPlayability(viewer, single, raw);
      const got = await trpcQuery(t, 'courses.get', { id: course.id }, actor);
      expectPlayability(viewer, trpcData<{ data: { videos: LectureBody[] } }>(got).data.videos, got.body);
      const page = await trpcQuery(t, 'courses.list', { limit: 100 }, actor);
      const entry = trpcData<{ data: { courses: { _id: string; videos: LectureBody[] }[] } }>(
        page,
      ).data.courses.find((candidate) => candidate._id === course.id);
      expectPlayability(viewer, entry!.videos, page.body);
    });
  });

  it('a playable URL really plays: the signed link serves the video', async () => {
    const response = await api.get(t, `/videos/video/${paid.id}`, buyer);
    const url = new URL(response.json().data.lecture.videoUrl);
    const media = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(media.statusCode).toBe(200);
    expect(media.headers['content-type']).toBe('video/mp4');
    // Without the signature the same file is refused.
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(403);
  });
});

describe("a draft course's lectures", () => {
  it.each(['visitor', 'student', 'otherInstructor', 'buyer'] as Viewer[])(
    'are 404 for %s',
    async (viewer) => {
      const list = await api.get(t, `/videos/${draft.id}`, actorOf(viewer));
      expect(list.statusCode).toBe(404);
      expect(list.json().message).toBe(COURSE_MESSAGES.courseNotFound);
      const one = await api.get(t, `/videos/video/${draft.lectureId}`, actorOf(viewer));
      expect(one.statusCode).toBe(404);
      expect(one.json().message).toBe(LECTURE_MESSAGES.lectureNotFound);
      expect((await trpcQuery(t, 'lectures.list', { id: draft.id }, actorOf(viewer))).statusCode).toBe(404);
      expect(
        (await trpcQuery(t, 'lectures.get', { lectureId: draft.lectureId }, actorOf(viewer))).statusCode,
      ).toBe(404);
    },
  );

  it.each(['owner', 'admin'] as Viewer[])('are visible to %s', async (viewer) => {
    expect((await api.get(t, `/videos/${draft.id}`, actorOf(viewer))).statusCode).toBe(200);
    expect((await api.get(t, `/videos/video/${draft.lectureId}`, actorOf(viewer))).statusCode).toBe(200);
  });

  it('unknown and malformed ids are 404', async () => {
    expect((await api.get(t, '/videos/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await api.get(t, '/videos/not-a-uuid')).statusCode).toBe(404);
    expect((await api.get(t, '/videos/video/not-a-uuid')).statusCode).toBe(404);
  });
});

describe('POST /videos/lecture (create)', () => {
  it('appends a lecture for the owner', async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    const first = await api.post(t, '/videos/lecture', { title: '  First  ', courseId: target.id }, owner);
    expect(first.statusCode).toBe(201);
    expect(first.json().message).toBe(LECTURE_MESSAGES.created);
    expect(first.json().data.lecture).toMatchObject({
      title: 'First',
      order: 1,
      isPreview: false,
      videoUrl: null,
      isLocked: false,
      duration: 0,
      formattedDuration: null,
      description: '',
      courseId: target.id,
    });
    const second = await api.post(
      t,
      '/videos/lecture',
      { title: 'Second', courseId: target.id, description: 'More', isPreview: true },
      owner,
    );
    expect(second.json().data.lecture).toMatchObject({ order: 2, isPreview: true, description: 'More' });
    const viaTrpc = await trpcMutation(t, 'lectures.create', { title: 'Third', courseId: target.id }, owner);
    expect(trpcData<{ data: { lecture: LectureBody } }>(viaTrpc).data.lecture.order).toBe(3);
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['blank', '   '],
  ])("refuses a %s title with 'Lecture title must be required!'", async (_label, title) => {
    const response = await api.post(t, '/videos/lecture', { title, courseId: course.id }, owner);
    expect(response.statusCode).toBe(400);
    expect(issueFor(response, 'title')).toBe(VALIDATION.lectureTitleRequired);
    const viaTrpc = await trpcMutation(t, 'lectures.create', { title, courseId: course.id }, owner);
    expect(viaTrpc.statusCode).toBe(400);
    expect(viaTrpc.json().error.data.issues).toContainEqual({
      path: 'title',
      message: VALIDATION.lectureTitleRequired,
    });
  });

  it("refuses another instructor's course with the spec message (404 for a draft)", async () => {
    const refused = await api.post(
      t,
      '/videos/lecture',
      { title: 'x', courseId: course.id },
      otherInstructor,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COURSE_MESSAGES.noLecturePermission);
    const hidden = await api.post(t, '/videos/lecture', { title: 'x', courseId: draft.id }, otherInstructor);
    expect(hidden.statusCode).toBe(404);
    const asStudent = await api.post(t, '/videos/lecture', { title: 'x', courseId: course.id }, buyer);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json().message).toBe(AUTH_MESSAGES.forbidden);
    const unknown = await api.post(
      t,
      '/videos/lecture',
      { title: 'x', courseId: '00000000-0000-4000-8000-000000000000' },
      owner,
    );
    expect(unknown.statusCode).toBe(404);
  });

  it("lets an admin add lectures to anyone's course", async () => {
    const response = await api.post(t, '/videos/lecture', { title: 'By admin', courseId: draft.id }, admin);
    expect(response.statusCode).toBe(201);
  });

  it('takes a stored file and a clamped duration from the upload route (service call)', async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const ctx = { db: t.db, config: t.config, storage: t.storage, now: () => new Date() } as ServiceContext;
    const actor = {
      id: owner.user.id,
      sessionId: 's',
      role: 'instructor',
      name: 'o',
      email: 'o@example.com',
    };
    const key = await storeMedia(t, target.id, 'lecture');
    const lecture = await createLectureService(
      ctx,
      actor,
      { title: 'Uploaded', courseId: target.id },
      {
        videoKey: key,
        durationSeconds: 90.6,
      },
    );
    expect(lecture).toMatchObject({ duration: 91, formattedDuration: '1:31', isLocked: false });
    expect(lecture.videoUrl).toMatch(/signature=/);
    const long = await createLectureService(
      ctx,
      actor,
      { title: 'Long', courseId: target.id },
      {
        videoKey: key,
        durationSeconds: 10 ** 9,
      },
    );
    expect(long).toMatchObject({ duration: 86_400, formattedDuration: '24:00:00' });
    await expect(
      createLectureService(ctx, actor, { title: 'Foreign', courseId: target.id }, { videoKey: paid.key }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('PATCH /videos/{lectureId}/video_thumbnail (update)', () => {
  async function freshLecture(overrides: { isPreview?: boolean } = {}) {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const lecture = await createLecture(t.db, { courseId: target.id, ...overrides });
    return { courseId: target.id, lectureId: lecture.id };
  }
  const patch = (lectureId: string, body: object, actor: SignedInUser | undefined = owner) =>
    api.patch(t, `/videos/${lectureId}/video_thumbnail`, body, actor);

  it('updates title, description and preview flag', async () => {
    const { lectureId } = await freshLecture();
    const response = await patch(lectureId, { title: 'Renamed', description: 'About', isPreview: true });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(LECTURE_MESSAGES.updated);
    expect(response.json().data.lecture).toMatchObject({
      title: 'Renamed',
      description: 'About',
      isPreview: true,
    });
  });

  it.each(['', '   '])("refuses the title %j with 'Lecture title must be required!'", async (title) => {
    const { lectureId } = await freshLecture();
    const response = await patch(lectureId, { title });
    expect(response.statusCode).toBe(400);
    expect(issueFor(response, 'title')).toBe(VALIDATION.lectureTitleRequired);
  });

  it('sets the video from a stored key of the course, ignoring the client URL, and replaces the old file', async () => {
    const { courseId, lectureId } = await freshLecture();
    const first = await storeMedia(t, courseId, 'lecture');
    const response = await patch(lectureId, {
      public_id: first,
      secure_url: 'https://evil.example/video.mp4',
      duration: 125.4,
    });
    expect(response.statusCode).toBe(200);
    const lecture = response.json().data.lecture as LectureBody;
    expect(lecture).toMatchObject({ duration: 125, formattedDuration: '2:05' });
    expect(lecture.videoUrl).toContain(encodeURIComponent(first));
    expect(lecture.videoUrl).not.toContain('evil.example');

    const second = await storeMedia(t, courseId, 'lecture');
    expect((await patch(lectureId, { public_id: second, duration: 3725 })).json().data.lecture).toMatchObject(
      {
        duration: 3725,
        formattedDuration: '1:02:05',
      },
    );
    expect(await t.storage.head(first)).toBeNull();
    expect(await t.storage.head(second)).not.toBeNull();
  });

  it('refuses a key of another course, of the wrong kind, or not in storage', async () => {
    const { courseId, lectureId } = await freshLecture();
    const foreign = await patch(lectureId, { public_id: paid.key });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(COURSE_MESSAGES.mediaKeyNotInCourse);
    const thumbnail = await storeMedia(t, courseId, 'thumbnail');
    expect((await patch(lectureId, { public_id: thumbnail })).statusCode).toBe(400);
    expect(
      (await patch(lectureId, { public_id: `courses/${courseId}/lecture/../../x.mp4` })).statusCode,
    ).toBe(400);
    const missing = await patch(lectureId, { public_id: `courses/${courseId}/lecture/u1-missing.mp4` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(COURSE_MESSAGES.mediaFileMissing);
  });

  it('clamps the duration to [0, 24 h] and rounds it', async () => {
    const { lectureId } = await freshLecture();
    expect((await patch(lectureId, { duration: 10 ** 9 })).json().data.lecture).toMatchObject({
      duration: 86_400,
      formattedDuration: '24:00:00',
    });
    expect((await patch(lectureId, { duration: 59.5 })).json().data.lecture).toMatchObject({
      duration: 60,
      formattedDuration: '1:00',
    });
    expect((await patch(lectureId, { duration: 0 })).json().data.lecture).toMatchObject({
      duration: 0,
      formattedDuration: '0:00',
    });
    expect((await patch(lectureId, { duration: -1 })).statusCode).toBe(400);
    expect((await patch(lectureId, { duration: 'long' })).statusCode).toBe(400);
  });

  it('moves a lecture with order, renumbering the others', async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push((await createLecture(t.db, { courseId: target.id })).id);
    const response = await patch(ids[3]!, { order: 1 });
    expect(response.json().data.lecture.order).toBe(1);
    const listed = (await api.get(t, `/videos/${target.id}`, owner)).json().videos as LectureBody[];
    expect(listed.map((video) => video._id)).toEqual([ids[3], ids[0], ids[1], ids[2]]);
    expect(listed.map((video) => video.order)).toEqual([1, 2, 3, 4]);
    await patch(ids[3]!, { order: 99 });
    const after = (await api.get(t, `/videos/${target.id}`, owner)).json().videos as LectureBody[];
    expect(after.map((video) => video._id)).toEqual([ids[0], ids[1], ids[2], ids[3]]);
  });

  it("refuses another instructor's lecture with the spec message (404 in a draft)", async () => {
    const refused = await patch(paid.id, { title: 'Hijack' }, otherInstructor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COURSE_MESSAGES.noLecturePermission);
    const hidden = await patch(draft.lectureId, { title: 'Hijack' }, otherInstructor);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().message).toBe(LECTURE_MESSAGES.lectureNotFound);
    expect((await patch('00000000-0000-4000-8000-000000000000', { title: 'x' })).statusCode).toBe(404);
    const viaTrpc = await trpcMutation(
      t,
      'lectures.update',
      { lectureId: paid.id, title: 'Hijack' },
      otherInstructor,
    );
    expect(viaTrpc.statusCode).toBe(403);
    const [row] = await t.db.select().from(lectures).where(eq(lectures.id, paid.id));
    expect(row?.title).not.toBe('Hijack');
  });

  it("lets an admin update anyone's lecture, also through tRPC", async () => {
    const { lectureId } = await freshLecture();
    expect((await patch(lectureId, { title: 'Admin edit' }, admin)).statusCode).toBe(200);
    const viaTrpc = await trpcMutation(t, 'lectures.update', { lectureId, title: 'tRPC edit' }, admin);
    expect(trpcData<{ data: { lecture: LectureBody } }>(viaTrpc).data.lecture.title).toBe('tRPC edit');
  });
});

describe('PATCH /videos/{courseId}/order (reorder)', () => {
  it('rewrites the positions in the given order', async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createLecture(t.db, { courseId: target.id })).id);
    const reversed = [...ids].reverse();
    const response = await api.patch(t, `/videos/${target.id}/order`, { lectureIds: reversed }, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().videos.map((video: LectureBody) => video._id)).toEqual(reversed);
    expect(response.json().videos.map((video: LectureBody) => video.order)).toEqual([1, 2, 3]);
    const rows = await t.db
      .select({ id: lectures.id })
      .from(lectures)
      .where(eq(lectures.courseId, target.id))
      .orderBy(asc(lectures.position));
    expect(rows.map((row) => row.id)).toEqual(reversed);

    const viaTrpc = await trpcMutation(
      t,
      'lectures.reorder',
      { courseId: target.id, lectureIds: ids },
      admin,
    );
    expect(trpcData<{ videos: LectureBody[] }>(viaTrpc).videos.map((video) => video._id)).toEqual(ids);
  });

  it('refuses a list that is not exactly the course’s lectures', async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await createLecture(t.db, { courseId: target.id })).id);
    for (const lectureIds of [
      ids.slice(0, 2),
      [...ids, ids[0]!],
      [ids[0]!, ids[1]!, ids[1]!],
      [ids[0]!, ids[1]!, paid.id],
      [...ids, paid.id],
    ]) {
      const response = await api.patch(t, `/videos/${target.id}/order`, { lectureIds }, owner);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LECTURE_MESSAGES.reorderMismatch);
    }
  });

  it("refuses another instructor's course", async () => {
    const response = await api.patch(
      t,
      `/videos/${course.id}/order`,
      { lectureIds: [preview.id] },
      otherInstructor,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(COURSE_MESSAGES.noLecturePermission);
  });
});

describe('DELETE /videos/{id}', () => {
  it('deletes the lecture and its file and closes the gap', async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const key = await storeMedia(t, target.id, 'lecture');
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push(
        (await createLecture(t.db, { courseId: target.id, ...(i === 1 ? { videoKey: key } : {}) })).id,
      );
    }
    const response = await api.delete(t, `/videos/${ids[1]}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: LECTURE_MESSAGES.deleted });
    expect(await t.storage.head(key)).toBeNull();
    const listed = (await api.get(t, `/videos/${target.id}`, owner)).json().videos as LectureBody[];
    expect(listed.map((video) => [video._id, video.order])).toEqual([
      [ids[0], 1],
      [ids[2], 2],
    ]);
  });

  it('succeeds when the file is already gone', async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const lecture = await createLecture(t.db, {
      courseId: target.id,
      videoKey: `courses/${target.id}/lecture/u1-gone.mp4`,
    });
    expect((await api.delete(t, `/videos/${lecture.id}`, owner)).statusCode).toBe(200);
    expect(await t.db.$count(lectures, eq(lectures.id, lecture.id))).toBe(0);
  });

  it("refuses another instructor's lecture; lets an admin delete it, also through tRPC", async () => {
    const target = await createCourse(t.db, { instructorId: owner.user.id });
    const first = await createLecture(t.db, { courseId: target.id });
    const second = await createLecture(t.db, { courseId: target.id });
    const refused = await api.delete(t, `/videos/${first.id}`, otherInstructor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COURSE_MESSAGES.noLecturePermission);
    expect((await api.delete(t, `/videos/${first.id}`, student)).statusCode).toBe(403);
    expect((await api.delete(t, `/videos/${first.id}`, admin)).statusCode).toBe(200);
    const viaTrpc = await trpcMutation(t, 'lectures.delete', { id: second.id }, admin);
    expect(trpcData<{ message: string }>(viaTrpc).message).toBe(LECTURE_MESSAGES.deleted);
    expect((await api.delete(t, `/videos/${first.id}`, admin)).statusCode).toBe(404);
  });
});
