/**
 * Course management and visibility through HTTP (REST and tRPC): create, get, update, delete, by-ids,
 * my-courses, instructor/courses and coures-overview, for visitors, students, buyers, other instructors,
 * owners and admins.
 */
import { AUTH_MESSAGES, COURSE_MESSAGES } from '@lectio/contracts/messages';
import { courses, enrollments, lectureProgress, lectures, payments } from '@lectio/db';
import { createCourse, createEnrollment, createLecture, createPurchase } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/storage/create-storage';
import type { StoragePort } from '../src/storage/storage-port';
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

/** Every deletePrefix the app asks of storage, on top of the real local driver. */
const deletedPrefixes: string[] = [];
function recordingStorage(inner: StoragePort): StoragePort {
  return new Proxy(inner, {
    get(target, property, receiver) {
      if (property === 'deletePrefix') {
        return async (prefix: string) => {
          deletedPrefixes.push(prefix);
          return target.deletePrefix(prefix);
        };
      }
      const value = Reflect.get(target, property, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let buyer: SignedInUser;
let student: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({}, undefined, {
    storage: (config, now) => recordingStorage(createStorage(config, now)),
  });
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor', { name: 'Priya Owner' });
  otherInstructor = await signIn(t, 'instructor');
  buyer = await signIn(t, 'student');
  student = await signIn(t, 'student');
});
afterAll(async () => {
  await t.close();
});

const minimal = {
  title: 'Go in practice',
  shortDescription: 'Learn Go by building things',
  category: 'Backend Development',
  level: 'Beginner',
};

describe('POST /courses (create)', () => {
  it('creates a draft owned by the instructor and returns data.course._id', async () => {
    const response = await api.post(t, '/courses', minimal, owner);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(COURSE_MESSAGES.courseCreated);
    expect(body.data.course).toMatchObject({
      ...minimal,
      price: 0,
      isPublished: false,
      status: 'draft',
      instructor: { _id: owner.user.id, name: 'Priya Owner' },
      instructorName: 'Priya Owner',
      videos: [],
      studentsCount: 0,
      publicLectures: 0,
      privateLectures: 0,
      duration: null,
      canAccessAll: true,
      progress: null,
    });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, body.data.course._id));
    expect(row?.instructorId).toBe(owner.user.id);
  });

  it('stores every field, the price in minor units', async () => {
    const response = await api.post(
      t,
      '/courses',
      {
        ...minimal,
        description: 'Long text',
        price: 499.5,
        requirements: ['A laptop'],
        whatYouWillLearn: ['Goroutines', 'Channels'],
        tags: 'go, concurrency',
        isPublished: true,
      },
      owner,
    );
    expect(response.statusCode).toBe(201);
    const course = response.json().data.course;
    expect(course).toMatchObject({
      price: 499.5,
      description: 'Long text',
      requirements: ['A laptop'],
      whatYouWillLearn: ['Goroutines', 'Channels'],
      tags: 'go, concurrency',
      isPublished: true,
      status: 'published',
    });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course._id));
    expect(row?.priceMinor).toBe(49_950);
  });

  it.each([
    ['title', 'Title is required'],
    ['shortDescription', 'Short description is required'],
  ])('requires %s with a clear message', async (field, message) => {
    const { [field as keyof typeof minimal]: _omitted, ...rest } = minimal;
    const missing = await api.post(t, '/courses', rest, owner);
    expect(missing.statusCode).toBe(400);
    expect(issueFor(missing, field)).toBe(message);
    const blank = await api.post(t, '/courses', { ...minimal, [field]: '   ' }, owner);
    expect(blank.statusCode).toBe(400);
    expect(issueFor(blank, field)).toBe(message);
  });

  it.each(['category', 'level'])('requires %s from the spec enumeration', async (field) => {
    const { [field as keyof typeof minimal]: _omitted, ...rest } = minimal;
    const missing = await api.post(t, '/courses', rest, owner);
    expect(missing.statusCode).toBe(400);
    expect(issueFor(missing, field)).toBeDefined();
    const wrong = await api.post(t, '/courses', { ...minimal, [field]: 'Cooking' }, owner);
    expect(wrong.statusCode).toBe(400);
    expect(issueFor(wrong, field)).toMatch(/expected one of/);
  });

  it('refuses a negative or non-numeric price', async () => {
    const negative = await api.post(t, '/courses', { ...minimal, price: -1 }, owner);
    expect(negative.statusCode).toBe(400);
    expect(issueFor(negative, 'price')).toBe('Price must be 0 or more');
    const text = await api.post(t, '/courses', { ...minimal, price: 'abc' }, owner);
    expect(text.statusCode).toBe(400);
    expect(issueFor(text, 'price')).toBeDefined();
  });

  it('lets an admin name the instructor', async () => {
    const response = await api.post(
      t,
      '/courses',
      { ...minimal, instructorId: otherInstructor.user.id },
      admin,
    );
    expect(response.statusCode).toBe(201);
    expect(response.json().data.course.instructor._id).toBe(otherInstructor.user.id);
  });

  it('makes the admin the instructor when none is named', async () => {
    const response = await api.post(t, '/courses', minimal, admin);
    expect(response.json().data.course.instructor._id).toBe(admin.user.id);
  });

  it.each([
    ['a student', () => student.user.id],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'not-a-uuid'],
  ])('refuses an admin naming %s as instructor', async (_label, id) => {
    const response = await api.post(t, '/courses', { ...minimal, instructorId: id() }, admin);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(COURSE_MESSAGES.instructorNotFound);
  });

  it('refuses an instructor naming someone else', async () => {
    const response = await api.post(
      t,
      '/courses',
      { ...minimal, instructorId: otherInstructor.user.id },
      owner,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(COURSE_MESSAGES.cannotAssignInstructor);
  });

  it('refuses students and visitors', async () => {
    expect((await api.post(t, '/courses', minimal, student)).statusCode).toBe(403);
    expect((await api.post(t, '/courses', minimal)).statusCode).toBe(401);
  });

  it('works through tRPC courses.create with the same rules', async () => {
    const created = await trpcMutation(t, 'courses.create', minimal, owner);
    expect(created.statusCode).toBe(200);
    expect(trpcData<{ message: string; data: { course: { _id: string } } }>(created).message).toBe(
      COURSE_MESSAGES.courseCreated,
    );
    const invalid = await trpcMutation(t, 'courses.create', { ...minimal, title: '' }, owner);
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.data.issues).toContainEqual({ path: 'title', message: 'Title is required' });
    expect((await trpcMutation(t, 'courses.create', minimal, student)).statusCode).toBe(403);
  });
});

describe('visibility of one course (GET /courses/{id}, courses.get)', () => {
  let published: string;
  let draft: string;
  let boughtDraft: string;

  beforeAll(async () => {
    published = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    draft = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    // Bought while published, unpublished since: the buyer keeps it.
    boughtDraft = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    await createPurchase(t.db, { userId: buyer.user.id, courseId: boughtDraft });
    await createPurchase(t.db, { userId: buyer.user.id, courseId: published });
  });

  const getAs = (id: string, actor?: SignedInUser) => api.get(t, `/courses/${id}`, actor);

  it('shows a published course to everyone, with viewer fields', async () => {
    const visitor = await getAs(published);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json().data).toMatchObject({ _id: published, canAccessAll: false, progress: null });
    expect((await getAs(published, student)).json().data).toMatchObject({
      canAccessAll: false,
      progress: null,
    });
    expect((await getAs(published, otherInstructor)).json().data.canAccessAll).toBe(false);
    expect((await getAs(published, buyer)).json().data).toMatchObject({ canAccessAll: true, progress: 0 });
    expect((await getAs(published, owner)).json().data).toMatchObject({ canAccessAll: true, progress: null });
    expect((await getAs(published, admin)).json().data).toMatchObject({ canAccessAll: true, progress: null });
  });

  it('hides a draft (404, not 403) from visitors, students and other instructors', async () => {
    for (const actor of [undefined, student, otherInstructor]) {
      const response = await getAs(draft, actor);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(COURSE_MESSAGES.courseNotFound);
    }
  });

  it('shows a draft to its instructor, admins and its buyers', async () => {
    expect((await getAs(draft, owner)).statusCode).toBe(200);
    expect((await getAs(draft, admin)).statusCode).toBe(200);
    expect((await getAs(boughtDraft, buyer)).statusCode).toBe(200);
    expect((await getAs(draft, buyer)).statusCode).toBe(404);
  });

  it('answers 404 for unknown and malformed ids', async () => {
    expect((await getAs('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await getAs('not-a-uuid')).statusCode).toBe(404);
  });

  it('a bad token on the public route is just a visitor', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/v1/courses/${published}`,
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.canAccessAll).toBe(false);
  });

  it('applies the same rules through tRPC', async () => {
    expect((await trpcQuery(t, 'courses.get', { id: draft })).statusCode).toBe(404);
    expect((await trpcQuery(t, 'courses.get', { id: draft }, otherInstructor)).statusCode).toBe(404);
    const asOwner = await trpcQuery(t, 'courses.get', { id: draft }, owner);
    expect(trpcData<{ data: { _id: string } }>(asOwner).data._id).toBe(draft);
    const asBuyer = trpcData<{ data: { canAccessAll: boolean } }>(
      await trpcQuery(t, 'courses.get', { id: published }, buyer),
    );
    expect(asBuyer.data.canAccessAll).toBe(true);
  });
});

describe('counts and progress', () => {
  it('counts students, preview and other lectures, and totals the duration', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    await createLecture(t.db, { courseId: course.id, isPreview: true, durationSeconds: 3600 });
    await createLecture(t.db, { courseId: course.id, durationSeconds: 300 });
    await createLecture(t.db, { courseId: course.id, durationSeconds: 5 });
    for (let i = 0; i < 3; i += 1) {
      const learner = await signIn(t, 'student');
      await createEnrollment(t.db, { userId: learner.user.id, courseId: course.id });
    }
    const body = (await api.get(t, `/courses/${course.id}`)).json().data;
    expect(body).toMatchObject({
      studentsCount: 3,
      publicLectures: 1,
      privateLectures: 2,
      duration: '1h 05m',
    });
    expect(body.videos).toHaveLength(3);
    expect(body.videos.map((video: { order: number }) => video.order)).toEqual([1, 2, 3]);
  });

  it('gives an enrolled viewer their completion percentage', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    const lectureRows = [];
    for (let i = 0; i < 3; i += 1) lectureRows.push(await createLecture(t.db, { courseId: course.id }));
    const learner = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: learner.user.id, courseId: course.id });
    const progressOf = async () => (await api.get(t, `/courses/${course.id}`, learner)).json().data.progress;
    expect(await progressOf()).toBe(0);
    await t.db.insert(lectureProgress).values([
      { userId: learner.user.id, lectureId: lectureRows[0]!.id, courseId: course.id, completed: true },
      { userId: learner.user.id, lectureId: lectureRows[1]!.id, courseId: course.id, completed: false },
    ]);
    expect(await progressOf()).toBe(33);
    await t.db
      .insert(lectureProgress)
      .values([
        { userId: learner.user.id, lectureId: lectureRows[2]!.id, courseId: course.id, completed: true },
      ]);
    expect(await progressOf()).toBe(67);
    // Not enrolled: no progress at all.
    expect((await api.get(t, `/courses/${course.id}`, student)).json().data.progress).toBeNull();
  });

  it('is 0 for an enrolled viewer of a course without lectures', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    const learner = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: learner.user.id, courseId: course.id });
    const body = (await api.get(t, `/courses/${course.id}`, learner)).json().data;
    expect(body).toMatchObject({ progress: 0, duration: null, videos: [] });
  });
});

describe('PATCH /courses/{id} (update)', () => {
  it('lets the owner change every field', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    const changes = {
      title: 'Renamed',
      shortDescription: 'New short',
      description: 'New long',
      category: 'DevOps',
      level: 'Advanced',
      price: 1299,
      requirements: ['Docker'],
      whatYouWillLearn: ['Kubernetes'],
      tags: 'k8s',
      isPublished: true,
    };
    const response = await api.patch(t, `/courses/${course.id}`, changes, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(COURSE_MESSAGES.courseUpdated);
    expect(response.json().data.course).toMatchObject({ ...changes, status: 'published' });
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.priceMinor).toBe(129_900);
  });

  it('keeps isPublished and status together unless both are sent', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    const patch = async (body: object) =>
      (await api.patch(t, `/courses/${course.id}`, body, owner)).json().data.course;
    expect(await patch({ isPublished: false })).toMatchObject({ isPublished: false, status: 'draft' });
    expect(await patch({ status: 'published' })).toMatchObject({ isPublished: true, status: 'published' });
    expect(await patch({ status: 'archived' })).toMatchObject({ isPublished: true, status: 'archived' });
    expect(await patch({ isPublished: false, status: 'review' })).toMatchObject({
      isPublished: false,
      status: 'review',
    });
  });

  it('refuses to publish while a lecture has no video, naming it, and changes nothing', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    await createLecture(t.db, {
      courseId: course.id,
      title: 'Has a video',
      videoKey: 'courses/x/lecture/a.mp4',
    });
    const empty = await createLecture(t.db, { courseId: course.id, title: 'Still empty' });
    const refused = await api.patch(
      t,
      `/courses/${course.id}`,
      { isPublished: true, title: 'Renamed' },
      owner,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(COURSE_MESSAGES.lectureWithoutVideo('Still empty'));
    const [row] = await t.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row).toMatchObject({ isPublished: false, status: 'draft' });
    expect(row?.title).not.toBe('Renamed');
    // Other changes, and unpublishing, stay possible.
    expect((await api.patch(t, `/courses/${course.id}`, { title: 'Renamed' }, owner)).statusCode).toBe(200);
    await t.db.update(lectures).set({ videoKey: 'courses/x/lecture/b.mp4' }).where(eq(lectures.id, empty.id));
    const published = await api.patch(t, `/courses/${course.id}`, { status: 'published' }, owner);
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().data.course).toMatchObject({ isPublished: true, status: 'published' });
  });

  it('validates the price and given fields', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    const negative = await api.patch(t, `/courses/${course.id}`, { price: -5 }, owner);
    expect(negative.statusCode).toBe(400);
    expect(issueFor(negative, 'price')).toBe('Price must be 0 or more');
    expect((await api.patch(t, `/courses/${course.id}`, { price: '10' }, owner)).statusCode).toBe(400);
    expect((await api.patch(t, `/courses/${course.id}`, { level: 'Expert' }, owner)).statusCode).toBe(400);
    const blank = await api.patch(t, `/courses/${course.id}`, { title: ' ' }, owner);
    expect(issueFor(blank, 'title')).toBe('Title is required');
  });

  it("refuses another instructor's published course with the spec message, and hides their draft", async () => {
    const mine = await createCourse(t.db, { instructorId: owner.user.id });
    const myDraft = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    const refused = await api.patch(t, `/courses/${mine.id}`, { title: 'Hijack' }, otherInstructor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COURSE_MESSAGES.noUpdatePermission);
    expect(
      (await api.patch(t, `/courses/${myDraft.id}`, { title: 'Hijack' }, otherInstructor)).statusCode,
    ).toBe(404);
    const [row] = await t.db.select().from(courses).where(eq(courses.id, mine.id));
    expect(row?.title).not.toBe('Hijack');
    const viaTrpc = await trpcMutation(
      t,
      'courses.update',
      { id: mine.id, title: 'Hijack' },
      otherInstructor,
    );
    expect(viaTrpc.statusCode).toBe(403);
    expect(viaTrpc.json().error.message).toBe(COURSE_MESSAGES.noUpdatePermission);
  });

  it("lets an admin update anyone's course; refuses students at the route", async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    expect((await api.patch(t, `/courses/${course.id}`, { title: 'By admin' }, admin)).statusCode).toBe(200);
    const asStudent = await api.patch(t, `/courses/${course.id}`, { title: 'x' }, student);
    expect(asStudent.statusCode).toBe(403);
    expect(asStudent.json().message).toBe(AUTH_MESSAGES.forbidden);
    const viaTrpc = await trpcMutation(t, 'courses.update', { id: course.id, title: 'By tRPC' }, admin);
    expect(trpcData<{ data: { course: { title: string } } }>(viaTrpc).data.course.title).toBe('By tRPC');
  });

  it('sets the thumbnail from a stored key of this course only, with a server-made URL', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    const other = await createCourse(t.db, { instructorId: owner.user.id });
    const foreignKey = await storeMedia(t, other.id, 'thumbnail');
    const wrongCourse = await api.patch(t, `/courses/${course.id}`, { public_id: foreignKey }, owner);
    expect(wrongCourse.statusCode).toBe(400);
    expect(wrongCourse.json().message).toBe(COURSE_MESSAGES.mediaKeyNotInCourse);
    const videoKey = await storeMedia(t, course.id, 'lecture');
    expect((await api.patch(t, `/courses/${course.id}`, { public_id: videoKey }, owner)).statusCode).toBe(
      400,
    );
    const missing = await api.patch(
      t,
      `/courses/${course.id}`,
      { public_id: `courses/${course.id}/thumbnail/u1-missing.jpg` },
      owner,
    );
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(COURSE_MESSAGES.mediaFileMissing);

    const first = await storeMedia(t, course.id, 'thumbnail');
    const set = await api.patch(
      t,
      `/courses/${course.id}`,
      { public_id: first, secure_url: 'https://evil.example/x.jpg' },
      owner,
    );
    expect(set.statusCode).toBe(200);
    const thumbnail = set.json().data.course.thumbnail;
    expect(thumbnail.public_id).toBe(first);
    expect(thumbnail.secure_url).not.toContain('evil.example');
    expect(thumbnail.secure_url).toContain(encodeURIComponent(first));
    const image = await t.app.inject({
      method: 'GET',
      url: thumbnail.secure_url.replace(t.config.publicUrl, ''),
    });
    expect(image.statusCode).toBe(200);

    // Replacing it removes the previous file.
    const second = await storeMedia(t, course.id, 'thumbnail');
    expect((await api.patch(t, `/courses/${course.id}`, { public_id: second }, owner)).statusCode).toBe(200);
    expect(await t.storage.head(first)).toBeNull();
    expect(await t.storage.head(second)).not.toBeNull();
  });
});

describe('DELETE /courses/{id}', () => {
  it('removes the course, its lectures and enrollments, and its stored files; payments stay', async () => {
    const course = await createCourse(t.db, { instructorId: owner.user.id });
    const videoKey = await storeMedia(t, course.id, 'lecture');
    const thumbnailKey = await storeMedia(t, course.id, 'thumbnail');
    await t.db.update(courses).set({ thumbnailKey }).where(eq(courses.id, course.id));
    await createLecture(t.db, { courseId: course.id, videoKey });
    await createLecture(t.db, { courseId: course.id });
    const { payment } = await createPurchase(t.db, { userId: buyer.user.id, courseId: course.id });
    // A file outside the course's folder (shared demo media) is never touched.
    const sharedKey = await storeMedia(t, (await createCourse(t.db)).id, 'lecture');
    await createLecture(t.db, { courseId: course.id, videoKey: sharedKey });

    const response = await api.delete(t, `/courses/${course.id}`, owner);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: COURSE_MESSAGES.courseDeleted });
    expect(await t.db.$count(courses, eq(courses.id, course.id))).toBe(0);
    expect(await t.db.$count(lectures, eq(lectures.courseId, course.id))).toBe(0);
    expect(await t.db.$count(enrollments, eq(enrollments.courseId, course.id))).toBe(0);
    const [kept] = await t.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept?.courseId).toBeNull();
    expect(deletedPrefixes).toContain(`courses/${course.id}/`);
    expect(await t.storage.head(videoKey)).toBeNull();
    expect(await t.storage.head(thumbnailKey)).toBeNull();
    expect(await t.storage.head(sharedKey)).not.toBeNull();
    expect((await api.get(t, `/courses/${course.id}`, admin)).statusCode).toBe(404);
  });

  it("refuses another instructor's course with the spec message (404 for a draft)", async () => {
    const published = await createCourse(t.db, { instructorId: owner.user.id });
    const draft = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    const refused = await api.delete(t, `/courses/${published.id}`, otherInstructor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(COURSE_MESSAGES.noDeletePermission);
    expect((await api.delete(t, `/courses/${draft.id}`, otherInstructor)).statusCode).toBe(404);
    expect((await api.delete(t, `/courses/${published.id}`, student)).statusCode).toBe(403);
    expect(await t.db.$count(courses, eq(courses.id, published.id))).toBe(1);
    const viaTrpc = await trpcMutation(t, 'courses.delete', { id: published.id }, otherInstructor);
    expect(viaTrpc.statusCode).toBe(403);
    expect(viaTrpc.json().error.message).toBe(COURSE_MESSAGES.noDeletePermission);
  });

  it("lets an admin delete anyone's course, also through tRPC", async () => {
    const first = await createCourse(t.db, { instructorId: owner.user.id });
    expect((await api.delete(t, `/courses/${first.id}`, admin)).statusCode).toBe(200);
    const second = await createCourse(t.db, { instructorId: owner.user.id });
    const viaTrpc = await trpcMutation(t, 'courses.delete', { id: second.id }, admin);
    expect(trpcData<{ message: string }>(viaTrpc).message).toBe(COURSE_MESSAGES.courseDeleted);
    expect((await api.delete(t, `/courses/${first.id}`, admin)).statusCode).toBe(404);
  });
});

describe('POST /courses/by-ids', () => {
  it('returns the courses the viewer may see, in the requested order, skipping the rest', async () => {
    const a = await createCourse(t.db, { instructorId: owner.user.id });
    const b = await createCourse(t.db, { instructorId: owner.user.id });
    const draft = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    const learner = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: learner.user.id, courseId: draft.id });
    const ids = [b.id, 'not-a-uuid', draft.id, '00000000-0000-4000-8000-000000000000', a.id, b.id];
    const idsFor = async (actor?: SignedInUser) =>
      (await api.post(t, '/courses/by-ids', { courseIds: ids }, actor))
        .json()
        .data.courses.map((course: { _id: string }) => course._id);
    expect(await idsFor()).toEqual([b.id, a.id]);
    expect(await idsFor(student)).toEqual([b.id, a.id]);
    expect(await idsFor(otherInstructor)).toEqual([b.id, a.id]);
    expect(await idsFor(owner)).toEqual([b.id, draft.id, a.id]);
    expect(await idsFor(admin)).toEqual([b.id, draft.id, a.id]);
    expect(await idsFor(learner)).toEqual([b.id, draft.id, a.id]);
    const viaTrpc = trpcData<{ data: { courses: { _id: string }[] } }>(
      await trpcQuery(t, 'courses.byIds', { courseIds: ids }),
    );
    expect(viaTrpc.data.courses.map((course) => course._id)).toEqual([b.id, a.id]);
  });

  it('accepts an empty list and refuses more than 100 ids', async () => {
    expect((await api.post(t, '/courses/by-ids', { courseIds: [] })).json()).toEqual({
      data: { courses: [] },
    });
    expect((await api.post(t, '/courses/by-ids', { courseIds: Array(101).fill('x') })).statusCode).toBe(400);
  });
});

describe('GET /courses/my-courses', () => {
  it("lists the viewer's purchases, published or not, most recent first", async () => {
    const learner = await signIn(t, 'student');
    const older = await createCourse(t.db, { instructorId: owner.user.id });
    const newer = await createCourse(t.db, { instructorId: owner.user.id, isPublished: false });
    await createCourse(t.db, { instructorId: owner.user.id });
    await createPurchase(t.db, {
      userId: learner.user.id,
      courseId: older.id,
      createdAt: new Date(Date.now() - 60_000),
    });
    await createPurchase(t.db, { userId: learner.user.id, courseId: newer.id });
    const response = await api.get(t, '/courses/my-courses', learner);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.courses.map((course: { _id: string }) => course._id)).toEqual([newer.id, older.id]);
    expect(body.data.nextCursor).toBeNull();
    expect(body.data.courses.every((course: { canAccessAll: boolean }) => course.canAccessAll)).toBe(true);
    const viaTrpc = trpcData<{ data: { courses: unknown[] } }>(
      await trpcQuery(t, 'courses.mine', undefined, learner),
    );
    expect(viaTrpc.data.courses).toHaveLength(2);
  });

  it('is empty for a viewer without purchases and 401 for visitors', async () => {
    const fresh = await signIn(t, 'student');
    expect((await api.get(t, '/courses/my-courses', fresh)).json().data.courses).toEqual([]);
    expect((await api.get(t, '/courses/my-courses')).statusCode).toBe(401);
  });
});

describe('GET /instructor/courses', () => {
  it("lists only the instructor's own courses, drafts included; everything for an admin", async () => {
    const instructor = await signIn(t, 'instructor');
    const mine = [
      await createCourse(t.db, { instructorId: instructor.user.id }),
      await createCourse(t.db, { instructorId: instructor.user.id, isPublished: false }),
    ];
    const theirs = await createCourse(t.db, { instructorId: otherInstructor.user.id, isPublished: false });
    const ids = (await api.get(t, '/instructor/courses?limit=100', instructor))
      .json()
      .data.courses.map((course: { _id: string }) => course._id);
    expect(ids.sort()).toEqual(mine.map((course) => course.id).sort());

    const all: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=5&cursor=${cursor}` : '?limit=5';
      const page = (await api.get(t, `/instructor/courses${query}`, admin)).json().data;
      all.push(...page.courses.map((course: { _id: string }) => course._id));
      cursor = page.nextCursor;
    } while (cursor);
    expect(all).toContain(theirs.id);
    expect(all).toContain(mine[1]!.id);
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBe(await t.db.$count(courses));

    const viaTrpc = trpcData<{ data: { courses: { _id: string }[] } }>(
      await trpcQuery(t, 'courses.instructorList', { limit: 100 }, instructor),
    );
    expect(viaTrpc.data.courses.map((course) => course._id).sort()).toEqual(
      mine.map((course) => course.id).sort(),
    );
    expect((await api.get(t, '/instructor/courses', student)).statusCode).toBe(403);
  });
});

describe('GET /courses/coures-overview', () => {
  it('serves real per-course counts and totals for the instructor', async () => {
    const instructor = await signIn(t, 'instructor');
    const live = await createCourse(t.db, { instructorId: instructor.user.id, priceMinor: 50_000 });
    const draft = await createCourse(t.db, { instructorId: instructor.user.id, isPublished: false });
    await createLecture(t.db, { courseId: live.id, isPreview: true });
    await createLecture(t.db, { courseId: live.id });
    await createLecture(t.db, { courseId: live.id });
    await createLecture(t.db, { courseId: draft.id });
    for (let i = 0; i < 2; i += 1) {
      const learner = await signIn(t, 'student');
      await createPurchase(t.db, { userId: learner.user.id, courseId: live.id });
    }
    const refunded = await signIn(t, 'student');
    await createPurchase(t.db, {
      userId: refunded.user.id,
      courseId: live.id,
      payment: { status: 'refunded' },
    });
    await createCourse(t.db, { instructorId: otherInstructor.user.id });

    const response = await api.get(t, '/courses/coures-overview', instructor);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toMatchObject({ totalCourses: 2, publishedCourses: 1, draftCourses: 1 });
    const liveRow = data.courses.find((course: { _id: string }) => course._id === live.id);
    expect(liveRow).toEqual({
      _id: live.id,
      title: live.title,
      isPublished: true,
      status: 'published',
      studentsCount: 3,
      lecturesCount: 3,
      publicLectures: 1,
      privateLectures: 2,
      revenue: 1000,
    });
    const draftRow = data.courses.find((course: { _id: string }) => course._id === draft.id);
    expect(draftRow).toMatchObject({ studentsCount: 0, lecturesCount: 1, publicLectures: 0, revenue: 0 });

    const viaTrpc = trpcData<{ data: { totalCourses: number } }>(
      await trpcQuery(t, 'courses.overview', undefined, instructor),
    );
    expect(viaTrpc.data.totalCourses).toBe(2);
  });

  it('covers every course for an admin and refuses students', async () => {
    const data = (await api.get(t, '/courses/coures-overview', admin)).json().data;
    expect(data.totalCourses).toBe(await t.db.$count(courses));
    expect(data.publishedCourses + data.draftCourses).toBe(data.totalCourses);
    expect((await api.get(t, '/courses/coures-overview', student)).statusCode).toBe(403);
  });
});
