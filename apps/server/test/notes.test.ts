/**
 * Lesson notes (issue 28 item 3, decision 0087): a learner's private notes on lessons, a video's at a time
 * within its length, an article's without one; listed per course in lesson order, then by time; each note
 * its author's alone (anyone else's is 404, over REST and tRPC); only those who may open the lesson with
 * the course (enrolled, its instructor, an admin) read or write them; bad input changes nothing.
 */
import { NOTE_LIMITS, NOTE_MESSAGES } from '@lectio/contracts/notes';
import { lessonNotes } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  trpcData,
  trpcMutation,
  trpcQuery,
} from './helpers/catalogue';
import { addLessonOpeningAfter } from './helpers/drip';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let learner: SignedInUser;
let classmate: SignedInUser;
let stranger: SignedInUser;
let courseId: string;
let draftId: string;
let intro: string;
let article: string;
let closing: string;
let preview: string;
let later: string;

type Listed = { _id: string; lectureId: string; seconds: number | null; body: string; lectureTitle: string };

async function notesOf(as: SignedInUser, course = courseId): Promise<Listed[]> {
  const response = await api.get(t, `/courses/${course}/notes`, as);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.notes;
}

function post(lectureId: string, body: unknown, as: SignedInUser = learner) {
  return api.post(t, `/lectures/${lectureId}/notes`, body, as);
}

async function created(lectureId: string, body: string, seconds?: number, as: SignedInUser = learner) {
  const response = await post(lectureId, seconds === undefined ? { body } : { body, seconds }, as);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.note as Listed;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: new Date('2026-11-20T10:00:00.000Z') });
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  learner = await signIn(t, 'student');
  classmate = await signIn(t, 'student');
  stranger = await signIn(t, 'student');
  courseId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  intro = (await createLecture(t.db, { courseId, title: 'Intro', durationSeconds: 300 })).id;
  article = (await createLecture(t.db, { courseId, title: 'Reading', kind: 'article' })).id;
  closing = (await createLecture(t.db, { courseId, title: 'Closing', durationSeconds: 120 })).id;
  preview = (await createLecture(t.db, { courseId, title: 'Preview', isPreview: true })).id;
  draftId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
  for (const student of [learner, classmate]) {
    await createEnrollment(t.db, {
      userId: student.user.id,
      courseId,
      createdAt: new Date('2026-11-20T09:00:00Z'),
    });
  }
  later = await addLessonOpeningAfter(t, owner, courseId);
});
afterAll(async () => {
  await t?.close();
});

describe('writing and listing notes', () => {
  it('lists the course’s notes by lesson order, untimed first, then by time', async () => {
    await created(closing, 'Closing at 1:00', 60);
    await created(intro, 'Intro at 2:00', 120);
    await created(article, 'Reading: the second table');
    const first = await created(intro, 'Intro at 0:05', 5);
    await created(intro, 'Intro in general');
    await created(intro, 'Intro at the very end', 300);
    expect(first).toMatchObject({
      lectureId: intro,
      seconds: 5,
      body: 'Intro at 0:05',
      lectureTitle: 'Intro',
    });

    const listed = await notesOf(learner);
    expect(listed.map((note) => [note.lectureTitle, note.seconds, note.body])).toEqual([
      ['Intro', null, 'Intro in general'],
      ['Intro', 5, 'Intro at 0:05'],
      ['Intro', 120, 'Intro at 2:00'],
      ['Intro', 300, 'Intro at the very end'],
      ['Reading', null, 'Reading: the second table'],
      ['Closing', 60, 'Closing at 1:00'],
    ]);
    // The same over tRPC.
    const viaTrpc = trpcData<{ data: { notes: Listed[] } }>(
      await trpcQuery(t, 'notes.list', { courseId }, learner),
    );
    expect(viaTrpc.data.notes.map((note) => note._id)).toEqual(listed.map((note) => note._id));
  });

  it('trims the text and edits and deletes one’s own note', async () => {
    const note = await created(closing, '  to edit  ', 10);
    expect(note.body).toBe('to edit');
    const edited = await api.patch(t, `/notes/${note._id}`, { body: 'edited text' }, learner);
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      message: NOTE_MESSAGES.updated,
      data: { note: { _id: note._id, body: 'edited text', seconds: 10 } },
    });
    expect((await notesOf(learner)).find((item) => item._id === note._id)?.body).toBe('edited text');

    const deleted = await api.delete(t, `/notes/${note._id}`, learner);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(NOTE_MESSAGES.deleted);
    expect((await notesOf(learner)).some((item) => item._id === note._id)).toBe(false);
    expect((await api.delete(t, `/notes/${note._id}`, learner)).statusCode).toBe(404);
  });

  it('lets the course’s instructor and an admin keep their own notes', async () => {
    await created(intro, 'Re-record this bit', 42, owner);
    await created(intro, 'Check the audio', 3, admin);
    expect((await notesOf(owner)).map((note) => note.body)).toEqual(['Re-record this bit']);
    expect((await notesOf(admin)).map((note) => note.body)).toEqual(['Check the audio']);
  });
});

describe('bad input changes nothing', () => {
  it('refuses a time past the video’s end, on an article, or not whole seconds; an empty or long text', async () => {
    const before = await notesOf(learner);
    const pastEnd = await post(intro, { body: 'too late', seconds: 301 });
    expect(pastEnd.statusCode).toBe(400);
    expect(issueFor(pastEnd, 'seconds')).toBe(NOTE_MESSAGES.secondsPastEnd('5:00'));
    const onArticle = await post(article, { body: 'no time here', seconds: 3 });
    expect(onArticle.statusCode).toBe(400);
    expect(issueFor(onArticle, 'seconds')).toBe(NOTE_MESSAGES.noTimeOnThisLesson);
    for (const seconds of [-1, 1.5, '12']) {
      const refused = await post(intro, { body: 'odd time', seconds });
      expect(refused.statusCode).toBe(400);
      expect(issueFor(refused, 'seconds')).toBe(NOTE_MESSAGES.secondsInvalid);
    }
    for (const body of ['', '   ']) {
      const refused = await post(intro, { body, seconds: 1 });
      expect(refused.statusCode).toBe(400);
      expect(issueFor(refused, 'body')).toBe(NOTE_MESSAGES.bodyRequired);
    }
    const long = await post(intro, { body: 'x'.repeat(NOTE_LIMITS.bodyLength + 1) });
    expect(long.statusCode).toBe(400);
    expect(issueFor(long, 'body')).toBe(NOTE_MESSAGES.bodyTooLong);
    expect((await post(intro, { body: 'x'.repeat(NOTE_LIMITS.bodyLength), seconds: 0 })).statusCode).toBe(
      201,
    );

    const note = before[0] as Listed;
    const emptied = await api.patch(t, `/notes/${note._id}`, { body: ' ' }, learner);
    expect(emptied.statusCode).toBe(400);
    const after = await notesOf(learner);
    expect(after.filter((item) => item.body.length < NOTE_LIMITS.bodyLength)).toEqual(before);
  });

  it('refuses a note past the per-lesson limit with 409', async () => {
    const held = (await notesOf(learner)).filter((note) => note.lectureId === closing).length;
    await t.db.insert(lessonNotes).values(
      Array.from({ length: NOTE_LIMITS.perLesson - held }, (_, index) => ({
        userId: learner.user.id,
        lectureId: closing,
        videoSeconds: index % 120,
        body: `filler ${index}`,
      })),
    );
    const refused = await post(closing, { body: 'one too many', seconds: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(NOTE_MESSAGES.tooMany);
    // Another student's limit is their own.
    expect((await post(closing, { body: 'mine' }, classmate)).statusCode).toBe(201);
    await t.db.delete(lessonNotes).where(eq(lessonNotes.lectureId, closing));
  });
});

describe('privacy and access', () => {
  it('another student sees none of the notes and gets 404 for each of them (REST and tRPC)', async () => {
    const note = await created(intro, 'private thought', 7);
    expect((await notesOf(classmate)).some((item) => item._id === note._id)).toBe(false);
    const edit = await api.patch(t, `/notes/${note._id}`, { body: 'hijacked' }, classmate);
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe(NOTE_MESSAGES.notFound);
    expect((await api.delete(t, `/notes/${note._id}`, classmate)).statusCode).toBe(404);
    expect(
      (await trpcMutation(t, 'notes.update', { noteId: note._id, body: 'hijacked' }, classmate)).statusCode,
    ).toBe(404);
    expect((await trpcMutation(t, 'notes.delete', { noteId: note._id }, classmate)).statusCode).toBe(404);
    // The course's instructor and an admin don't read students' notes either.
    expect((await api.patch(t, `/notes/${note._id}`, { body: 'x' }, owner)).statusCode).toBe(404);
    expect((await api.delete(t, `/notes/${note._id}`, admin)).statusCode).toBe(404);
    expect((await notesOf(owner)).some((item) => item._id === note._id)).toBe(false);
    expect((await notesOf(learner)).find((item) => item._id === note._id)?.body).toBe('private thought');
  });

  it('a student who has not bought the course can neither read nor write notes (403), a preview included', async () => {
    const list = await api.get(t, `/courses/${courseId}/notes`, stranger);
    expect(list.statusCode).toBe(403);
    expect(list.json().message).toBe(NOTE_MESSAGES.noAccess);
    expect((await trpcQuery(t, 'notes.list', { courseId }, stranger)).statusCode).toBe(403);
    for (const lectureId of [intro, preview]) {
      const refused = await post(lectureId, { body: 'sneaky', seconds: 1 }, stranger);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(NOTE_MESSAGES.noAccess);
    }
    expect(
      (await trpcMutation(t, 'notes.create', { lectureId: intro, body: 'sneaky' }, stranger)).statusCode,
    ).toBe(403);
    const written = await t.db.select().from(lessonNotes).where(eq(lessonNotes.userId, stranger.user.id));
    expect(written).toEqual([]);
    // A draft course they can't see, and lessons or courses that don't exist, are 404.
    expect((await api.get(t, `/courses/${draftId}/notes`, stranger)).statusCode).toBe(404);
    expect((await post('00000000-0000-4000-8000-000000000000', { body: 'x' })).statusCode).toBe(404);
    expect((await api.patch(t, '/notes/not-a-uuid', { body: 'x' }, learner)).statusCode).toBe(404);
    // Signed out: 401.
    expect((await api.get(t, `/courses/${courseId}/notes`)).statusCode).toBe(401);
  });

  it('a lesson whose section has not opened yet takes no note', async () => {
    const refused = await post(later, { body: 'early' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^This lesson's section opens on 2026-11-27/);
    // The course's instructor is never held back.
    expect((await post(later, { body: 'fine' }, owner)).statusCode).toBe(201);
  });
});
