import { access, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { LEVELS } from '@lectio/contracts/constants';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/password';
import {
  courseSections,
  courses,
  enrollments,
  lectureProgress,
  lectures,
  ledgerEntries,
  lessonResources,
  payments,
  quizQuestions,
  reviews,
  users,
} from '../src/schema/index';
import {
  DEMO_ACCOUNTS,
  DEMO_COURSES,
  DEMO_MEDIA_KEYS,
  DEMO_MEDIA_SOURCE_DIR,
  DEMO_PASSWORD,
  demoLecturesOf,
  demoLessonsOf,
  demoVideoSeconds,
  seedDemo,
} from '../src/seed/demo';
import { DEMO_ARTICLES } from '../src/seed/demo-articles';
import { DEMO_VIDEO_SECONDS } from '../src/seed/demo-videos';
import { createTestDatabase, type TestDatabase } from '../src/testing';

let handle: TestDatabase;
let mediaDir: string;
let firstRun: { seeded: boolean };

beforeAll(async () => {
  handle = await createTestDatabase();
  mediaDir = await mkdtemp(path.join(os.tmpdir(), 'lectio-demo-media-'));
  firstRun = await seedDemo(handle.db, { mediaDir });
});
afterAll(async () => {
  await handle?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('seeds an empty database', () => {
    expect(firstRun).toEqual({ seeded: true });
  });

  it('creates the four demo accounts with the demo password', async () => {
    for (const account of Object.values(DEMO_ACCOUNTS)) {
      const [user] = await handle.db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(user!.role).toBe(account.role);
      expect(user!.name).toBe(account.name);
      expect(user!.isActive).toBe(true);
      expect(await verifyPassword(user!.passwordHash, DEMO_PASSWORD)).toBe(true);
    }
    expect(DEMO_ACCOUNTS.admin.name).toBe('Admin User');
  });

  it('creates at least 8 courses across categories, levels, owners, states and prices', async () => {
    const all = await handle.db.select().from(courses);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(new Set(all.map((course) => course.category)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(all.map((course) => course.level))).toEqual(new Set(LEVELS));

    const [instructor] = await handle.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.instructor.email));
    const [instructor2] = await handle.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.instructor2.email));
    expect(all.some((course) => course.instructorId === instructor!.id)).toBe(true);
    expect(all.some((course) => course.instructorId === instructor2!.id)).toBe(true);

    const published = all.filter((course) => course.isPublished);
    const drafts = all.filter((course) => !course.isPublished);
    expect(published.every((course) => course.status === 'published')).toBe(true);
    expect(drafts.every((course) => course.status === 'draft')).toBe(true);
    expect(drafts.length).toBeGreaterThanOrEqual(1);
    expect(published.length).toBeGreaterThan(drafts.length);

    expect(published.some((course) => course.priceMinor === 0)).toBe(true);
    expect(published.filter((course) => course.priceMinor > 0).length).toBeGreaterThan(1);
    for (const course of all) {
      expect(course.priceMinor % 100).toBe(0);
      expect(course.shortDescription.length).toBeGreaterThan(0);
      expect(course.description.length).toBeGreaterThan(0);
      expect(course.whatYouWillLearn.length).toBeGreaterThan(0);
      expect(course.tags.length).toBeGreaterThan(0);
    }
  });

  it('gives every published course 3-5 ordered video lectures starting with an "Intro" preview, each playing its own 30-120 s slide video', async () => {
    const published = await handle.db.select().from(courses).where(eq(courses.isPublished, true));
    for (const course of published) {
      const rows = await handle.db
        .select()
        .from(lectures)
        .where(and(eq(lectures.courseId, course.id), eq(lectures.kind, 'video')))
        .orderBy(asc(lectures.position));
      expect(rows.length, course.title).toBeGreaterThanOrEqual(3);
      expect(rows.length, course.title).toBeLessThanOrEqual(5);
      expect(rows.map((lecture) => lecture.position)).toEqual(rows.map((_, index) => index + 1));
      expect(rows[0]!.isPreview).toBe(true);
      expect(rows[0]!.title).toContain('Intro');
      expect(rows.slice(1).every((lecture) => !lecture.isPreview)).toBe(true);
      for (const lecture of rows) {
        const file = path.basename(lecture.videoKey ?? '');
        expect(lecture.videoKey).toBe(`demo/videos/${file}`);
        expect(lecture.durationSeconds, file).toBe(DEMO_VIDEO_SECONDS[file]);
        expect(lecture.durationSeconds, file).toBeGreaterThanOrEqual(30);
        expect(lecture.durationSeconds, file).toBeLessThanOrEqual(120);
        const { durationSeconds: seconds } = lecture;
        expect(lecture.formattedDuration).toBe(
          `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`,
        );
      }
    }
    const keys = (
      await handle.db.select({ key: lectures.videoKey }).from(lectures).where(eq(lectures.kind, 'video'))
    ).map((row) => row.key);
    expect(new Set(keys).size, 'one video per lecture').toBe(keys.length);
  });

  it('ends every course that has lessons with an article of real Markdown, in its last section, after its videos and before its quiz', async () => {
    for (const spec of DEMO_COURSES) {
      const [course] = await handle.db.select().from(courses).where(eq(courses.title, spec.title));
      const rows = await handle.db
        .select()
        .from(lectures)
        .where(eq(lectures.courseId, course!.id))
        .orderBy(asc(lectures.position));
      const articles = rows.filter((row) => row.kind === 'article');
      if (spec.lectures.length === 0) {
        expect(rows, spec.title).toEqual([]);
        continue;
      }
      const article = DEMO_ARTICLES[spec.slug];
      expect(
        articles.map((row) => row.title),
        spec.title,
      ).toEqual([article?.title]);
      const [last] = articles;
      expect(last, spec.title).toBe(rows.at(-2));
      expect(rows.at(-1)?.kind, spec.title).toBe('quiz');
      expect(
        rows.map(({ title, kind, position }) => ({ title, kind, position })),
        spec.title,
      ).toEqual(demoLessonsOf(spec).map(({ title, kind, position }) => ({ title, kind, position })));
      expect(
        rows.map((row) => row.position),
        spec.title,
      ).toEqual(rows.map((_, index) => index + 1));
      expect(last!.body).toBe(article!.markdown);
      expect(last!.body, spec.title).toMatch(/^## /m);
      expect(last!.body, spec.title).toMatch(/^(- |1\. )/m);
      expect(last!.body, spec.title).toMatch(/\]\(https:\/\/[^)]+\)/);
      expect([last!.videoKey, last!.durationSeconds, last!.isPreview], spec.title).toEqual([null, 0, false]);
      const [section] = await handle.db
        .select()
        .from(courseSections)
        .where(eq(courseSections.courseId, course!.id))
        .orderBy(desc(courseSections.position))
        .limit(1);
      expect(last!.sectionId, spec.title).toBe(section!.id);
    }
  });

  it('groups the lectures of every course into 2-3 ordered sections, the intro in "Getting started"', async () => {
    const rows = await handle.db
      .select({
        course: courses.title,
        section: courseSections.title,
        at: courseSections.position,
        lecture: lectures.title,
      })
      .from(lectures)
      .innerJoin(courseSections, eq(courseSections.id, lectures.sectionId))
      .innerJoin(courses, eq(courses.id, lectures.courseId))
      .orderBy(asc(courses.title), asc(lectures.position));
    const byCourse = new Map<string, typeof rows>();
    for (const row of rows) byCourse.set(row.course, [...(byCourse.get(row.course) ?? []), row]);
    expect(byCourse.size).toBeGreaterThanOrEqual(8);
    for (const [course, lessons] of byCourse) {
      const sections = [...new Set(lessons.map((row) => `${row.at}:${row.section}`))];
      expect({ course, count: sections.length >= 2 && sections.length <= 4 }).toEqual({
        course,
        count: true,
      });
      // In curriculum order: sections ascending as the lectures go, the first one holding the intro.
      expect(lessons.map((row) => row.at)).toEqual([...lessons.map((row) => row.at)].sort((a, b) => a - b));
      expect(lessons[0]).toMatchObject({ section: 'Getting started', at: 1 });
      expect(lessons[0]?.lecture).toMatch(/^Intro: /);
    }
  });

  it('has a committed video, with its measured length, for every demo lecture and no other', async () => {
    const files = DEMO_COURSES.flatMap((course) => demoLecturesOf(course).map((lecture) => lecture.file));
    expect(Object.keys(DEMO_VIDEO_SECONDS).sort()).toEqual([...files].sort());
    for (const file of files) {
      expect((await stat(path.join(DEMO_MEDIA_SOURCE_DIR, file))).size, file).toBeGreaterThan(10_000);
      expect(demoVideoSeconds(file)).toBe(DEMO_VIDEO_SECONDS[file]);
    }
  });

  it('enrols the demo student in a paid course (with a test payment) and one more course', async () => {
    const [student] = await handle.db
      .select()
      .from(users)
      .where(eq(users.email, DEMO_ACCOUNTS.student.email));
    const owned = await handle.db
      .select({ enrollment: enrollments, course: courses, payment: payments })
      .from(enrollments)
      .innerJoin(courses, eq(courses.id, enrollments.courseId))
      .leftJoin(payments, eq(payments.id, enrollments.paymentId))
      .where(eq(enrollments.userId, student!.id));
    expect(owned.length).toBeGreaterThanOrEqual(2);
    const purchase = owned.find((row) => row.course.priceMinor > 0);
    expect(purchase?.course.isPublished).toBe(true);
    expect(purchase?.enrollment.source).toBe('purchase');
    expect(purchase?.payment).toMatchObject({
      provider: 'test',
      status: 'succeeded',
      amountMinor: purchase?.course.priceMinor,
      userId: student!.id,
      courseId: purchase?.course.id,
    });
  });

  it('gives courses the rating and count of their reviews, by learners who bought and watched them', async () => {
    const all = await handle.db.select().from(courses);
    const written = await handle.db.select().from(reviews);
    expect(written.length).toBeGreaterThanOrEqual(8);
    for (const course of all) {
      const own = written.filter((review) => review.courseId === course.id);
      expect(course.ratingCount, course.title).toBe(own.length);
      const mean = own.length ? own.reduce((sum, review) => sum + review.rating, 0) / own.length : 0;
      expect(course.rating, course.title).toBeCloseTo(mean, 5);
    }
    for (const review of written) {
      const [enrolled] = await handle.db
        .select()
        .from(enrollments)
        .where(and(eq(enrollments.userId, review.userId), eq(enrollments.courseId, review.courseId)));
      const [watched] = await handle.db
        .select()
        .from(lectureProgress)
        .where(and(eq(lectureProgress.userId, review.userId), eq(lectureProgress.courseId, review.courseId)));
      expect(enrolled).toBeDefined();
      expect(watched?.watchedSeconds).toBeGreaterThan(0);
    }
  });

  it('records every paid purchase in the ledger as the app does: one balanced sale group, 80% to the instructor', async () => {
    const paid = await handle.db.select().from(payments);
    expect(paid.length).toBeGreaterThan(10);
    const entries = await handle.db.select().from(ledgerEntries);
    for (const payment of paid) {
      const rows = entries.filter((entry) => entry.paymentId === payment.id);
      expect(rows.map((row) => row.account).sort(), payment.providerPaymentId).toEqual([
        'instructor_payable',
        'platform_commission',
        'provider_balance',
        'provider_fees',
      ]);
      expect(new Set(rows.map((row) => row.entryGroup)).size).toBe(1);
      expect(rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(0);
      const [course] = await handle.db
        .select()
        .from(courses)
        .where(eq(courses.id, payment.courseId ?? ''));
      const share = rows.find((row) => row.account === 'instructor_payable');
      expect(share?.instructorId).toBe(course?.instructorId);
      expect(share?.amountMinor).toBe(
        -(payment.amountMinor - Math.floor((payment.amountMinor * 20 + 50) / 100)),
      );
      expect(share?.createdAt.getTime()).toBe(payment.createdAt.getTime());
    }
    expect(entries.every((entry) => entry.paymentId !== null)).toBe(true);
  });

  it('copies the media files into mediaDir under the stored keys', async () => {
    for (const key of DEMO_MEDIA_KEYS) {
      const file = path.join(mediaDir, ...key.split('/'));
      expect((await stat(file)).size, key).toBeGreaterThan(1000);
    }
    const lectureKeys = await handle.db.selectDistinct({ key: lectures.videoKey }).from(lectures);
    const thumbnailKeys = await handle.db.selectDistinct({ key: courses.thumbnailKey }).from(courses);
    for (const { key } of [...lectureKeys, ...thumbnailKeys]) {
      if (key) await access(path.join(mediaDir, ...key.split('/')));
    }
  });

  it('gives every course, drafts too, its own rendered 640x360 PNG thumbnail', async () => {
    const rows = await handle.db.select({ title: courses.title, key: courses.thumbnailKey }).from(courses);
    expect(rows).toHaveLength(DEMO_COURSES.length);
    expect(new Set(rows.map((row) => row.key)).size).toBe(rows.length);
    for (const { title, key } of rows) {
      expect(key, title).toMatch(/^demo\/thumbnails\/[a-z0-9-]+\.png$/);
      const png = await readFile(path.join(mediaDir, ...key!.split('/')));
      expect(png.subarray(0, 8).toString('hex'), title).toBe('89504e470d0a1a0a');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], title).toEqual([640, 360]);
    }
  });

  it('gives every course a PDF handout on its first lesson, stored at its key with its size', async () => {
    const rows = await handle.db
      .select({
        course: courses.title,
        position: lectures.position,
        title: lessonResources.title,
        key: lessonResources.storageKey,
        size: lessonResources.sizeBytes,
        type: lessonResources.contentType,
      })
      .from(lessonResources)
      .innerJoin(lectures, eq(lectures.id, lessonResources.lectureId))
      .innerJoin(courses, eq(courses.id, lectures.courseId));
    const withLessons = DEMO_COURSES.filter((course) => demoLecturesOf(course).length > 0);
    expect(withLessons.length).toBeGreaterThan(5);
    expect(rows.map((row) => row.course).sort()).toEqual(withLessons.map((course) => course.title).sort());
    for (const row of rows) {
      expect(row, row.course).toMatchObject({
        position: 1,
        title: 'Course handout',
        type: 'application/pdf',
      });
      const pdf = await readFile(path.join(mediaDir, ...row.key.split('/')));
      expect(pdf.subarray(0, 5).toString('latin1'), row.course).toBe('%PDF-');
      expect(pdf.length, row.course).toBe(row.size);
    }
  });

  it('supports relational queries over the schema relations', async () => {
    const course = await handle.db.query.courses.findFirst({
      where: eq(courses.isPublished, true),
      with: { instructor: { columns: { name: true } }, lectures: { orderBy: asc(lectures.position) } },
    });
    expect(course?.instructor.name).toBeTruthy();
    expect(course?.lectures[0]?.isPreview).toBe(true);
  });

  it('does nothing the second time', async () => {
    const before = await handle.db.select({ n: count() }).from(courses);
    const usersBefore = await handle.db.select({ n: count() }).from(users);
    expect(await seedDemo(handle.db, { mediaDir })).toEqual({ seeded: false });
    expect(await handle.db.select({ n: count() }).from(courses)).toEqual(before);
    expect(await handle.db.select({ n: count() }).from(users)).toEqual(usersBefore);
  });
});

describe('the demo quizzes (decision 0081)', () => {
  it('gives every course with lessons one quiz, last in a section, with one question of each type', async () => {
    const rows = await handle.db
      .select({
        course: courses.title,
        courseId: courses.id,
        lectureId: lectures.id,
        position: lectures.position,
      })
      .from(lectures)
      .innerJoin(courses, eq(courses.id, lectures.courseId))
      .where(eq(lectures.kind, 'quiz'));
    const withLessons = await handle.db
      .selectDistinct({ courseId: lectures.courseId })
      .from(lectures)
      .where(eq(lectures.kind, 'video'));
    expect(rows.map((row) => row.courseId).sort()).toEqual(withLessons.map((row) => row.courseId).sort());
    for (const row of rows) {
      const questions = await handle.db
        .select()
        .from(quizQuestions)
        .where(eq(quizQuestions.lectureId, row.lectureId))
        .orderBy(asc(quizQuestions.position));
      expect(
        questions.map((q) => q.type),
        row.course,
      ).toEqual(['single', 'multiple', 'true_false', 'short_answer']);
      expect(questions.every((q) => (q.explanation ?? '').length > 10)).toBe(true);
      const [{ lessons } = { lessons: 0 }] = await handle.db
        .select({ lessons: count() })
        .from(lectures)
        .where(eq(lectures.courseId, row.courseId));
      expect(row.position, row.course).toBe(lessons);
    }
  });
});
