/**
 * Quiz lessons (issue 26 item 3, decision 0081), against the real database: creating one gives it
 * QUIZ_DEFAULTS; its instructor saves it whole; a learner who may open it starts an attempt (snapshotted,
 * shuffled once), submits it and is graded on the server (every question type, short answers normalised),
 * within the time limit and its grace; the attempts limit holds under concurrency; passing completes the
 * lesson and may earn the certificate; answers never reach a learner before review, nor then unless the
 * quiz shows them; the gradebook pages students and analyses items.
 */
import { QUIZ_DEFAULTS, QUIZ_LIMITS, QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { quizAttempts } from '@lectio/db';
import { createCourse, createEnrollment, createLecture } from '@lectio/db/seed/factories';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type SignedInUser, signIn, trpcData, trpcMutation, trpcQuery } from './helpers/catalogue';
import { createTestApp, type TestApp } from './helpers/test-app';

const NOW = new Date('2026-11-20T10:00:00.000Z');
/** Words no other fixture holds, to find an answer or an explanation wherever it leaks. */
const SECRET = {
  rightOption: 'xylophonewombat',
  explanation: 'explanationmarkerquill',
  accepted: 'Quokka Valley',
};

let t: TestApp;
let admin: SignedInUser;
let owner: SignedInUser;
let otherInstructor: SignedInUser;
let learner: SignedInUser;
let courseId: string;

/** The four question types, each with its answer. */
function questions() {
  return [
    {
      type: 'single',
      prompt: 'Which is the right one?',
      explanation: `${SECRET.explanation} single`,
      options: [
        { text: 'Wrong A', isCorrect: false },
        { text: SECRET.rightOption, isCorrect: true },
        { text: 'Wrong C', isCorrect: false },
      ],
    },
    {
      type: 'multiple',
      prompt: 'Which two?',
      explanation: `${SECRET.explanation} multiple`,
      options: [
        { text: 'First right', isCorrect: true },
        { text: 'Second right', isCorrect: true },
        { text: 'Not this', isCorrect: false },
      ],
    },
    {
      type: 'true_false',
      prompt: 'Is it true?',
      explanation: `${SECRET.explanation} tf`,
      correctAnswer: false,
    },
    {
      type: 'short_answer',
      prompt: 'Where?',
      explanation: `${SECRET.explanation} short`,
      acceptedAnswers: [SECRET.accepted, 'QV'],
    },
  ];
}

const SETTINGS = { ...QUIZ_DEFAULTS, passMark: 75 };

async function createQuiz(course = courseId, settings: Record<string, unknown> = SETTINGS, as = owner) {
  const created = await api.post(
    t,
    '/videos/lecture',
    { courseId: course, title: 'Check your knowledge', kind: 'quiz' },
    as,
  );
  expect(created.statusCode).toBe(201);
  const lectureId = created.json().data.lecture._id as string;
  const saved = await api.put(t, `/lectures/${lectureId}/quiz`, { settings, questions: questions() }, as);
  expect(saved.statusCode).toBe(200);
  return { lectureId, quiz: saved.json().data.quiz };
}

interface Started {
  attempt: { _id: string; number: number; status: string; deadline: string | null };
  questions: { _id: string; type: string; options: { _id: string; text: string }[] }[];
}

async function start(lectureId: string, as: SignedInUser = learner) {
  return api.post(t, `/lectures/${lectureId}/quiz/attempts`, {}, as);
}

/** Answers to a started attempt: all right, or all wrong. */
function answersFor(
  started: Started,
  quiz: { questions: { _id: string; options: { _id: string; isCorrect: boolean }[] }[] },
  right: boolean,
) {
  return started.questions.map((question) => {
    const authored = quiz.questions.find((q) => q._id === question._id);
    if (!authored) throw new Error('question not in the quiz');
    const correctIds = authored.options.filter((o) => o.isCorrect).map((o) => o._id);
    const wrongIds = authored.options.filter((o) => !o.isCorrect).map((o) => o._id);
    switch (question.type) {
      case 'single':
        return { questionId: question._id, optionIds: right ? correctIds : wrongIds.slice(0, 1) };
      case 'multiple':
        return { questionId: question._id, optionIds: right ? correctIds : correctIds.slice(0, 1) };
      case 'true_false':
        return { questionId: question._id, value: !right };
      default:
        return { questionId: question._id, text: right ? '  quokka   VALLEY ' : 'Kangaroo Island' };
    }
  });
}

async function submit(attemptId: string, answers: unknown[], as: SignedInUser = learner) {
  return api.post(t, `/quiz-attempts/${attemptId}/submit`, { answers }, as);
}

beforeAll(async () => {
  t = await createTestApp({}, undefined, { clock: NOW });
  admin = await signIn(t, 'admin');
  owner = await signIn(t, 'instructor');
  otherInstructor = await signIn(t, 'instructor');
  learner = await signIn(t, 'student');
  courseId = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
  await createEnrollment(t.db, { userId: learner.user.id, courseId });
});
afterAll(async () => {
  await t?.close();
});

describe('writing a quiz', () => {
  it('a new quiz lesson has QUIZ_DEFAULTS and no questions; save keeps ids and replaces the rest', async () => {
    const created = await api.post(t, '/videos/lecture', { courseId, title: 'Quiz', kind: 'quiz' }, owner);
    expect(created.statusCode).toBe(201);
    expect(created.json().data.lecture).toMatchObject({ kind: 'quiz', videoUrl: null });
    const lectureId = created.json().data.lecture._id;
    const edit = await api.get(t, `/lectures/${lectureId}/quiz/edit`, owner);
    expect(edit.json().data.quiz).toMatchObject({ settings: QUIZ_DEFAULTS, questions: [], attemptCount: 0 });

    const saved = await api.put(
      t,
      `/lectures/${lectureId}/quiz`,
      { settings: SETTINGS, questions: questions() },
      owner,
    );
    expect(saved.json()).toMatchObject({ message: QUIZ_MESSAGES.saved });
    const first = saved.json().data.quiz;
    expect(first.settings).toEqual(SETTINGS);
    expect(first.questions.map((q: { type: string }) => q.type)).toEqual([
      'single',
      'multiple',
      'true_false',
      'short_answer',
    ]);
    // Sent again with the first question's ids, the rest without: the first keeps its ids.
    const [q1] = first.questions;
    const again = await api.put(
      t,
      `/lectures/${lectureId}/quiz`,
      {
        settings: { ...SETTINGS, attemptsAllowed: 3, timeLimitMinutes: 10, showAnswers: false },
        questions: [
          {
            ...questions()[0],
            id: q1._id,
            options: q1.options.map((o: { _id: string; text: string; isCorrect: boolean }) => ({
              id: o._id,
              text: o.text,
              isCorrect: o.isCorrect,
            })),
          },
          questions()[2],
        ],
      },
      owner,
    );
    expect(again.statusCode).toBe(200);
    const second = again.json().data.quiz;
    expect(second.settings).toMatchObject({ attemptsAllowed: 3, timeLimitMinutes: 10, showAnswers: false });
    expect(second.questions).toHaveLength(2);
    expect(second.questions[0]._id).toBe(q1._id);
    expect(second.questions[0].options.map((o: { _id: string }) => o._id)).toEqual(
      q1.options.map((o: { _id: string }) => o._id),
    );
  });

  it('refuses bad input with its message and changes nothing', async () => {
    const { lectureId, quiz } = await createQuiz();
    const put = (body: unknown, as = owner) => api.put(t, `/lectures/${lectureId}/quiz`, body, as);
    const twoRight = questions();
    (twoRight[0] as { options: { isCorrect: boolean }[] }).options.forEach((o) => {
      o.isCorrect = true;
    });
    const refused = await put({ settings: SETTINGS, questions: twoRight });
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain(QUIZ_MESSAGES.singleNeedsOneCorrect);
    expect((await put({ settings: { ...SETTINGS, passMark: 101 }, questions: [] })).statusCode).toBe(400);
    // An id of another quiz's question.
    const other = await createQuiz();
    const stolen = await put({
      settings: SETTINGS,
      questions: [{ ...questions()[2], id: other.quiz.questions[2]._id }],
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toBe(QUIZ_MESSAGES.questionOfAnotherQuiz);
    const stolenOption = questions()[0] as { options: { id?: string }[] };
    (stolenOption.options[0] as { id?: string }).id = other.quiz.questions[0].options[0]._id;
    expect((await put({ settings: SETTINGS, questions: [stolenOption] })).json().message).toBe(
      QUIZ_MESSAGES.questionOfAnotherQuiz,
    );
    const dup = questions()[0] as { options: { id?: string }[] };
    const sameId = '6f1d3c1e-8a7b-4c2d-9e0f-1a2b3c4d5e6f';
    dup.options.forEach((o, i) => {
      if (i < 2) o.id = sameId;
    });
    expect((await put({ settings: SETTINGS, questions: [dup] })).json().message).toBe(
      QUIZ_MESSAGES.duplicateIds,
    );
    // Nothing changed.
    expect((await api.get(t, `/lectures/${lectureId}/quiz/edit`, owner)).json().data.quiz.questions).toEqual(
      quiz.questions,
    );
  });

  it('only the course owner or an admin edits, saves and reads the gradebook', async () => {
    const { lectureId } = await createQuiz();
    for (const [as, status] of [
      [otherInstructor, 403],
      [learner, 403],
      [admin, 200],
      [owner, 200],
    ] as const) {
      expect((await api.get(t, `/lectures/${lectureId}/quiz/edit`, as)).statusCode).toBe(status);
      expect(
        (await api.put(t, `/lectures/${lectureId}/quiz`, { settings: SETTINGS, questions: questions() }, as))
          .statusCode,
      ).toBe(status);
      expect((await api.get(t, `/courses/${courseId}/gradebook`, as)).statusCode).toBe(status);
    }
    expect((await api.get(t, `/lectures/${lectureId}/quiz/edit`)).statusCode).toBe(401);
    const draft = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    const hidden = await createQuiz(draft);
    expect((await api.get(t, `/lectures/${hidden.lectureId}/quiz/edit`, otherInstructor)).statusCode).toBe(
      404,
    );
    expect((await api.get(t, `/lectures/${hidden.lectureId}/quiz`, learner)).statusCode).toBe(404);
  });

  it('refuses a body or a video on a quiz, and progress.record/markRead on one', async () => {
    const { lectureId } = await createQuiz();
    const body = await api.patch(t, `/videos/${lectureId}/video_thumbnail`, { body: 'Text' }, owner);
    expect(body.statusCode).toBe(400);
    const record = await api.post(
      t,
      `/progress/${lectureId}`,
      { watchedDuration: 1, completed: true },
      learner,
    );
    expect(record.statusCode).toBe(400);
    expect(record.json().message).toBe(QUIZ_MESSAGES.completedByPassing);
    const read = await api.post(t, `/lectures/${lectureId}/read`, {}, learner);
    expect(read.statusCode).toBe(400);
    expect(read.json().message).toBe(QUIZ_MESSAGES.completedByPassing);
  });

  it('publishing needs a question in every quiz, naming it; /videos lists only videos; curriculum lists the quiz', async () => {
    const draft = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: false })).id;
    await createLecture(t.db, { courseId: draft, title: 'Clip', videoKey: null, kind: 'article' });
    const created = await api.post(
      t,
      '/videos/lecture',
      { courseId: draft, title: 'Empty quiz', kind: 'quiz' },
      owner,
    );
    const lectureId = created.json().data.lecture._id;
    const refused = await api.patch(t, `/courses/${draft}`, { isPublished: true }, owner);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(QUIZ_MESSAGES.publishNeedsQuestions('Empty quiz'));
    await api.put(t, `/lectures/${lectureId}/quiz`, { settings: SETTINGS, questions: questions() }, owner);
    expect((await api.patch(t, `/courses/${draft}`, { isPublished: true }, owner)).statusCode).toBe(200);
    const videos = await api.get(t, `/videos/${draft}`, owner);
    expect(JSON.stringify(videos.json())).not.toContain(lectureId);
    const outline = await api.get(t, `/courses/${draft}/curriculum`, owner);
    expect(JSON.stringify(outline.json())).toContain(lectureId);
    expect(JSON.stringify(outline.json())).toContain('"kind":"quiz"');
  });
});

describe('taking a quiz', () => {
  it('grades every type on the server, short answers normalised; passing completes the lesson', async () => {
    const { lectureId, quiz } = await createQuiz();
    const started = await start(lectureId);
    expect(started.statusCode).toBe(201);
    const data = started.json().data as Started;
    expect(data.attempt).toMatchObject({ number: 1, status: 'in_progress', deadline: null });
    const wrong = await submit(data.attempt._id, answersFor(data, quiz, false));
    expect(wrong.statusCode).toBe(200);
    const graded = wrong.json().data;
    expect(graded.attempt).toMatchObject({ status: 'submitted', correctCount: 0, score: 0, passed: false });
    expect(graded.questions.every((q: { isCorrect: boolean }) => !q.isCorrect)).toBe(true);
    expect(
      (await api.get(t, `/progress/course/${courseId}`, learner))
        .json()
        .progress.lectures.map((l: { lectureId: string }) => l.lectureId),
    ).not.toContain(lectureId);

    const next = (await start(lectureId)).json().data as Started;
    expect(next.attempt.number).toBe(2);
    const right = await submit(next.attempt._id, answersFor(next, quiz, true));
    expect(right.json().data.attempt).toMatchObject({ correctCount: 4, score: 100, passed: true });
    expect(right.json().data.questions.every((q: { isCorrect: boolean }) => q.isCorrect)).toBe(true);
    const progress = (await api.get(t, `/progress/course/${courseId}`, learner)).json().progress;
    expect(progress.lectures).toContainEqual({ lectureId, watchedDuration: 0, completed: true });

    // Three of four: 75.00, the pass mark; two of four with one unanswered: 50.
    const third = (await start(lectureId)).json().data as Started;
    const mixed = answersFor(third, quiz, true).map((a, i) =>
      i === 0 ? answersFor(third, quiz, false)[0] : a,
    );
    expect((await submit(third.attempt._id, mixed)).json().data.attempt).toMatchObject({
      correctCount: 3,
      score: 75,
      passed: true,
    });
    const fourth = (await start(lectureId)).json().data as Started;
    const half = answersFor(fourth, quiz, true).slice(0, 2);
    expect((await submit(fourth.attempt._id, half)).json().data.attempt).toMatchObject({
      correctCount: 2,
      score: 50,
      passed: false,
    });
    const summary = (await api.get(t, `/lectures/${lectureId}/quiz`, learner)).json().data.quiz;
    expect(summary).toMatchObject({
      questionCount: 4,
      bestScore: 100,
      passed: true,
      attemptsRemaining: null,
    });
    expect(summary.attempts.map((a: { number: number }) => a.number)).toEqual([4, 3, 2, 1]);
  });

  it('scores 1 of 3 as 33.33, and a multiple answer only with exactly the set', async () => {
    const lectureId = (
      await api.post(t, '/videos/lecture', { courseId, title: 'Three', kind: 'quiz' }, owner)
    ).json().data.lecture._id;
    const three = [questions()[1], questions()[2], questions()[3]];
    const quiz = (
      await api.put(t, `/lectures/${lectureId}/quiz`, { settings: SETTINGS, questions: three }, owner)
    ).json().data.quiz;
    const started = (await start(lectureId)).json().data as Started;
    const multiple = quiz.questions[0];
    const all = multiple.options.map((o: { _id: string }) => o._id);
    const answers = [
      { questionId: multiple._id, optionIds: all },
      { questionId: quiz.questions[1]._id, value: false },
      { questionId: quiz.questions[2]._id, text: 'qv' },
    ];
    const result = (await submit(started.attempt._id, answers)).json().data;
    expect(result.attempt).toMatchObject({ correctCount: 2, score: 66.67 });
    const again = (await start(lectureId)).json().data as Started;
    const one = (await submit(again.attempt._id, [answers[1]])).json().data;
    expect(one.attempt).toMatchObject({ correctCount: 1, score: 33.33, passed: false });
  });

  it('refuses unknown questions and options (400, attempt still open) and a second submit (409)', async () => {
    const { lectureId, quiz } = await createQuiz();
    const started = (await start(lectureId)).json().data as Started;
    const unknown = await submit(started.attempt._id, [
      { questionId: '6f1d3c1e-8a7b-4c2d-9e0f-1a2b3c4d5e6f', value: true },
    ]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(QUIZ_MESSAGES.unknownQuestion);
    const single = started.questions.find((q) => q.type === 'single');
    const badOption = await submit(started.attempt._id, [
      { questionId: single?._id, optionIds: ['6f1d3c1e-8a7b-4c2d-9e0f-1a2b3c4d5e6f'] },
    ]);
    expect(badOption.json().message).toBe(QUIZ_MESSAGES.unknownOption);
    const badForm = await submit(started.attempt._id, [{ questionId: single?._id, text: 'x' }]);
    expect(badForm.json().message).toBe(QUIZ_MESSAGES.answerDoesNotFitQuestion);
    // Still open: the same attempt resumes.
    expect((await start(lectureId)).json().data.attempt._id).toBe(started.attempt._id);
    expect((await api.get(t, `/quiz-attempts/${started.attempt._id}`, learner)).statusCode).toBe(409);
    expect((await submit(started.attempt._id, answersFor(started, quiz, true))).statusCode).toBe(200);
    const twice = await submit(started.attempt._id, []);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(QUIZ_MESSAGES.alreadySubmitted);
    // Another learner's attempt is not found.
    const other = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: other.user.id, courseId });
    expect((await submit(started.attempt._id, [], other)).statusCode).toBe(404);
    expect((await api.get(t, `/quiz-attempts/${started.attempt._id}`, other)).statusCode).toBe(404);
  });

  it('lets only those who may open the lesson start (403 otherwise), and refuses a quiz without questions', async () => {
    const { lectureId } = await createQuiz();
    const stranger = await signIn(t, 'student');
    const refused = await start(lectureId, stranger);
    expect(refused.statusCode).toBe(403);
    expect((await api.get(t, `/lectures/${lectureId}/quiz`, stranger)).json().data.quiz).toMatchObject({
      isLocked: true,
      attempts: [],
    });
    const empty = (
      await api.post(t, '/videos/lecture', { courseId, title: 'Empty', kind: 'quiz' }, owner)
    ).json().data.lecture._id;
    const none = await start(empty);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(QUIZ_MESSAGES.noQuestions);
    const video = (await createLecture(t.db, { courseId })).id;
    expect((await api.get(t, `/lectures/${video}/quiz`, learner)).statusCode).toBe(404);
  });

  it('shuffles once per attempt: a resumed attempt shows the same order', async () => {
    const lectureId = (
      await api.post(t, '/videos/lecture', { courseId, title: 'Shuffled', kind: 'quiz' }, owner)
    ).json().data.lecture._id;
    const many = Array.from({ length: 12 }, (_, i) => ({
      type: 'single',
      prompt: `Question ${i}`,
      options: Array.from({ length: 6 }, (_, j) => ({ text: `Option ${i}-${j}`, isCorrect: j === 0 })),
    }));
    await api.put(
      t,
      `/lectures/${lectureId}/quiz`,
      { settings: { ...SETTINGS, shuffleQuestions: true, shuffleOptions: true }, questions: many },
      owner,
    );
    const first = (await start(lectureId)).json().data as Started;
    const resumed = (await start(lectureId)).json().data as Started;
    expect(resumed).toEqual(first);
    const order = first.questions.map((q) => q.options.map((o) => o.text).join()).join('|');
    const written = many.map((q) => q.options.map((o) => o.text).join()).join('|');
    // 12! x 6!^12 orders: the written one comes back by chance with negligible probability.
    expect(order).not.toBe(written);
  });
});

describe('the time limit', () => {
  it('accepts a submit within the grace, and past it closes the attempt as expired (409)', async () => {
    const { lectureId, quiz } = await createQuiz(courseId, { ...SETTINGS, timeLimitMinutes: 5 });
    const started = (await start(lectureId)).json().data as Started;
    expect(Date.parse(started.attempt.deadline ?? '')).toBe(NOW.getTime() + 5 * 60_000);
    t.advanceClock(5 * 60_000 + (QUIZ_LIMITS.graceSeconds - 1) * 1000);
    expect((await submit(started.attempt._id, answersFor(started, quiz, true))).statusCode).toBe(200);

    const late = (await start(lectureId)).json().data as Started;
    t.advanceClock(5 * 60_000 + (QUIZ_LIMITS.graceSeconds + 1) * 1000);
    const refused = await submit(late.attempt._id, answersFor(late, quiz, true));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(QUIZ_MESSAGES.timeUp);
    const [row] = await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, late.attempt._id));
    expect(row).toMatchObject({ status: 'expired', score: 0, passed: false });
    const result = (await api.get(t, `/quiz-attempts/${late.attempt._id}`, learner)).json().data;
    expect(result.attempt).toMatchObject({ status: 'expired', score: 0 });

    // An open attempt left past its deadline reads as expired, and a start begins the next.
    const abandoned = (await start(lectureId)).json().data as Started;
    t.advanceClock(6 * 60_000);
    const summary = (await api.get(t, `/lectures/${lectureId}/quiz`, learner)).json().data.quiz;
    expect(summary.attempts[0]).toMatchObject({ _id: abandoned.attempt._id, status: 'expired', score: 0 });
    expect((await start(lectureId)).json().data.attempt.number).toBe(4);
  });
});

describe('the attempts limit under concurrency', () => {
  it('20 concurrent starts make one attempt; 20 concurrent submits grade it once; the limit holds', async () => {
    const { lectureId, quiz } = await createQuiz(courseId, { ...SETTINGS, attemptsAllowed: 2 });
    const starts = await Promise.all(Array.from({ length: 20 }, () => start(lectureId)));
    expect(starts.every((r) => r.statusCode === 201)).toBe(true);
    const ids = new Set(starts.map((r) => r.json().data.attempt._id));
    expect(ids.size).toBe(1);
    const [attemptId] = [...ids];
    const first = starts[0]?.json().data as Started;
    const submits = await Promise.all(
      Array.from({ length: 20 }, () => submit(attemptId as string, answersFor(first, quiz, false))),
    );
    expect(submits.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(submits.filter((r) => r.statusCode === 409)).toHaveLength(19);

    // Start-and-submit races: never more than the 2 allowed attempts.
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        const started = await start(lectureId);
        if (started.statusCode !== 201) return;
        await submit(started.json().data.attempt._id, []);
      }),
    );
    const rows = await t.db
      .select()
      .from(quizAttempts)
      .where(and(eq(quizAttempts.lectureId, lectureId), eq(quizAttempts.userId, learner.user.id)));
    expect(rows).toHaveLength(2);
    const over = await start(lectureId);
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe(QUIZ_MESSAGES.noAttemptsLeft);
    expect(
      (await api.get(t, `/lectures/${lectureId}/quiz`, learner)).json().data.quiz.attemptsRemaining,
    ).toBe(0);
  });
});

describe('answers never leak to a learner', () => {
  it('walks every quiz-reading operation, REST and tRPC, and finds no answer', async () => {
    const course = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
    const student = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: student.user.id, courseId: course });
    const { lectureId, quiz } = await createQuiz(course, { ...SETTINGS, showAnswers: false });
    const rightIds = quiz.questions.flatMap((q: { options: { _id: string; isCorrect: boolean }[] }) =>
      q.options.filter((o) => o.isCorrect).map((o) => o._id),
    );

    const started = await start(lectureId, student);
    const data = started.json().data as Started;
    const submitted = await submit(data.attempt._id, answersFor(data, quiz, false), student);
    const answers: string[] = [
      JSON.stringify(started.json()),
      JSON.stringify(submitted.json()),
      JSON.stringify((await api.get(t, `/quiz-attempts/${data.attempt._id}`, student)).json()),
      JSON.stringify(
        await trpcData(await trpcQuery(t, 'quizzes.result', { attemptId: data.attempt._id }, student)),
      ),
    ];
    const reads = [
      api.get(t, `/lectures/${lectureId}/quiz`, student),
      api.get(t, `/lectures/${lectureId}/quiz`),
      api.get(t, `/videos/video/${lectureId}`, student),
      api.get(t, `/videos/${course}`, student),
      api.get(t, `/courses/${course}/curriculum`, student),
      api.get(t, `/courses/${course}`, student),
      api.get(t, `/progress/course/${course}`, student),
      trpcQuery(t, 'quizzes.get', { lectureId }, student),
      trpcMutation(t, 'quizzes.start', { lectureId }, student),
      trpcQuery(t, 'lectures.get', { lectureId }, student),
      trpcQuery(t, 'lectures.list', { id: course }, student),
      trpcQuery(t, 'curriculum.get', { courseId: course }, student),
      trpcQuery(t, 'courses.get', { id: course }, student),
      trpcQuery(t, 'progress.course', { courseId: course }, student),
    ];
    const before = (await Promise.all(reads)).map((r) => {
      expect(r.statusCode).toBeLessThan(300);
      return r.body;
    });
    // The reviews of a quiz that hides answers carry whether each answer was right, never what is.
    for (const text of [...answers, ...before]) {
      expect(text).not.toContain(SECRET.explanation);
      expect(text).not.toContain(SECRET.accepted);
      expect(text).not.toContain('QV');
      expect(text).not.toContain('correctAnswer');
      expect(text).not.toContain('acceptedAnswers');
      for (const id of rightIds) expect(text).not.toMatch(new RegExp(`"_id":"${id}"[^}]*"isCorrect"`));
    }
    for (const text of before) expect(text).not.toContain('isCorrect');
    // The reviews' `correct` is null and no question carries an explanation.
    expect(
      submitted
        .json()
        .data.questions.every(
          (q: { correct: unknown; explanation: unknown }) => q.correct === null && q.explanation === null,
        ),
    ).toBe(true);
  });

  it('shows the answers and explanations in review when the quiz shows answers', async () => {
    const { lectureId, quiz } = await createQuiz();
    const data = (await start(lectureId)).json().data as Started;
    const result = (await submit(data.attempt._id, answersFor(data, quiz, false))).json().data;
    const text = JSON.stringify(result);
    expect(text).toContain(SECRET.explanation);
    expect(text).toContain(SECRET.accepted);
  });
});

describe('completion and the certificate', () => {
  it('a certificate only once every lesson is complete, the passed quiz included; failing earns nothing', async () => {
    const course = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
    const student = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: student.user.id, courseId: course });
    const article = (await createLecture(t.db, { courseId: course, kind: 'article', body: 'Read this' })).id;
    const { lectureId, quiz } = await createQuiz(course);
    const failed = (await start(lectureId, student)).json().data as Started;
    const failing = (await submit(failed.attempt._id, answersFor(failed, quiz, false), student)).json().data;
    expect(failing.certificateId).toBeNull();
    const passed = (await start(lectureId, student)).json().data as Started;
    const passing = (await submit(passed.attempt._id, answersFor(passed, quiz, true), student)).json().data;
    expect(passing).toMatchObject({ certificateId: null, attempt: { passed: true } });
    expect(
      (await api.get(t, `/progress/course/${course}`, student)).json().progress.completionPercentage,
    ).toBe(50);
    const read = await api.post(t, `/lectures/${article}/read`, {}, student);
    expect(read.json().certificateId).toMatch(/^[0-9a-f-]{36}$/);

    // The quiz last: passing it earns the certificate.
    const other = await signIn(t, 'student');
    await createEnrollment(t.db, { userId: other.user.id, courseId: course });
    await api.post(t, `/lectures/${article}/read`, {}, other);
    const last = (await start(lectureId, other)).json().data as Started;
    const earned = (await submit(last.attempt._id, answersFor(last, quiz, true), other)).json().data;
    expect(earned.certificateId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('deleting the quiz lesson removes its quiz data', async () => {
    const { lectureId } = await createQuiz();
    const data = (await start(lectureId)).json().data as Started;
    expect((await api.delete(t, `/videos/${lectureId}`, owner)).statusCode).toBe(200);
    expect(await t.db.select().from(quizAttempts).where(eq(quizAttempts.id, data.attempt._id))).toEqual([]);
  });
});

describe('the gradebook', () => {
  it('pages students in enrollment order and analyses each current question', async () => {
    const course = (await createCourse(t.db, { instructorId: owner.user.id, isPublished: true })).id;
    const { lectureId, quiz } = await createQuiz(course);
    await createLecture(t.db, { courseId: course, kind: 'article', body: 'More' });
    const students: SignedInUser[] = [];
    for (let i = 0; i < 3; i++) {
      const student = await signIn(t, 'student');
      await createEnrollment(t.db, {
        userId: student.user.id,
        courseId: course,
        createdAt: new Date(NOW.getTime() + i * 1000),
      });
      students.push(student);
    }
    // Student 0 passes (4/4); student 1 gets 3/4 (the single wrong); student 2 never tries.
    const s0 = (await start(lectureId, students[0])).json().data as Started;
    await submit(s0.attempt._id, answersFor(s0, quiz, true), students[0]);
    const s1 = (await start(lectureId, students[1])).json().data as Started;
    const s1answers = answersFor(s1, quiz, true).map((a) =>
      a.questionId === quiz.questions[0]._id
        ? (answersFor(s1, quiz, false).find((w) => w.questionId === a.questionId) ?? a)
        : a,
    );
    await submit(s1.attempt._id, s1answers, students[1]);

    const page1 = (await api.get(t, `/courses/${course}/gradebook?limit=2`, owner)).json().data;
    expect(page1).toMatchObject({ courseId: course, lessonCount: 2, studentCount: 3 });
    expect(page1.students.map((s: { userId: string }) => s.userId)).toEqual([
      students[0]?.user.id,
      students[1]?.user.id,
    ]);
    expect(page1.students[0]).toMatchObject({
      completedLessons: 1,
      progressPercent: 50,
      quizzes: [{ lectureId, attempts: 1, bestScore: 100, passed: true }],
    });
    expect(page1.students[1]).toMatchObject({
      completedLessons: 1,
      quizzes: [{ attempts: 1, bestScore: 75, passed: true }],
    });
    const [analysed] = page1.quizzes;
    expect(analysed).toMatchObject({ lectureId, attemptCount: 2 });
    expect(analysed.questions.map((q: { correctPercent: number }) => q.correctPercent)).toEqual([
      50, 100, 100, 100,
    ]);
    expect(analysed.questions[0].answerCount).toBe(2);
    const page2 = (
      await api.get(t, `/courses/${course}/gradebook?limit=2&cursor=${page1.nextCursor}`, owner)
    ).json().data;
    expect(page2.students.map((s: { userId: string }) => s.userId)).toEqual([students[2]?.user.id]);
    expect(page2.students[0]).toMatchObject({
      completedLessons: 0,
      progressPercent: 0,
      quizzes: [{ attempts: 0, bestScore: null, passed: false }],
    });
    expect(page2.nextCursor).toBeNull();
    // The learner's own course progress agrees.
    expect(
      (await api.get(t, `/progress/course/${course}`, students[0])).json().progress.completionPercentage,
    ).toBe(50);
    expect((await api.get(t, `/courses/${course}/gradebook?cursor=nonsense`, owner)).statusCode).toBe(400);
  });
});
