import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  isCheckViolation,
  isForeignKeyViolation,
  isUniqueViolation,
  pgErrorCode,
  pgErrorConstraint,
} from '../src/client';
import {
  courses,
  enrollments,
  lectureProgress,
  lectures,
  lessonNotes,
  payments,
  quizAttempts,
  quizQuestions,
  quizzes,
  users,
} from '../src/schema/index';
import {
  createCourse,
  createEnrollment,
  createLecture,
  createPayment,
  createPurchase,
  createUser,
} from '../src/seed/factories';
import { createTestDatabase, resetDatabase, type TestDatabase } from '../src/testing';

let handle: TestDatabase;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});
beforeEach(async () => {
  await resetDatabase(handle.db);
});

/** The error a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the query to fail');
}

describe('users', () => {
  it('stores the e-mail as given and rejects the same address in another case', async () => {
    const first = await createUser(handle.db, { email: 'a@x.com' });
    expect(first.email).toBe('a@x.com');
    const err = await rejection(createUser(handle.db, { email: 'A@x.com' }));
    expect(pgErrorCode(err)).toBe('23505');
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'users_email_lower_unique')).toBe(true);
    expect(pgErrorConstraint(err)).toBe('users_email_lower_unique');
  });

  it('keeps the original case when looking up case-insensitively', async () => {
    await createUser(handle.db, { email: 'Mixed.Case@Example.com' });
    const [row] = await handle.db.select().from(users).where(eq(users.email, 'Mixed.Case@Example.com'));
    expect(row?.email).toBe('Mixed.Case@Example.com');
  });

  it('rejects an unknown role and applies defaults', async () => {
    const user = await createUser(handle.db);
    expect(user.role).toBe('student');
    expect(user.isActive).toBe(true);
    expect(user.createdAt).toBeInstanceOf(Date);
    const err = await rejection(
      handle.db
        .update(users)
        .set({ role: 'wizard' as 'admin' })
        .where(eq(users.id, user.id)),
    );
    expect(isCheckViolation(err)).toBe(true);
  });

  it('moves updated_at on update', async () => {
    const user = await createUser(handle.db, { updatedAt: new Date('2020-01-01T00:00:00Z') });
    const [updated] = await handle.db
      .update(users)
      .set({ name: 'Renamed' })
      .where(eq(users.id, user.id))
      .returning();
    expect(updated!.updatedAt.getTime()).toBeGreaterThan(user.updatedAt.getTime());
  });
});

describe('courses', () => {
  it('rejects a negative price', async () => {
    const err = await rejection(createCourse(handle.db, { priceMinor: -1 }));
    expect(pgErrorCode(err)).toBe('23514');
    expect(pgErrorConstraint(err)).toBe('courses_price_minor_check');
  });

  it('rejects an unknown category or level', async () => {
    expect(
      isCheckViolation(await rejection(createCourse(handle.db, { category: 'Cooking' as 'Design' }))),
    ).toBe(true);
    expect(
      isCheckViolation(await rejection(createCourse(handle.db, { level: 'Expert' as 'Advanced' }))),
    ).toBe(true);
  });

  it('stores text arrays and defaults', async () => {
    const course = await createCourse(handle.db, {
      requirements: ['One', 'Two, with a comma'],
      whatYouWillLearn: [],
    });
    expect(course.requirements).toEqual(['One', 'Two, with a comma']);
    expect(course.whatYouWillLearn).toEqual([]);
    expect(course.rating).toBe(0);
    expect(course.status).toBe('published');
  });

  it('refuses to delete an instructor who owns courses', async () => {
    const course = await createCourse(handle.db);
    const err = await rejection(handle.db.delete(users).where(eq(users.id, course.instructorId)));
    expect(isForeignKeyViolation(err)).toBe(true);
    expect(pgErrorCode(err)).toBe('23503');
  });

  it('deletes lectures, enrollments and progress with the course but keeps payments', async () => {
    const student = await createUser(handle.db);
    const course = await createCourse(handle.db);
    const lecture = await createLecture(handle.db, { courseId: course.id });
    const { payment } = await createPurchase(handle.db, { userId: student.id, courseId: course.id });
    await handle.db
      .insert(lectureProgress)
      .values({ userId: student.id, lectureId: lecture.id, courseId: course.id });
    await handle.db.delete(courses).where(eq(courses.id, course.id));
    expect(await handle.db.select().from(enrollments)).toEqual([]);
    expect(await handle.db.select().from(lectureProgress)).toEqual([]);
    const [kept] = await handle.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(kept?.courseId).toBeNull();
  });
});

describe('lectures', () => {
  it('numbers positions after the last lecture', async () => {
    const course = await createCourse(handle.db);
    const first = await createLecture(handle.db, { courseId: course.id });
    const second = await createLecture(handle.db, { courseId: course.id, durationSeconds: 75 });
    expect([first.position, second.position]).toEqual([1, 2]);
    expect(second.formattedDuration).toBe('1:15');
  });

  it('makes video lessons by default and counts the words of an article (decision 0077)', async () => {
    const video = await createLecture(handle.db);
    expect([video.kind, video.body, video.bodyWords]).toEqual(['video', '', 0]);
    const article = await createLecture(handle.db, {
      kind: 'article',
      body: '# Title\n\nTwo  words,\tthen\nmore **words**. ',
    });
    expect([article.kind, article.bodyWords, article.durationSeconds]).toEqual(['article', 7, 0]);
    const [updated] = await handle.db
      .update(lectures)
      .set({ body: 'one two three' })
      .where(eq(lectures.id, article.id))
      .returning({ bodyWords: lectures.bodyWords });
    expect(updated?.bodyWords).toBe(3);
  });

  it('refuses an unknown kind, a body on a video and a video on an article', async () => {
    const course = await createCourse(handle.db);
    const unknown = await rejection(
      // @ts-expect-error: a kind the schema's type doesn't allow, to reach the CHECK
      createLecture(handle.db, { courseId: course.id, kind: 'podcast' }),
    );
    expect(isCheckViolation(unknown)).toBe(true);
    expect(pgErrorConstraint(unknown)).toBe('lectures_kind_check');
    const bodyOnVideo = await rejection(createLecture(handle.db, { courseId: course.id, body: 'Text' }));
    expect(isCheckViolation(bodyOnVideo)).toBe(true);
    expect(pgErrorConstraint(bodyOnVideo)).toBe('lectures_body_only_on_articles');
    const videoOnArticle = await rejection(
      createLecture(handle.db, { courseId: course.id, kind: 'article', videoKey: 'courses/x/lecture/v.mp4' }),
    );
    expect(isCheckViolation(videoOnArticle)).toBe(true);
    expect(pgErrorConstraint(videoOnArticle)).toBe('lectures_video_only_on_videos');
  });
});

describe('enrollments and payments', () => {
  it('allows one enrollment per user and course', async () => {
    const student = await createUser(handle.db);
    const course = await createCourse(handle.db);
    await createEnrollment(handle.db, { userId: student.id, courseId: course.id });
    const err = await rejection(createEnrollment(handle.db, { userId: student.id, courseId: course.id }));
    expect(isUniqueViolation(err, 'enrollments_user_course_unique')).toBe(true);
  });

  it('records a provider payment id once', async () => {
    const student = await createUser(handle.db);
    const course = await createCourse(handle.db, { priceMinor: 129_900 });
    const payment = await createPayment(handle.db, {
      userId: student.id,
      courseId: course.id,
      providerPaymentId: 'pi_123',
    });
    expect(payment.amountMinor).toBe(129_900);
    expect(payment.currency).toBe('INR');
    const err = await rejection(
      createPayment(handle.db, { userId: student.id, courseId: course.id, providerPaymentId: 'pi_123' }),
    );
    expect(isUniqueViolation(err, 'payments_provider_payment_id_unique')).toBe(true);
  });

  it('rejects an enrollment for a missing course', async () => {
    const student = await createUser(handle.db);
    const err = await rejection(
      createEnrollment(handle.db, { userId: student.id, courseId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(isForeignKeyViolation(err)).toBe(true);
  });

  it('rolls a transaction back on error', async () => {
    const student = await createUser(handle.db);
    const course = await createCourse(handle.db);
    await rejection(
      handle.db.transaction(async (tx) => {
        await createEnrollment(tx, { userId: student.id, courseId: course.id });
        await createEnrollment(tx, { userId: student.id, courseId: course.id });
      }),
    );
    expect(await handle.db.select().from(enrollments)).toEqual([]);
  });
});

describe('pgErrorCode', () => {
  it('reads plain driver errors and ignores anything else', () => {
    expect(pgErrorCode({ code: '23505' })).toBe('23505');
    expect(pgErrorCode(new Error('boom'))).toBeUndefined();
    expect(pgErrorCode(null)).toBeUndefined();
    expect(pgErrorCode('23505')).toBeUndefined();
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('quizzes (decision 0081)', () => {
  async function quizLesson() {
    const course = await createCourse(handle.db);
    const lecture = await createLecture(handle.db, { courseId: course.id, kind: 'quiz' });
    await handle.db.insert(quizzes).values({ lectureId: lecture.id, passMark: 70 });
    const student = await createUser(handle.db);
    return { course, lecture, student };
  }
  it('takes a quiz lesson with no body and no video, and checks its settings', async () => {
    const course = await createCourse(handle.db);
    const bodyOnQuiz = await rejection(
      createLecture(handle.db, { courseId: course.id, kind: 'quiz', body: 'x' }),
    );
    expect(pgErrorConstraint(bodyOnQuiz)).toBe('lectures_body_only_on_articles');
    const videoOnQuiz = await rejection(
      createLecture(handle.db, { courseId: course.id, kind: 'quiz', videoKey: 'courses/x/lecture/v.mp4' }),
    );
    expect(pgErrorConstraint(videoOnQuiz)).toBe('lectures_video_only_on_videos');
    const lecture = await createLecture(handle.db, { courseId: course.id, kind: 'quiz' });
    const badMark = await rejection(
      handle.db.insert(quizzes).values({ lectureId: lecture.id, passMark: 101 }),
    );
    expect(pgErrorConstraint(badMark)).toBe('quizzes_pass_mark_check');
    const badAttempts = await rejection(
      handle.db.insert(quizzes).values({ lectureId: lecture.id, passMark: 50, attemptsAllowed: 0 }),
    );
    expect(pgErrorConstraint(badAttempts)).toBe('quizzes_attempts_allowed_check');
  });

  it('checks question types and that only a true/false question holds a true/false answer', async () => {
    const { lecture } = await quizLesson();
    const badType = await rejection(
      handle.db
        .insert(quizQuestions)
        // @ts-expect-error: a type the schema's type doesn't allow, to reach the CHECK
        .values({ lectureId: lecture.id, position: 1, type: 'essay', prompt: 'Why?' }),
    );
    expect(pgErrorConstraint(badType)).toBe('quiz_questions_type_check');
    const noAnswer = await rejection(
      handle.db
        .insert(quizQuestions)
        .values({ lectureId: lecture.id, position: 1, type: 'true_false', prompt: 'Q' }),
    );
    expect(pgErrorConstraint(noAnswer)).toBe('quiz_questions_true_false_answer');
    const answerOnChoice = await rejection(
      handle.db
        .insert(quizQuestions)
        .values({ lectureId: lecture.id, position: 1, type: 'single', prompt: 'Q', correctAnswer: true }),
    );
    expect(pgErrorConstraint(answerOnChoice)).toBe('quiz_questions_true_false_answer');
  });

  it('allows one open attempt per learner and quiz, and numbers attempts once', async () => {
    const { lecture, student } = await quizLesson();
    const attempt = (number: number, status: 'in_progress' | 'submitted' = 'in_progress') => ({
      lectureId: lecture.id,
      userId: student.id,
      number,
      status,
      startedAt: new Date(),
      questions: [],
      ...(status === 'submitted' ? { score: 50, correctCount: 1, passed: false } : {}),
    });
    await handle.db.insert(quizAttempts).values(attempt(1));
    const secondOpen = await rejection(handle.db.insert(quizAttempts).values(attempt(2)));
    expect(isUniqueViolation(secondOpen, 'quiz_attempts_one_open_idx')).toBe(true);
    const sameNumber = await rejection(handle.db.insert(quizAttempts).values(attempt(1, 'submitted')));
    expect(isUniqueViolation(sameNumber, 'quiz_attempts_number_unique')).toBe(true);
    await handle.db.insert(quizAttempts).values(attempt(2, 'submitted'));
    const ungraded = await rejection(
      handle.db.insert(quizAttempts).values({ ...attempt(3), status: 'submitted' }),
    );
    expect(pgErrorConstraint(ungraded)).toBe('quiz_attempts_graded_when_finished');
    const badStatus = await rejection(
      // @ts-expect-error: a status the schema's type doesn't allow, to reach the CHECK
      handle.db.insert(quizAttempts).values({ ...attempt(3, 'submitted'), status: 'paused' }),
    );
    expect(pgErrorConstraint(badStatus)).toBe('quiz_attempts_status_check');
  });

  it('deletes a quiz with its lesson: settings, questions and attempts', async () => {
    const { lecture, student } = await quizLesson();
    await handle.db
      .insert(quizQuestions)
      .values({ lectureId: lecture.id, position: 1, type: 'true_false', prompt: 'Q', correctAnswer: true });
    await handle.db
      .insert(quizAttempts)
      .values({ lectureId: lecture.id, userId: student.id, number: 1, startedAt: new Date(), questions: [] });
    await handle.db.delete(lectures).where(eq(lectures.id, lecture.id));
    expect(await handle.db.select().from(quizzes)).toEqual([]);
    expect(await handle.db.select().from(quizQuestions)).toEqual([]);
    expect(await handle.db.select().from(quizAttempts)).toEqual([]);
  });
});

describe('lesson notes (decision 0087)', () => {
  it('refuses a negative time, and goes with its lesson or its author', async () => {
    const student = await createUser(handle.db);
    const lecture = await createLecture(handle.db);
    const negative = await rejection(
      handle.db
        .insert(lessonNotes)
        .values({ userId: student.id, lectureId: lecture.id, videoSeconds: -1, body: 'x' }),
    );
    expect(isCheckViolation(negative)).toBe(true);
    expect(pgErrorConstraint(negative)).toBe('lesson_notes_video_seconds_check');

    const other = await createLecture(handle.db, { courseId: lecture.courseId });
    await handle.db.insert(lessonNotes).values([
      { userId: student.id, lectureId: lecture.id, videoSeconds: 12, body: 'timed' },
      { userId: student.id, lectureId: other.id, videoSeconds: null, body: 'untimed' },
    ]);
    await handle.db.delete(lectures).where(eq(lectures.id, lecture.id));
    expect((await handle.db.select().from(lessonNotes)).map((note) => note.body)).toEqual(['untimed']);
    await handle.db.delete(users).where(eq(users.id, student.id));
    expect(await handle.db.select().from(lessonNotes)).toEqual([]);
  });
});
