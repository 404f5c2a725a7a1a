/**
 * GET /learner/dashboard and learner.dashboard (decision 0038): every figure of the student dashboard
 * against a fixture with known enrollments, progress and certificates: exact counts, the average, the
 * lecture to continue and its position, the courses in progress in order, the recommendations in order;
 * and a new student's empty dashboard.
 */
import type { LearnerDashboard } from '@lectio/contracts/learner';
import { type Course, certificates, courses, type Lecture, lectureProgress } from '@lectio/db';
import { createCourse, createEnrollment, createLecture, createUser } from '@lectio/db/seed/factories';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickContinue, type ResumeRow, summarise } from '../src/services/learner/learner-dashboard';
import { api, type SignedInUser, signIn, storeMedia, trpcData, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
let student: SignedInUser;
let webCourse: Course;
let webLectures: Lecture[];
let doneCourse: Course;
let designCourse: Course;
let designLectures: Lecture[];
let emptyCourse: Course;
const recommended: Record<string, Course> = {};

const at = (minute: number) => new Date(Date.UTC(2026, 10, 20, 10, minute));

async function courseWithLectures(
  title: string,
  category: Course['category'],
  lectureCount: number,
  extra: Partial<Course> = {},
) {
  const course = await createCourse(t.db, { title, category, instructorId: instructor, ...extra });
  const lectures: Lecture[] = [];
  for (let i = 0; i < lectureCount; i += 1) {
    lectures.push(
      await createLecture(t.db, {
        courseId: course.id,
        title: `${title} ${i + 1}`,
        durationSeconds: 100 * (i + 1),
      }),
    );
  }
  return { course, lectures };
}

async function watched(
  userId: string,
  lecture: Lecture,
  watchedSeconds: number,
  completed: boolean,
  updatedAt: Date,
) {
  await t.db.insert(lectureProgress).values({
    userId,
    lectureId: lecture.id,
    courseId: lecture.courseId,
    watchedSeconds,
    completed,
    completedAt: completed ? updatedAt : null,
    updatedAt,
  });
}

/** Enrolls `count` new students in the course (its popularity). */
async function popularity(course: Course, count: number) {
  for (let i = 0; i < count; i += 1) {
    await createEnrollment(t.db, { userId: (await createUser(t.db)).id, courseId: course.id });
  }
}

let instructor: string;

beforeAll(async () => {
  t = await createTestApp();
  instructor = (await createUser(t.db, { role: 'instructor', name: 'Nila Rao' })).id;
  student = await signIn(t, 'student', { name: 'Meera Pillai' });
  const me = student.user.id;

  // Enrolled: 2 of 4 lectures done (the last watched one unfinished), a finished course (watched most
  // recently), a course never started and one without lectures.
  ({ course: webCourse, lectures: webLectures } = await courseWithLectures(
    'Web Basics',
    'Web Development',
    4,
  ));
  const done = await courseWithLectures('Data Done', 'Data Science', 2);
  doneCourse = done.course;
  ({ course: designCourse, lectures: designLectures } = await courseWithLectures(
    'Design Intro',
    'Design',
    3,
  ));
  emptyCourse = (await courseWithLectures('Coming Soon', 'Design', 0)).course;
  await createEnrollment(t.db, { userId: me, courseId: webCourse.id, createdAt: at(0) });
  await createEnrollment(t.db, { userId: me, courseId: doneCourse.id, createdAt: at(1) });
  await createEnrollment(t.db, { userId: me, courseId: designCourse.id, createdAt: at(2) });
  await createEnrollment(t.db, { userId: me, courseId: emptyCourse.id, createdAt: at(3) });
  const [w1, w2, w3] = webLectures as [Lecture, Lecture, Lecture, Lecture];
  await watched(me, w1, 100, true, at(10));
  await watched(me, w2, 200, true, at(11));
  await watched(me, w3, 42, false, at(12));
  for (const lecture of done.lectures) await watched(me, lecture, lecture.durationSeconds, true, at(20));

  // Certificates: one valid, one revoked.
  await t.db.insert(certificates).values([
    {
      userId: me,
      courseId: doneCourse.id,
      studentName: 'Meera Pillai',
      courseTitle: 'Data Done',
      instructorName: 'Nila Rao',
    },
    {
      userId: me,
      courseId: webCourse.id,
      studentName: 'Meera Pillai',
      courseTitle: 'Web Basics',
      instructorName: 'Nila Rao',
      revokedAt: at(30),
    },
  ]);

  // Courses the student doesn't own.
  const make = async (
    key: string,
    category: Course['category'],
    students: number,
    rating: number,
    extra: Partial<Course> = {},
  ) => {
    const course = await createCourse(t.db, {
      title: key,
      category,
      instructorId: instructor,
      rating,
      ratingCount: rating > 0 ? 3 : 0,
      priceMinor: 129_900,
      ...extra,
    });
    await popularity(course, students);
    recommended[key] = course;
  };
  await make('Web Popular', 'Web Development', 3, 4);
  await make('Data Top Rated', 'Data Science', 1, 5);
  await make('DevOps Hit', 'DevOps', 10, 3);
  await make('Web Draft', 'Web Development', 20, 5, { isPublished: false, status: 'draft' });
  await make('Design New', 'Design', 0, 4.5);
  await make('ML Favourite', 'Machine Learning', 5, 4);
  // A thumbnail, to see its URL come through.
  const key = await storeMedia(t, (recommended['Web Popular'] as Course).id, 'thumbnail');
  await t.db
    .update(courses)
    .set({ thumbnailKey: key })
    .where(eq(courses.id, (recommended['Web Popular'] as Course).id));
});
afterAll(async () => {
  await t.close();
});

async function dashboard(actor: SignedInUser): Promise<LearnerDashboard> {
  const response = await api.get(t, '/learner/dashboard', actor);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LearnerDashboard;
}

describe('GET /learner/dashboard', () => {
  it('counts enrolled, completed, certificates and the average progress exactly', async () => {
    const body = await dashboard(student);
    expect(body.name).toBe('Meera Pillai');
    expect(body.coursesEnrolled).toBe(4);
    // Data Done only: Coming Soon has no lecture, so nothing to complete.
    expect(body.coursesCompleted).toBe(1);
    // The revoked one doesn't count.
    expect(body.certificatesEarned).toBe(1);
    // (2/4 + 2/2 + 0/3 + 0) / 4 = 37.5% -> 38.
    expect(body.averageProgress).toBe(38);
  });

  it('continues the most recently watched unfinished lecture at its position', async () => {
    const body = await dashboard(student);
    const third = webLectures[2] as Lecture;
    // Data Done was watched later, but it is complete.
    expect(body.continueLearning).toEqual({
      courseId: webCourse.id,
      courseTitle: 'Web Basics',
      lectureId: third.id,
      lectureTitle: 'Web Basics 3',
      kind: 'video',
      readingMinutes: null,
      position: 42,
      duration: 300,
      started: true,
    });
  });

  it('lists the unfinished courses with their progress: last watched first, then the newest enrollment', async () => {
    const body = await dashboard(student);
    expect(
      body.activeCourses.map(({ title, completedLectures, totalLectures, progress, instructorName }) => ({
        title,
        completedLectures,
        totalLectures,
        progress,
        instructorName,
      })),
    ).toEqual([
      {
        title: 'Web Basics',
        completedLectures: 2,
        totalLectures: 4,
        progress: 50,
        instructorName: 'Nila Rao',
      },
      {
        title: 'Coming Soon',
        completedLectures: 0,
        totalLectures: 0,
        progress: 0,
        instructorName: 'Nila Rao',
      },
      {
        title: 'Design Intro',
        completedLectures: 0,
        totalLectures: 3,
        progress: 0,
        instructorName: 'Nila Rao',
      },
    ]);
    expect(body.activeCourses[0]?.lastWatchedAt).toBe(at(12).toISOString());
    expect(body.activeCourses[2]?.lastWatchedAt).toBeNull();
  });

  it('recommends published courses it doesn’t own: its categories first, most enrolled, then best rated', async () => {
    const body = await dashboard(student);
    // Studied: Web Development, Data Science, Design. The draft is left out; DevOps fills the row.
    expect(body.recommendations.map((course) => [course.title, course.studentsCount])).toEqual([
      ['Web Popular', 3],
      ['Data Top Rated', 1],
      ['Design New', 0],
      ['DevOps Hit', 10],
    ]);
    const first = body.recommendations[0];
    expect(first).toMatchObject({
      _id: recommended['Web Popular']?.id,
      category: 'Web Development',
      price: 1299,
      currency: 'INR',
      instructorName: 'Nila Rao',
      rating: 4,
      ratingCount: 3,
    });
    expect(first?.thumbnailUrl).toMatch(/\/api\/v1\/media\/courses%2F/);
  });

  it('answers the same over tRPC', async () => {
    const rest = await dashboard(student);
    expect(trpcData(await trpcQuery(t, 'learner.dashboard', undefined, student))).toEqual(rest);
  });

  it('a new student: zeros, nothing to continue, no active course, the most popular courses', async () => {
    const newcomer = await signIn(t, 'student', { name: 'New Learner' });
    const body = await dashboard(newcomer);
    expect(body).toMatchObject({
      name: 'New Learner',
      coursesEnrolled: 0,
      coursesCompleted: 0,
      certificatesEarned: 0,
      averageProgress: 0,
      continueLearning: null,
      activeCourses: [],
    });
    // Most enrolled first (Meera's four courses have one student each; the top rated of those wins the tie).
    expect(body.recommendations.map((course) => course.title)).toEqual([
      'DevOps Hit',
      'ML Favourite',
      'Web Popular',
      'Data Top Rated',
    ]);
  });

  it('after a finished lecture, continues with the next unfinished one; with nothing watched, starts', async () => {
    const next = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: next.user.id, courseId: webCourse.id });
    await watched(next.user.id, webLectures[0] as Lecture, 100, true, at(40));
    await watched(next.user.id, webLectures[2] as Lecture, 77, false, at(39));
    expect((await dashboard(next)).continueLearning).toMatchObject({
      lectureId: webLectures[1]?.id,
      position: 0,
      started: true,
    });

    const starter = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: starter.user.id, courseId: designCourse.id, createdAt: at(1) });
    // Newer, but it has no lecture to start with.
    await createEnrollment(t.db, { userId: starter.user.id, courseId: emptyCourse.id, createdAt: at(2) });
    expect((await dashboard(starter)).continueLearning).toEqual({
      courseId: designCourse.id,
      courseTitle: 'Design Intro',
      lectureId: designLectures[0]?.id,
      lectureTitle: 'Design Intro 1',
      kind: 'video',
      readingMinutes: null,
      position: 0,
      duration: 100,
      started: false,
    });
  });

  it('names the kind of the lesson to continue: an article with its reading time', async () => {
    const reader = await signIn(t, 'student');
    const course = await createCourse(t.db, { title: 'Reading Room', instructorId: instructor });
    const words = Array.from({ length: 450 }, (_, i) => `word${i}`).join(' ');
    const article = await createLecture(t.db, {
      courseId: course.id,
      title: 'Read me first',
      kind: 'article',
      body: words,
    });
    await createEnrollment(t.db, { userId: reader.user.id, courseId: course.id });
    expect((await dashboard(reader)).continueLearning).toMatchObject({
      lectureId: article.id,
      kind: 'article',
      // 450 words at 200 a minute.
      readingMinutes: 3,
      started: false,
    });
  });

  it('is the student section’s: an instructor is refused', async () => {
    const teacher = await signIn(t, 'instructor');
    expect((await api.get(t, '/learner/dashboard', teacher)).statusCode).toBe(403);
    expect((await api.get(t, '/learner/dashboard')).statusCode).toBe(401);
  });
});

describe('the rules, one at a time', () => {
  const row = (lectureId: string, completed: boolean, isLast = false, position = 0): ResumeRow => ({
    lectureId,
    lectureTitle: lectureId,
    kind: 'video',
    readingMinutes: null,
    courseId: 'c',
    courseTitle: 'C',
    duration: 60,
    position,
    completed,
    isLast,
  });

  it('pickContinue: the last watched if unfinished, else the next unfinished after it, else the first', () => {
    expect(
      pickContinue([row('a', true), row('b', false, true, 12), row('c', false)], undefined),
    ).toMatchObject({
      lectureId: 'b',
      position: 12,
    });
    expect(
      pickContinue([row('a', false, false, 5), row('b', true, true), row('c', false)], undefined),
    ).toMatchObject({
      lectureId: 'c',
    });
    expect(pickContinue([row('a', false, false, 5), row('b', true, true)], undefined)).toMatchObject({
      lectureId: 'a',
      position: 5,
    });
    const start = {
      lectureId: 's',
      lectureTitle: 'S',
      kind: 'video' as const,
      readingMinutes: null,
      courseId: 'd',
      courseTitle: 'D',
      duration: 9,
    };
    expect(pickContinue([], start)).toEqual({ ...start, position: 0, started: false });
    expect(pickContinue([], undefined)).toBeNull();
  });

  it('summarise: completed needs lectures; the average is rounded once', () => {
    const course = (completedLectures: number, totalLectures: number) => ({
      courseId: 'x',
      title: 'x',
      instructorName: 'x',
      thumbnailKey: null,
      thumbnailUrl: null,
      enrolledAt: at(0).toISOString(),
      lastWatchedAt: null,
      completedLectures,
      totalLectures,
    });
    expect(summarise([])).toEqual({ coursesEnrolled: 0, coursesCompleted: 0, averageProgress: 0 });
    expect(summarise([course(1, 3), course(1, 3), course(3, 3)])).toEqual({
      coursesEnrolled: 3,
      coursesCompleted: 1,
      // (1/3 + 1/3 + 1) / 3 = 55.56% -> 56 (rounding each first would give (33 + 33 + 100) / 3 = 55).
      averageProgress: 56,
    });
    expect(summarise([course(0, 0)]).coursesCompleted).toBe(0);
  });
});
