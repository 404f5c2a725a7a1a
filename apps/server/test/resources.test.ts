/**
 * Lesson resources (issue 26 item 2, decision 0079): a file uploaded straight to storage with a `resource`
 * upload target (type allow-list, size limit, content sniffed) and attached to a lesson by the course's
 * instructor or an admin; listed to anyone who may see the course, but with a signed download URL only for
 * those who may open the lesson (enrolled with the section open, a free preview, managing the course);
 * the URL stops working after it expires; deleting the resource or its lesson removes the file.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { RESOURCE_LIMITS, RESOURCE_MESSAGES } from '@lectio/contracts/resources';
import { lessonResources } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, issueFor, type SignedInUser, signIn, trpcData, trpcQuery } from './helpers/catalogue';
import { addLessonOpeningAfter } from './helpers/drip';
import { createTestApp, type TestApp } from './helpers/test-app';

const PDF = Buffer.from('%PDF-1.4\n% a handout\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let learner: SignedInUser;
let stranger: SignedInUser;
let courseId: string;
let lesson: string;
let preview: string;
let later: string;

/** Puts a file under the course's resource folder, as a finished direct upload would. */
async function storeResource(course = courseId, body: Buffer = PDF, extension = 'pdf'): Promise<string> {
  const key = `courses/${course}/resource/u1-${randomBytes(6).toString('hex')}.${extension}`;
  await t.storage.putStream(key, Readable.from(body), {
    contentType: extension === 'pdf' ? 'application/pdf' : 'text/plain',
    maxBytes: 1024 * 1024,
  });
  return key;
}

async function attach(lectureId: string, key: string, as: SignedInUser = owner, title = 'Slides') {
  return api.post(t, `/lectures/${lectureId}/resources`, { key, title, fileName: `${title}.pdf` }, as);
}

type Listed = { _id: string; title: string; downloadUrl: string | null; isLocked: boolean; size: number };
async function listed(lectureId: string, as?: SignedInUser): Promise<Listed[]> {
  const response = await api.get(t, `/lectures/${lectureId}/resources`, as);
  expect(response.statusCode).toBe(200);
  return response.json().data.resources;
}

/** Follows a download URL (local driver) and answers its status, type and body. */
async function download(url: string) {
  const { pathname, search } = new URL(url);
  const response = await t.app.inject({ method: 'GET', url: `${pathname}${search}` });
  return response;
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: new Date('2026-11-20T10:00:00.000Z') });
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
  learner = await signIn(t, 'student');
  stranger = await signIn(t, 'student');
  courseId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  lesson = (await createLecture(t.db, { courseId, title: 'Lesson' })).id;
  preview = (await createLecture(t.db, { courseId, title: 'Preview', isPreview: true })).id;
  await createEnrollment(t.db, {
    userId: learner.user.id,
    courseId,
    createdAt: new Date('2026-11-20T09:00:00Z'),
  });
  // A section that opens a week after enrollment, with one lesson.
  later = await addLessonOpeningAfter(t, owner, courseId);
});
afterAll(async () => {
  await t?.close();
});

describe('uploading a resource', () => {
  it('takes allowed files only, sniffed: a PDF target and upload, a declared type the bytes are not is 415', async () => {
    const signature = await api.get(
      t,
      `/videos/signature?kind=resource&courseId=${courseId}&contentType=application/pdf`,
      owner,
    );
    expect(signature.statusCode).toBe(200);
    const target = signature.json();
    expect(target.key).toMatch(new RegExp(`^courses/${courseId}/resource/.+\\.pdf$`));
    expect(target.maxBytes).toBe(100 * 1024 * 1024);
    const refused = await api.get(
      t,
      `/videos/signature?kind=resource&courseId=${courseId}&contentType=text/html`,
      owner,
    );
    expect(refused.statusCode).toBe(400);
    expect(issueFor(refused, 'contentType')).toMatch(
      /^Unsupported resource file type; allowed: application\/pdf/,
    );

    /** POSTs `body` to the upload target as a browser would: the target's fields, then the file. */
    const send = async (body: Buffer) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(target.fields as Record<string, string>))
        form.append(name, value);
      form.append('file', new Blob([new Uint8Array(body)], { type: 'application/pdf' }), 'slides.pdf');
      const request = new Request('http://lectio.test/', { method: 'POST', body: form });
      return t.app.inject({
        method: 'POST',
        url: new URL(target.uploadUrl).pathname,
        headers: Object.fromEntries(request.headers),
        payload: Buffer.from(await request.arrayBuffer()),
      });
    };
    expect((await send(Buffer.from('<html><script>alert(1)</script></html>'))).statusCode).toBe(415);
    const uploaded = await send(PDF);
    expect(uploaded.statusCode).toBe(201);
    const attached = await attach(lesson, target.key, owner, 'Week 1 slides');
    expect(attached.statusCode).toBe(201);
    expect(attached.json()).toMatchObject({
      message: RESOURCE_MESSAGES.attached,
      data: { resource: { title: 'Week 1 slides', contentType: 'application/pdf', size: PDF.length } },
    });
  });
});

describe('attaching', () => {
  it("is the course's instructor's or an admin's; a key of another course, a missing file or a repeat is refused", async () => {
    const key = await storeResource();
    expect((await attach(lesson, key, otherInstructor)).statusCode).toBe(403);
    expect((await attach(lesson, key, learner)).statusCode).toBe(403);
    const otherCourse = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    const foreign = await attach(lesson, await storeResource(otherCourse));
    expect(foreign.statusCode).toBe(400);
    const missing = await attach(lesson, `courses/${courseId}/resource/u1-nothinghere.pdf`);
    expect(missing.statusCode).toBe(400);
    expect(issueFor(missing, 'key')).toBe(RESOURCE_MESSAGES.fileMissing);
    const blank = await api.post(
      t,
      `/lectures/${lesson}/resources`,
      { key, title: ' ', fileName: 'a.pdf' },
      owner,
    );
    expect(issueFor(blank, 'title')).toBe(RESOURCE_MESSAGES.titleRequired);
    expect((await attach(lesson, key, admin, 'By admin')).statusCode).toBe(201);
    const again = await attach(lesson, key);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RESOURCE_MESSAGES.alreadyAttached);
    expect(
      (await api.post(t, '/lectures/not-a-uuid/resources', { key, title: 'x', fileName: 'x' }, owner))
        .statusCode,
    ).toBe(404);
  });

  it(`holds at most ${RESOURCE_LIMITS.perLesson} per lesson, even when attaches race`, async () => {
    const crowded = (await createLecture(t.db, { courseId, title: 'Crowded' })).id;
    const keys = await Promise.all(
      Array.from({ length: RESOURCE_LIMITS.perLesson + 5 }, () => storeResource()),
    );
    const answers = await Promise.all(keys.map((key, index) => attach(crowded, key, owner, `File ${index}`)));
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(RESOURCE_LIMITS.perLesson);
    const refused = answers.filter((answer) => answer.statusCode === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.json().message).toBe(RESOURCE_MESSAGES.tooMany);
    const rows = await t.db.select().from(lessonResources).where(eq(lessonResources.lectureId, crowded));
    expect(rows).toHaveLength(RESOURCE_LIMITS.perLesson);
  });
});

describe('downloading', () => {
  it('gives a signed URL only to those who may open the lesson; others see the list, locked', async () => {
    expect((await attach(preview, await storeResource(), owner, 'Free notes')).statusCode).toBe(201);
    expect((await attach(later, await storeResource(), owner, 'Week 2 notes')).statusCode).toBe(201);

    for (const viewer of [learner, owner, admin]) {
      const slides = (await listed(lesson, viewer)).find((resource) => resource.title === 'Week 1 slides');
      expect(slides).toMatchObject({ isLocked: false });
      expect(slides?.downloadUrl).toMatch(/\?expires=\d+&signature=/);
    }
    for (const viewer of [undefined, stranger, otherInstructor]) {
      const resources = await listed(lesson, viewer);
      expect(resources.length).toBeGreaterThan(0);
      expect(resources.every((resource) => resource.downloadUrl === null && resource.isLocked)).toBe(true);
    }
    // A free preview's resources are open to everyone; a section not open yet is closed to its learner.
    expect((await listed(preview))[0]?.downloadUrl).toBeTruthy();
    expect((await listed(later, learner))[0]).toMatchObject({ downloadUrl: null, isLocked: true });
    expect((await listed(later, owner))[0]?.downloadUrl).toBeTruthy();
    // tRPC answers the same.
    const viaTrpc = trpcData<{ data: { resources: Listed[] } }>(
      await trpcQuery(t, 'resources.list', { lectureId: lesson }, stranger),
    );
    expect(viaTrpc.data.resources.every((resource) => resource.downloadUrl === null)).toBe(true);
    // A draft course's lesson is 404 to a visitor, like the lesson itself.
    const draft = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    const hidden = (await createLecture(t.db, { courseId: draft })).id;
    expect((await api.get(t, `/lectures/${hidden}/resources`)).statusCode).toBe(404);
  });

  it('downloads as an attachment while the URL is valid, and refuses it after it expires', async () => {
    const first = (await listed(lesson, learner)).find((resource) => resource.title === 'Week 1 slides');
    const ok = await download(first?.downloadUrl ?? '');
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('application/pdf');
    expect(ok.headers['content-disposition']).toBe(
      `attachment; filename="Week 1 slides.pdf"; filename*=UTF-8''Week%201%20slides.pdf`,
    );
    expect(ok.rawPayload.equals(PDF)).toBe(true);
    const unsigned = await download((first?.downloadUrl ?? '').replace(/\?.*$/, ''));
    expect(unsigned.statusCode).toBe(403);
    t.advanceClock((t.config.storage.downloadUrlTtlSeconds + 120) * 1000);
    const expired = await download(first?.downloadUrl ?? '');
    expect(expired.statusCode).toBe(403);
  });
});

describe('deleting', () => {
  it('removes the resource and its file; the lesson going takes its resources and files with it', async () => {
    const key = await storeResource();
    const id = (await attach(lesson, key, owner, 'Temporary')).json().data.resource._id as string;
    expect((await api.delete(t, `/resources/${id}`, otherInstructor)).statusCode).toBe(403);
    expect(await t.storage.head(key)).not.toBeNull();
    const deleted = await api.delete(t, `/resources/${id}`, owner);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: RESOURCE_MESSAGES.deleted });
    expect(await t.storage.head(key)).toBeNull();
    expect((await api.delete(t, `/resources/${id}`, owner)).statusCode).toBe(404);
    expect((await api.delete(t, '/resources/not-a-uuid', owner)).statusCode).toBe(404);

    const doomed = (await createLecture(t.db, { courseId, title: 'Doomed' })).id;
    const kept = await storeResource();
    expect((await attach(doomed, kept)).statusCode).toBe(201);
    expect((await api.delete(t, `/videos/${doomed}`, owner)).statusCode).toBe(200);
    expect(await t.db.select().from(lessonResources).where(eq(lessonResources.lectureId, doomed))).toEqual(
      [],
    );
    expect(await t.storage.head(kept)).toBeNull();
  });
});
