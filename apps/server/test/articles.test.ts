/**
 * Article lessons (issue 26 item 2, decision 0077): a lesson of Markdown, a row of `lectures` with kind
 * 'article'. Created by the course's instructor or an admin with a body that is not blank (a video takes
 * none); its body is handed out on the rule of a video's URL (enrolled with its section open, a free
 * preview, managing the course) and never in a list or the outline, which carry its kind and reading time;
 * `progress.markRead` completes it in the same `lecture_progress` rows as a watched video, so the
 * percentage and the certificate count it alike; the spec's `/videos` list stays the video lessons.
 */
import { ARTICLE_MESSAGES, CURRICULUM_MESSAGES } from '@lectio/contracts/curriculum';
import { LECTURE_MESSAGES, PROGRESS_MESSAGES } from '@lectio/contracts/messages';
import { lectureProgress } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { arrangeWatched } from './helpers/progress';
import { createTestApp, type TestApp } from './helpers/test-app';

const NOW = new Date('2026-11-20T10:00:00.000Z');
const DAY = 86_400_000;
/** A word no other text of the fixtures holds, to find a body wherever it leaks. */
const MARKER = 'zanzibarquokka';
/** 250 words: a two-minute read. */
const BODY = `# Reading the layout\n\n${MARKER} ${'word '.repeat(247)}\n\n- last`;

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let learner: SignedInUser;
let stranger: SignedInUser;
let courseId: string;
let video: string;
let article: string;
let previewArticle: string;
let closedArticle: string;

type LectureAnswer = Record<string, unknown> & { body?: string; isLocked: boolean };

async function lesson(id: string, as?: SignedInUser): Promise<LectureAnswer> {
  const response = await api.get(t, `/videos/video/${id}`, as);
  expect(response.statusCode).toBe(200);
  return response.json().data.lecture;
}

async function createArticle(fields: Record<string, unknown>, as: SignedInUser = owner) {
  return api.post(t, '/videos/lecture', { courseId, title: 'An article', kind: 'article', ...fields }, as);
}

async function progressRows(userId: string, lectureId: string) {
  return t.db
    .select()
    .from(lectureProgress)
    .where(and(eq(lectureProgress.userId, userId), eq(lectureProgress.lectureId, lectureId)));
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: NOW });
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
  learner = await signIn(t, 'student');
  stranger = await signIn(t, 'student');
  courseId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  video = (
    await createLecture(t.db, {
      courseId,
      title: 'A video',
      videoKey: await storeMedia(t, courseId, 'lecture'),
    })
  ).id;
  const created = await createArticle({ body: BODY });
  expect(created.statusCode).toBe(201);
  article = created.json().data.lecture._id;
  previewArticle = (await createLecture(t.db, { courseId, kind: 'article', isPreview: true, body: BODY })).id;
  const week2 = await api.post(
    t,
    `/courses/${courseId}/sections`,
    { title: 'Week 2', opensAfterDays: 7 },
    owner,
  );
  expect(week2.statusCode).toBe(201);
  const closed = await createArticle({ body: BODY, sectionId: week2.json().data.section._id });
  expect(closed.statusCode).toBe(201);
  closedArticle = closed.json().data.lecture._id;
  await createEnrollment(t.db, {
    userId: learner.user.id,
    courseId,
    createdAt: new Date(NOW.getTime() - DAY),
  });
});
afterAll(async () => {
  await t?.close();
});

describe('creating an article', () => {
  it('over REST: the article with its body, a reading time, no video and no duration', async () => {
    const created = await createArticle({ title: 'Read me', body: BODY, description: 'Short' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ message: LECTURE_MESSAGES.created });
    expect(created.json().data.lecture).toMatchObject({
      title: 'Read me',
      kind: 'article',
      body: BODY,
      readingMinutes: 2,
      videoUrl: null,
      thumbnail: { secure_url: null },
      duration: 0,
      formattedDuration: null,
      description: 'Short',
      isLocked: false,
    });
  });

  it('over tRPC, and a one-word article reads in a minute', async () => {
    const created = await trpcMutation(
      t,
      'lectures.create',
      { courseId, title: 'Tiny', kind: 'article', body: 'Hello' },
      admin,
    );
    expect(created.statusCode).toBe(200);
    const { data } = trpcData<{ data: { lecture: LectureAnswer } }>(created);
    expect(data.lecture).toMatchObject({ kind: 'article', body: 'Hello', readingMinutes: 1 });
  });

  it('makes a video lesson when no kind is given, with no body and no reading time', async () => {
    const created = await api.post(t, '/videos/lecture', { courseId, title: 'Plain' }, owner);
    expect(created.statusCode).toBe(201);
    const plain = created.json().data.lecture;
    expect(plain).toMatchObject({ kind: 'video', readingMinutes: null });
    expect('body' in plain).toBe(false);
  });

  it.each([
    ['missing', {}],
    ['empty', { body: '' }],
    ['blank', { body: ' \n\t ' }],
  ])('refuses an article whose body is %s (400, with the message)', async (_case, fields) => {
    const refused = await createArticle(fields);
    expect(refused.statusCode).toBe(400);
    expect(issueFor(refused, 'body')).toBe(ARTICLE_MESSAGES.bodyRequired);
  });

  it('refuses a body over 100,000 characters and an unknown kind', async () => {
    const long = await createArticle({ body: 'x'.repeat(100_001) });
    expect(long.statusCode).toBe(400);
    expect(issueFor(long, 'body')).toBe(ARTICLE_MESSAGES.bodyTooLong);
    // 'quiz' became a kind with decision 0081; this one is not.
    const unknown = await createArticle({ kind: 'podcast', body: BODY });
    expect(unknown.statusCode).toBe(400);
    expect(issueFor(unknown, 'kind')).toBe(ARTICLE_MESSAGES.kindInvalid);
  });

  it('refuses a body on a video lesson (400, with the message), on create and on update', async () => {
    for (const kind of [undefined, 'video']) {
      const refused = await api.post(
        t,
        '/videos/lecture',
        { courseId, title: 'V', kind, body: 'Text' },
        owner,
      );
      expect(refused.statusCode).toBe(400);
      expect(issueFor(refused, 'body')).toBe(ARTICLE_MESSAGES.bodyOnlyOnArticles);
    }
    const update = await api.patch(t, `/videos/${video}/video_thumbnail`, { body: 'Text' }, owner);
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toBe(ARTICLE_MESSAGES.bodyOnlyOnArticles);
  });

  it('refuses it to an instructor of another course', async () => {
    const refused = await createArticle({ body: BODY }, otherInstructor);
    expect(refused.statusCode).toBe(403);
  });
});

describe('updating an article', () => {
  it('changes its body (and reading time), but never attaches a video or a duration to it', async () => {
    const created = await createArticle({ body: 'One two three' });
    const id = created.json().data.lecture._id as string;
    const updated = await api.patch(
      t,
      `/videos/${id}/video_thumbnail`,
      { body: BODY, title: 'Renamed' },
      owner,
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.lecture).toMatchObject({ title: 'Renamed', body: BODY, readingMinutes: 2 });

    const withVideo = await api.patch(
      t,
      `/videos/${id}/video_thumbnail`,
      { public_id: await storeMedia(t, courseId, 'lecture'), duration: 60 },
      owner,
    );
    expect(withVideo.statusCode).toBe(400);
    expect(withVideo.json().message).toBe(ARTICLE_MESSAGES.noVideoOnArticle);
    const withDuration = await api.patch(t, `/videos/${id}/video_thumbnail`, { duration: 60 }, owner);
    expect(withDuration.statusCode).toBe(400);
    const blank = await api.patch(t, `/videos/${id}/video_thumbnail`, { body: '   ' }, owner);
    expect(blank.statusCode).toBe(400);
    expect(issueFor(blank, 'body')).toBe(ARTICLE_MESSAGES.bodyRequired);
    expect(await lesson(id, owner)).toMatchObject({ body: BODY, videoUrl: null, duration: 0 });
  });

  it('over tRPC', async () => {
    const updated = await trpcMutation(t, 'lectures.update', { lectureId: article, body: BODY }, owner);
    expect(trpcData<{ data: { lecture: LectureAnswer } }>(updated).data.lecture.body).toBe(BODY);
  });
});

describe("who reads an article's body", () => {
  it('is given to the enrolled learner, the owner and an admin', async () => {
    for (const reader of [learner, owner, admin]) {
      expect(await lesson(article, reader)).toMatchObject({ kind: 'article', body: BODY, isLocked: false });
    }
  });

  it('is withheld from a visitor, a student not enrolled and another instructor, like a video URL', async () => {
    for (const reader of [undefined, stranger, otherInstructor]) {
      const seen = await lesson(article, reader);
      expect(seen).toMatchObject({ kind: 'article', isLocked: true, readingMinutes: 2 });
      expect('body' in seen).toBe(false);
      expect(JSON.stringify(seen)).not.toContain(MARKER);
    }
  });

  it('is given to anyone on a free-preview article', async () => {
    for (const reader of [undefined, stranger, otherInstructor]) {
      expect(await lesson(previewArticle, reader)).toMatchObject({ body: BODY, isLocked: false });
    }
  });

  it('is withheld from the learner while its section is closed, never from the owner', async () => {
    const seen = await lesson(closedArticle, learner);
    expect(seen.isLocked).toBe(true);
    expect('body' in seen).toBe(false);
    expect((await lesson(closedArticle, owner)).body).toBe(BODY);
  });

  it('over tRPC too', async () => {
    const open = await trpcQuery(t, 'lectures.get', { lectureId: article }, learner);
    expect(trpcData<{ data: { lecture: LectureAnswer } }>(open).data.lecture.body).toBe(BODY);
    const closed = await trpcQuery(t, 'lectures.get', { lectureId: article }, stranger);
    expect(JSON.stringify(trpcData(closed))).not.toContain(MARKER);
  });

  it('is never in a list: the course carries its kind and reading time only', async () => {
    const course = await api.get(t, `/courses/${courseId}`, learner);
    expect(course.statusCode).toBe(200);
    expect(course.body).not.toContain(MARKER);
    const inCourse = (course.json().data.videos as LectureAnswer[]).find((lesson) => lesson._id === article);
    expect(inCourse).toMatchObject({ kind: 'article', readingMinutes: 2, isLocked: false, videoUrl: null });
  });
});

describe('the outline (curriculum.get)', () => {
  it("carries each lesson's kind and reading time, never an article's body", async () => {
    for (const reader of [undefined, learner, owner]) {
      const response = await api.get(t, `/courses/${courseId}/curriculum`, reader);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain(MARKER);
      const lessons = (
        response.json().data.sections as {
          lessons: { _id: string; kind: string; readingMinutes: number | null }[];
        }[]
      ).flatMap((section) => section.lessons);
      expect(lessons.find((one) => one._id === article)).toMatchObject({
        kind: 'article',
        readingMinutes: 2,
      });
      expect(lessons.find((one) => one._id === video)).toMatchObject({ kind: 'video', readingMinutes: null });
      expect(Object.keys(lessons.find((one) => one._id === article) ?? {})).not.toContain('body');
    }
    const trpc = await trpcQuery(t, 'curriculum.get', { courseId }, learner);
    expect(JSON.stringify(trpcData(trpc))).not.toContain(MARKER);
  });
});

describe('marking an article read', () => {
  it('completes it once, however often it is marked', async () => {
    const first = await api.post(t, `/lectures/${article}/read`, {}, learner);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      progress: { lectureId: article, watchedDuration: 0, completed: true },
      certificateId: null,
    });
    const [row] = await progressRows(learner.user.id, article);
    expect(row).toMatchObject({ completed: true, completedAt: NOW });
    const again = await trpcMutation(t, 'progress.markRead', { lectureId: article }, learner);
    expect(trpcData(again)).toMatchObject({ progress: { completed: true } });
    expect(await progressRows(learner.user.id, article)).toHaveLength(1);
  });

  it('takes a POST with no body at all', async () => {
    const bare = await t.app.inject({
      method: 'POST',
      url: `/api/v1/lectures/${article}/read`,
      headers: learner.headers,
    });
    expect(bare.statusCode).toBe(200);
    expect(bare.json().progress).toMatchObject({ lectureId: article, completed: true });
  });

  it('refuses a video lesson (400, nothing written)', async () => {
    const refused = await api.post(t, `/lectures/${video}/read`, {}, learner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ARTICLE_MESSAGES.onlyArticleRead);
    expect(await progressRows(learner.user.id, video)).toEqual([]);
  });

  it('refuses an article of a section not yet open, saying when it opens (403, nothing written)', async () => {
    const refused = await api.post(t, `/lectures/${closedArticle}/read`, {}, learner);
    expect(refused.statusCode).toBe(403);
    const opens = new Date(NOW.getTime() - DAY + 7 * DAY).toISOString();
    expect(refused.json().message).toBe(CURRICULUM_MESSAGES.sectionLocked(opens));
    expect(await progressRows(learner.user.id, closedArticle)).toEqual([]);
  });

  it('refuses a student not enrolled (403, nothing written), and a visitor (401)', async () => {
    const refused = await api.post(t, `/lectures/${article}/read`, {}, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(PROGRESS_MESSAGES.noAccess);
    expect(await progressRows(stranger.user.id, article)).toEqual([]);
    expect((await api.post(t, `/lectures/${article}/read`, {})).statusCode).toBe(401);
  });

  it('lets anyone who may open a free-preview article mark it, as progress.record does, with no certificate', async () => {
    const preview = await api.post(t, `/lectures/${previewArticle}/read`, {}, stranger);
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ progress: { completed: true }, certificateId: null });
  });

  it('answers 404 for a lesson that does not exist', async () => {
    const missing = await api.post(t, '/lectures/00000000-0000-4000-8000-000000000000/read', {}, learner);
    expect(missing.statusCode).toBe(404);
  });
});

describe('watch progress on an article', () => {
  it('is refused (400, with the message, nothing written)', async () => {
    const refused = await api.post(
      t,
      `/progress/${previewArticle}`,
      { watchedDuration: 10, completed: true },
      learner,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(ARTICLE_MESSAGES.noWatchProgress);
    expect(await progressRows(learner.user.id, previewArticle)).toEqual([]);
  });
});

describe('a course of a video and an article', () => {
  it('is complete, with its certificate, only once both are: the article counts like a video', async () => {
    const student = await signIn(t, 'student');
    const mixed = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
    const clip = (await createLecture(t.db, { courseId: mixed, durationSeconds: 120 })).id;
    const text = (await createLecture(t.db, { courseId: mixed, kind: 'article' })).id;
    await createEnrollment(t.db, { userId: student.user.id, courseId: mixed });

    const read = await api.post(t, `/lectures/${text}/read`, {}, student);
    expect(read.json()).toMatchObject({ progress: { completed: true }, certificateId: null });
    const half = await api.get(t, `/progress/course/${mixed}`, student);
    expect(half.json().progress).toMatchObject({ completionPercentage: 50 });
    expect((await api.get(t, '/certificates/mine', student)).json().certificates).toEqual([]);

    await arrangeWatched(t, student.user.id, clip);
    const watched = await api.post(
      t,
      `/progress/${clip}`,
      { watchedDuration: 120, completed: true },
      student,
    );
    expect(watched.statusCode).toBe(200);
    const certificateId = watched.json().certificateId as string;
    expect(certificateId).toMatch(/^[0-9a-f-]{36}$/);
    const full = await api.get(t, `/progress/course/${mixed}`, student);
    expect(full.json().progress).toMatchObject({ completionPercentage: 100 });
    const course = await api.get(t, `/courses/${mixed}`, student);
    expect(course.json().data.progress).toBe(100);
    // Marking the article again answers the certificate it earned.
    const again = await api.post(t, `/lectures/${text}/read`, {}, student);
    expect(again.json().certificateId).toBe(certificateId);
  });
});

describe("the spec's /videos calls", () => {
  const LECTURE_KEYS = [
    '_id',
    'title',
    'kind',
    'order',
    'isPreview',
    'thumbnail',
    'videoUrl',
    'duration',
    'formattedDuration',
    'description',
    'courseId',
    'isLocked',
    'readingMinutes',
  ].sort();

  it('list only the video lessons, in curriculum order, each as before', async () => {
    const response = await api.get(t, `/videos/${courseId}`, learner);
    expect(response.statusCode).toBe(200);
    const list = response.json().videos as LectureAnswer[];
    expect(Object.keys(response.json())).toEqual(['videos']);
    expect(list.length).toBeGreaterThan(0);
    for (const item of list) {
      expect(item.kind).toBe('video');
      expect(Object.keys(item).sort()).toEqual(LECTURE_KEYS);
    }
    expect(list.map((item) => item._id)).toContain(video);
    const orders = list.map((item) => item.order as number);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(response.body).not.toContain(MARKER);
  });

  it('reorder the video lessons only, leaving the articles in their places', async () => {
    const own = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    const first = (await createLecture(t.db, { courseId: own })).id;
    const text = (await createLecture(t.db, { courseId: own, kind: 'article' })).id;
    const second = (await createLecture(t.db, { courseId: own })).id;

    const mismatch = await api.patch(t, `/videos/${own}/order`, { lectureIds: [second, text, first] }, owner);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(LECTURE_MESSAGES.reorderMismatch);

    const reordered = await api.patch(t, `/videos/${own}/order`, { lectureIds: [second, first] }, owner);
    expect(reordered.statusCode).toBe(200);
    expect((reordered.json().videos as LectureAnswer[]).map((item) => [item._id, item.order])).toEqual([
      [second, 1],
      [first, 3],
    ]);
    const outline = await api.get(t, `/courses/${own}/curriculum`, owner);
    const order = (outline.json().data.sections as { lessons: { _id: string }[] }[]).flatMap((section) =>
      section.lessons.map((one) => one._id),
    );
    expect(order).toEqual([second, text, first]);
  });

  it('publish a course whose articles have no video (only video lessons need one)', async () => {
    const draft = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    await createLecture(t.db, { courseId: draft, videoKey: await storeMedia(t, draft, 'lecture') });
    await createLecture(t.db, { courseId: draft, kind: 'article' });
    const published = await api.patch(t, `/courses/${draft}`, { isPublished: true }, owner);
    expect(published.statusCode).toBe(200);
  });
});
