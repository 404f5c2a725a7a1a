/**
 * Sections and the curriculum order (issue 26 item 1, decision 0075) through REST and tRPC: the outline
 * anyone who may see the course reads, sections added, renamed and deleted by the course's instructor or
 * an admin, the whole order arranged at once (lessons across sections), bad input refused without change,
 * and the spec's `/videos` view following the curriculum order.
 */
import { randomUUID } from 'node:crypto';
import { CURRICULUM_LIMITS, CURRICULUM_MESSAGES, CURRICULUM_TEXT } from '@lectio/contracts/curriculum';
import { courseSections, lectures } from '@lectio/db';
import { createCourse, createLecture } from '@lectio/db/seed/factories';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  api,
  issueFor,
  type SignedInUser,
  signIn,
  trpcData,
  trpcMutation,
  trpcQuery,
} from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let student: SignedInUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
  student = await signIn(t, 'student');
});
afterAll(async () => {
  await t?.close();
});

let courseId: string;
let lessons: string[];

/** A published course of the owner with lessons a, b, c in its one section ("Course content"). */
beforeEach(async () => {
  courseId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  lessons = [];
  for (const title of ['a', 'b', 'c']) {
    lessons.push((await createLecture(t.db, { courseId, title, durationSeconds: 60 })).id);
  }
});

async function outline(as?: SignedInUser) {
  const response = await api.get(t, `/courses/${courseId}/curriculum`, as);
  expect(response.statusCode).toBe(200);
  return response.json().data as {
    lessonCount: number;
    duration: number;
    sections: {
      _id: string;
      title: string;
      order: number;
      lessonCount: number;
      lessons: { title: string; order: number }[];
    }[];
  };
}

const shape = (curriculum: Awaited<ReturnType<typeof outline>>) =>
  curriculum.sections.map((section) => [
    section.title,
    section.order,
    section.lessons.map((l) => `${l.order}:${l.title}`),
  ]);

async function addSection(title: string, as: SignedInUser = owner) {
  const response = await api.post(t, `/courses/${courseId}/sections`, { title }, as);
  return response;
}

describe('curriculum.get', () => {
  it('outlines the sections with their lessons, counts and durations, for anyone (REST and tRPC alike)', async () => {
    const anonymous = await outline();
    expect(anonymous).toMatchObject({ lessonCount: 3, duration: 180 });
    expect(shape(anonymous)).toEqual([[CURRICULUM_TEXT.defaultSection, 1, ['1:a', '2:b', '3:c']]]);
    expect(anonymous.sections[0]).toMatchObject({ lessonCount: 3, duration: 180 });
    const viaTrpc = trpcData(await trpcQuery(t, 'curriculum.get', { courseId }));
    expect(viaTrpc).toEqual({ data: anonymous });
    // No media or content in the outline.
    expect(JSON.stringify(anonymous)).not.toMatch(/videoUrl|secure_url|description/);
    // Shared caches may keep the anonymous outline briefly; a signed-in viewer's is private.
    const shared = await api.get(t, `/courses/${courseId}/curriculum`);
    expect(shared.headers['cache-control']).toBe('public, max-age=0, s-maxage=2, stale-while-revalidate=30');
    expect(shared.headers.etag).toBeTruthy();
    const own = await api.get(t, `/courses/${courseId}/curriculum`, owner);
    expect(own.headers['cache-control']).toBe('private, no-store');
  });

  it("is 404 for a draft course to anyone but its instructor and admins, and for a course that doesn't exist", async () => {
    const draft = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    expect((await api.get(t, `/courses/${draft}/curriculum`)).statusCode).toBe(404);
    expect((await api.get(t, `/courses/${draft}/curriculum`, student)).statusCode).toBe(404);
    expect((await api.get(t, `/courses/${draft}/curriculum`, otherInstructor)).statusCode).toBe(404);
    expect((await api.get(t, `/courses/${draft}/curriculum`, owner)).statusCode).toBe(200);
    expect((await api.get(t, `/courses/${draft}/curriculum`, admin)).statusCode).toBe(200);
    expect((await api.get(t, '/courses/00000000-0000-4000-8000-000000000000/curriculum')).statusCode).toBe(
      404,
    );
    expect((await api.get(t, '/courses/not-a-uuid/curriculum')).statusCode).toBe(404);
  });
});

describe('sections', () => {
  it('are added at the end, renamed and deleted when empty by the owner or an admin', async () => {
    const added = await addSection('  Going further  ');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({
      message: CURRICULUM_MESSAGES.sectionCreated,
      data: {
        section: {
          _id: expect.any(String),
          courseId,
          title: 'Going further',
          order: 2,
          opensAfterDays: null,
          opensAt: null,
        },
      },
    });
    const id = added.json().data.section._id as string;
    const renamed = await api.patch(t, `/sections/${id}`, { title: 'Advanced' }, admin);
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.section).toMatchObject({ title: 'Advanced', order: 2 });
    expect(shape(await outline())).toEqual([
      [CURRICULUM_TEXT.defaultSection, 1, ['1:a', '2:b', '3:c']],
      ['Advanced', 2, []],
    ]);
    const deleted = await api.delete(t, `/sections/${id}`, owner);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: CURRICULUM_MESSAGES.sectionDeleted });
    expect((await outline()).sections).toHaveLength(1);
  });

  it('refuses to delete a section that holds lessons, and deletes nothing', async () => {
    const [first] = (await outline()).sections;
    const refused = await api.delete(t, `/sections/${first?._id}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CURRICULUM_MESSAGES.sectionNotEmpty);
    expect((await outline()).lessonCount).toBe(3);
  });

  it("are another instructor's 403 on a published course, 404 on a draft; an empty title is 400", async () => {
    expect((await addSection('Mine now', otherInstructor)).statusCode).toBe(403);
    const [first] = (await outline()).sections;
    expect((await api.patch(t, `/sections/${first?._id}`, { title: 'x' }, otherInstructor)).statusCode).toBe(
      403,
    );
    expect((await api.delete(t, `/sections/${first?._id}`, otherInstructor)).statusCode).toBe(403);
    const draft = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    const hidden = await api.post(t, `/courses/${draft}/sections`, { title: 'x' }, otherInstructor);
    expect(hidden.statusCode).toBe(404);
    const blank = await addSection('   ');
    expect(blank.statusCode).toBe(400);
    expect(issueFor(blank, 'title')).toBe(CURRICULUM_MESSAGES.sectionTitleRequired);
    expect((await api.delete(t, '/sections/00000000-0000-4000-8000-000000000000', owner)).statusCode).toBe(
      404,
    );
    expect((await outline()).sections).toHaveLength(1);
  });

  it('renumber the sections after the deleted one, and their lessons; of two racing deletes one is 404', async () => {
    const part2 = (await addSection('Part 2')).json().data.section._id as string;
    const part3 = (await addSection('Part 3')).json().data.section._id as string;
    expect(
      (await api.post(t, '/videos/lecture', { courseId, title: 'd', sectionId: part3 }, owner)).statusCode,
    ).toBe(201);
    const [one, two] = await Promise.all([
      api.delete(t, `/sections/${part2}`, owner),
      api.delete(t, `/sections/${part2}`, admin),
    ]);
    expect([one.statusCode, two.statusCode].sort()).toEqual([200, 404]);
    expect(shape(await outline())).toEqual([
      [CURRICULUM_TEXT.defaultSection, 1, ['1:a', '2:b', '3:c']],
      ['Part 3', 2, ['4:d']],
    ]);
  });

  it('are 404 by an id that is not a uuid, and unchanged', async () => {
    expect((await api.patch(t, '/sections/not-a-uuid', { title: 'x' }, owner)).statusCode).toBe(404);
    expect((await api.delete(t, '/sections/not-a-uuid', owner)).statusCode).toBe(404);
    expect(shape(await outline())).toEqual([[CURRICULUM_TEXT.defaultSection, 1, ['1:a', '2:b', '3:c']]]);
  });

  it('take a new lesson at their end when it names them; a section of another course is 400', async () => {
    const part2 = (await addSection('Part 2')).json().data.section._id as string;
    const created = await api.post(t, '/videos/lecture', { courseId, title: 'd', sectionId: part2 }, owner);
    expect(created.statusCode).toBe(201);
    const last = await api.post(t, '/videos/lecture', { courseId, title: 'e' }, owner);
    expect(last.statusCode).toBe(201);
    expect(shape(await outline())).toEqual([
      [CURRICULUM_TEXT.defaultSection, 1, ['1:a', '2:b', '3:c']],
      ['Part 2', 2, ['4:d', '5:e']],
    ]);
    const other = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    const foreign = await api.post(
      t,
      '/videos/lecture',
      { courseId: other, title: 'x', sectionId: part2 },
      owner,
    );
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().message).toBe(CURRICULUM_MESSAGES.sectionOfAnotherCourse);
    expect(await t.db.select().from(lectures).where(eq(lectures.courseId, other))).toEqual([]);
  });
});

describe('curriculum.arrange', () => {
  it('reorders sections and moves lessons across them in one call; /videos follows the curriculum', async () => {
    const part2 = (await addSection('Part 2')).json().data.section._id as string;
    const [first] = (await outline()).sections;
    const [a, b, c] = lessons;
    const arranged = await api.put(
      t,
      `/courses/${courseId}/curriculum`,
      {
        sections: [
          { sectionId: part2, lessonIds: [c, a] },
          { sectionId: first?._id, lessonIds: [b] },
        ],
      },
      owner,
    );
    expect(arranged.statusCode).toBe(200);
    expect(arranged.json().message).toBe(CURRICULUM_MESSAGES.curriculumArranged);
    const expected = [
      ['Part 2', 1, ['1:c', '2:a']],
      [CURRICULUM_TEXT.defaultSection, 2, ['3:b']],
    ];
    expect(shape(arranged.json().data)).toEqual(expected);
    expect(shape(await outline())).toEqual(expected);
    const videos = (await api.get(t, `/videos/${courseId}`)).json().videos as {
      title: string;
      order: number;
    }[];
    expect(videos.map((video) => `${video.order}:${video.title}`)).toEqual(['1:c', '2:a', '3:b']);

    // The flat /videos reorder keeps each lesson in its section: the order applies within sections.
    const reordered = await api.patch(t, `/videos/${courseId}/order`, { lectureIds: [b, a, c] }, owner);
    expect(reordered.statusCode).toBe(200);
    expect(shape(await outline())).toEqual([
      ['Part 2', 1, ['1:a', '2:c']],
      [CURRICULUM_TEXT.defaultSection, 2, ['3:b']],
    ]);
  });

  it('refuses an order that misses, repeats or invents a section or lesson, and changes nothing', async () => {
    const part2 = (await addSection('Part 2')).json().data.section._id as string;
    const [first] = (await outline()).sections;
    const before = shape(await outline());
    const [a, b, c] = lessons;
    const stranger = (await createLecture(t.db, {})).id;
    const attempts = [
      [{ sectionId: first?._id, lessonIds: [a, b, c] }],
      [
        { sectionId: first?._id, lessonIds: [a, b] },
        { sectionId: part2, lessonIds: [] },
      ],
      [
        { sectionId: first?._id, lessonIds: [a, b, c, a] },
        { sectionId: part2, lessonIds: [] },
      ],
      [
        { sectionId: first?._id, lessonIds: [a, b, c, stranger] },
        { sectionId: part2, lessonIds: [] },
      ],
      [
        { sectionId: first?._id, lessonIds: [a, b, c] },
        { sectionId: part2, lessonIds: [] },
        { sectionId: first?._id, lessonIds: [] },
      ],
    ];
    for (const sections of attempts) {
      const refused = await api.put(t, `/courses/${courseId}/curriculum`, { sections }, owner);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(CURRICULUM_MESSAGES.arrangeMismatch);
    }
    expect(shape(await outline())).toEqual(before);
    const sectionsLeft = await t.db
      .select({ title: courseSections.title })
      .from(courseSections)
      .where(eq(courseSections.courseId, courseId))
      .orderBy(asc(courseSections.position));
    expect(sectionsLeft.map((row) => row.title)).toEqual([CURRICULUM_TEXT.defaultSection, 'Part 2']);
  });

  it("takes ids in upper case; refuses ids that aren't uuids and another course's section, changing nothing", async () => {
    const [first] = (await outline()).sections;
    const [a, b, c] = lessons as [string, string, string];
    const before = shape(await outline());
    const otherCourse = (await createCourse(t.db, { instructorId: owner.user.id })).id;
    const foreignSection = (await createLecture(t.db, { courseId: otherCourse })).sectionId;
    const refusals = [
      [{ sectionId: first?._id, lessonIds: [a, b, 'not-a-uuid'] }],
      [{ sectionId: 'not-a-uuid', lessonIds: [a, b, c] }],
      [{ sectionId: foreignSection, lessonIds: [a, b, c] }],
      [
        { sectionId: first?._id, lessonIds: [a, b, c] },
        { sectionId: foreignSection, lessonIds: [] },
      ],
    ];
    for (const sections of refusals) {
      const refused = await api.put(t, `/courses/${courseId}/curriculum`, { sections }, owner);
      expect(refused.statusCode).toBe(400);
    }
    expect(shape(await outline())).toEqual(before);
    const upper = await api.put(
      t,
      `/courses/${courseId}/curriculum`,
      {
        sections: [{ sectionId: first?._id.toUpperCase(), lessonIds: [c.toUpperCase(), b, a.toUpperCase()] }],
      },
      owner,
    );
    expect(upper.statusCode).toBe(200);
    expect(shape(await outline())).toEqual([[CURRICULUM_TEXT.defaultSection, 1, ['1:c', '2:b', '3:a']]]);
  });

  it('holds at most CURRICULUM_LIMITS.lessons lessons per course: more is 400 to arrange, 409 to add', async () => {
    const [first] = (await outline()).sections;
    const tooMany = Array.from({ length: CURRICULUM_LIMITS.lessons + 1 }, () => randomUUID());
    const refused = await api.put(
      t,
      `/courses/${courseId}/curriculum`,
      {
        sections: [
          { sectionId: first?._id, lessonIds: tooMany.slice(0, 1000) },
          { sectionId: randomUUID(), lessonIds: tooMany.slice(1000) },
        ],
      },
      owner,
    );
    expect(refused.statusCode).toBe(400);
    expect(issueFor(refused, 'sections')).toBe(CURRICULUM_MESSAGES.tooManyLessons);
    // Fill the course to the limit, then one more lesson is refused and nothing is added.
    const sectionId = first?._id ?? '';
    const fill = Array.from({ length: CURRICULUM_LIMITS.lessons - lessons.length }, (_, i) => ({
      courseId,
      sectionId,
      title: `filler ${i}`,
      position: lessons.length + i + 1,
    }));
    await t.db.insert(lectures).values(fill);
    const full = await api.post(t, '/videos/lecture', { courseId, title: 'one too many' }, owner);
    expect(full.statusCode).toBe(409);
    expect(full.json().message).toBe(CURRICULUM_MESSAGES.tooManyLessons);
    expect((await outline()).lessonCount).toBe(CURRICULUM_LIMITS.lessons);
  });

  it("is the course's instructor's or an admin's: 403 to another instructor (tRPC too)", async () => {
    const [first] = (await outline()).sections;
    const body = { courseId, sections: [{ sectionId: first?._id ?? '', lessonIds: [...lessons].reverse() }] };
    const refused = await trpcMutation(t, 'curriculum.arrange', body, otherInstructor);
    expect(refused.statusCode).toBe(403);
    const byAdmin = await trpcMutation(t, 'curriculum.arrange', body, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(shape(await outline())).toEqual([[CURRICULUM_TEXT.defaultSection, 1, ['1:c', '2:b', '3:a']]]);
  });
});
