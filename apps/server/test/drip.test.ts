/**
 * Drip release (issue 26 item 4, decision 0076): a section opens a number of days after the learner's
 * enrollment, or on a date. Before then its lessons are refused to learners on every route that hands out
 * a lesson (no video URL and locked in `/videos`, `/videos/video/{id}` and the course, progress refused),
 * and `curriculum.get` tells the learner when the section opens; the course's instructor and admins are
 * never held back, and a free preview stays open to everyone. The rule is set per section (one of the two).
 */
import { CURRICULUM_MESSAGES } from '@lectio/contracts/curriculum';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, issueFor, type SignedInUser, signIn, storeMedia } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

const DAY = 86_400_000;
const ENROLLED_AT = new Date('2026-11-01T10:00:00.000Z');

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let learner: SignedInUser;
let courseId: string;
let open: string;
let later: string;
let laterPreview: string;
let dated: string;
let laterSection: string;
let datedSection: string;

beforeAll(async () => {
  // The clock stands at two days after the learner enrolled.
  t = await createTestApp({}, undefined, { clock: new Date(ENROLLED_AT.getTime() + 2 * DAY) });
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  learner = await signIn(t, 'student');
  courseId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  const video = () => storeMedia(t, courseId, 'lecture');
  open = (await createLecture(t.db, { courseId, title: 'open', videoKey: await video() })).id;

  // A section that opens 7 days after enrollment, and one that opens on a date 10 days away.
  const part2 = await api.post(
    t,
    `/courses/${courseId}/sections`,
    { title: 'Week 2', opensAfterDays: 7 },
    owner,
  );
  expect(part2.statusCode).toBe(201);
  expect(part2.json().data.section).toMatchObject({ opensAfterDays: 7, opensAt: null });
  laterSection = part2.json().data.section._id;
  const opensAt = new Date(ENROLLED_AT.getTime() + 12 * DAY).toISOString();
  const part3 = await api.post(t, `/courses/${courseId}/sections`, { title: 'Finale', opensAt }, owner);
  expect(part3.statusCode).toBe(201);
  expect(part3.json().data.section).toMatchObject({ opensAfterDays: null, opensAt });
  datedSection = part3.json().data.section._id;

  const add = async (title: string, sectionId: string, isPreview = false) => {
    const created = await api.post(t, '/videos/lecture', { courseId, title, sectionId, isPreview }, owner);
    expect(created.statusCode).toBe(201);
    const id = created.json().data.lecture._id as string;
    const patched = await api.patch(
      t,
      `/videos/${id}/video_thumbnail`,
      { public_id: await video(), duration: 60 },
      owner,
    );
    expect(patched.statusCode).toBe(200);
    return id;
  };
  later = await add('later', laterSection);
  laterPreview = await add('later preview', laterSection, true);
  dated = await add('dated', datedSection);
  await createEnrollment(t.db, { userId: learner.user.id, courseId, createdAt: ENROLLED_AT });
});
afterAll(async () => {
  await t?.close();
});

async function videos(as?: SignedInUser) {
  const response = await api.get(t, `/videos/${courseId}`, as);
  expect(response.statusCode).toBe(200);
  const list = response.json().videos as { _id: string; isLocked: boolean; videoUrl: string | null }[];
  return Object.fromEntries(
    list.map((video) => [video._id, { locked: video.isLocked, url: video.videoUrl !== null }]),
  );
}

describe('a section not yet open', () => {
  it('is locked to the learner in /videos, the lesson and the course, with no video URL; a preview stays open', async () => {
    expect(await videos(learner)).toEqual({
      [open]: { locked: false, url: true },
      [later]: { locked: true, url: false },
      [laterPreview]: { locked: false, url: true },
      [dated]: { locked: true, url: false },
    });
    const one = await api.get(t, `/videos/video/${later}`, learner);
    expect(one.json().data.lecture).toMatchObject({ isLocked: true, videoUrl: null });
    const course = await api.get(t, `/courses/${courseId}`, learner);
    const inCourse = (course.json().data.videos as { _id: string; videoUrl: string | null }[]).find(
      (video) => video._id === dated,
    );
    expect(inCourse?.videoUrl).toBeNull();
  });

  it('refuses the learner progress on its lessons, saying when it opens', async () => {
    const refused = await api.post(
      t,
      `/progress/${later}`,
      { watchedDuration: 10, completed: false },
      learner,
    );
    expect(refused.statusCode).toBe(403);
    const opens = new Date(ENROLLED_AT.getTime() + 7 * DAY).toISOString();
    expect(refused.json().message).toBe(CURRICULUM_MESSAGES.sectionLocked(opens));
    const allowed = await api.post(
      t,
      `/progress/${open}`,
      { watchedDuration: 10, completed: false },
      learner,
    );
    expect(allowed.statusCode).toBe(200);
  });

  it('is open to the instructor and to admins', async () => {
    for (const who of [owner, admin]) {
      const seen = await videos(who);
      expect(Object.values(seen).every((video) => !video.locked && video.url)).toBe(true);
    }
  });

  it('tells the learner when each section opens in the curriculum; others see the rules only', async () => {
    const mine = (await api.get(t, `/courses/${courseId}/curriculum`, learner)).json().data.sections as {
      title: string;
      opensOn: string | null;
      opensAfterDays: number | null;
      opensAt: string | null;
    }[];
    expect(mine.map((section) => [section.title, section.opensOn])).toEqual([
      ['Course content', null],
      ['Week 2', new Date(ENROLLED_AT.getTime() + 7 * DAY).toISOString()],
      ['Finale', new Date(ENROLLED_AT.getTime() + 12 * DAY).toISOString()],
    ]);
    const visitor = (await api.get(t, `/courses/${courseId}/curriculum`)).json().data.sections as typeof mine;
    expect(visitor.map((section) => [section.opensOn, section.opensAfterDays])).toEqual([
      [null, null],
      [null, 7],
      [null, null],
    ]);
    const owners = (await api.get(t, `/courses/${courseId}/curriculum`, owner)).json().data
      .sections as typeof mine;
    expect(owners.every((section) => section.opensOn === null)).toBe(true);
  });

  it('opens once its day comes: after 7 days the first, after 12 the dated one', async () => {
    t.advanceClock(5 * DAY + 1000);
    expect(await videos(learner)).toMatchObject({
      [later]: { locked: false, url: true },
      [dated]: { locked: true },
    });
    expect(
      (await api.post(t, `/progress/${later}`, { watchedDuration: 10, completed: false }, learner))
        .statusCode,
    ).toBe(200);
    t.advanceClock(5 * DAY);
    expect(await videos(learner)).toMatchObject({ [dated]: { locked: false, url: true } });
  });
});

describe('setting the rule', () => {
  it('takes one rule at a time; a new one replaces the other, null removes it; bad values are 400 and change nothing', async () => {
    const both = await api.patch(
      t,
      `/sections/${laterSection}`,
      { opensAfterDays: 3, opensAt: '2027-01-01T00:00:00Z' },
      owner,
    );
    expect(both.statusCode).toBe(400);
    expect(issueFor(both, 'opensAt')).toBe(CURRICULUM_MESSAGES.dripOneRule);
    for (const opensAfterDays of [0, -1, 1.5, 3651]) {
      const bad = await api.patch(t, `/sections/${laterSection}`, { opensAfterDays }, owner);
      expect(bad.statusCode).toBe(400);
      expect(issueFor(bad, 'opensAfterDays')).toBe(CURRICULUM_MESSAGES.dripDaysInvalid);
    }
    // Dates JavaScript reads but PostgreSQL can't store (no year 0; before year 1) are refused as input too.
    for (const opensAt of [
      'next tuesday',
      '0000-01-01T00:00:00Z',
      '-000001-01-01T00:00:00Z',
      '-271821-04-20T00:00:00Z',
    ]) {
      const badDate = await api.patch(t, `/sections/${laterSection}`, { opensAt }, owner);
      expect(badDate.statusCode).toBe(400);
      expect(issueFor(badDate, 'opensAt')).toBe(CURRICULUM_MESSAGES.dripDateInvalid);
      const badNew = await api.post(t, `/courses/${courseId}/sections`, { title: 'x', opensAt }, owner);
      expect(badNew.statusCode).toBe(400);
    }

    const switched = await api.patch(
      t,
      `/sections/${laterSection}`,
      { opensAt: '2027-01-01T00:00:00Z' },
      owner,
    );
    expect(switched.json().data.section).toMatchObject({
      title: 'Week 2',
      opensAfterDays: null,
      opensAt: '2027-01-01T00:00:00.000Z',
    });
    const cleared = await api.patch(t, `/sections/${laterSection}`, { opensAt: null }, owner);
    expect(cleared.json().data.section).toMatchObject({ opensAfterDays: null, opensAt: null });
    const refused = await api.patch(t, `/sections/${datedSection}`, { opensAfterDays: 2 }, learner);
    expect(refused.statusCode).toBe(403);
  });
});
