/**
 * A quiz lesson in the lecture player through the whole app (real routes, mocked API): the intro, an
 * attempt with each question type, what is sent, the review (with and without answers), trying again,
 * a past attempt's result, the countdown; and the attempt form's pure rules.
 */
import type { AttemptResult, EditableQuiz } from '@lectio/contracts/quizzes';
import {
  buildAttemptResult,
  buildEditableQuiz,
  buildQuizAttempt,
  buildQuizSummary,
  toAttemptQuestion,
} from '@lectio/mocks';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api } from '../../../test/api-mocks';
import { makeCourse, makeLecture } from '../../../test/course-fixtures';
import { renderApp } from '../../../test/render-app';
import { renderWithRouter } from '../../../test/render-with-router';
import { startSignedIn } from '../../../test/signed-in';
import { QuizLesson } from './QuizLesson';
import { answersPayload, clockText, minutesToAnnounce, quizDraft } from './quiz-answers';

vi.setConfig({ testTimeout: 20_000 });
const FIRST_PAINT = { timeout: 5000 };

const quizLecture = makeLecture({ _id: 'quiz-1', order: 1, title: 'Check yourself', kind: 'quiz' });
const course = makeCourse({ videos: [quizLecture], canAccessAll: true, progress: 0 });
/** One question of each type: single (option 2 right), multiple (1 and 2), true/false (true), short answer. */
const quiz: EditableQuiz = buildEditableQuiz({ lectureId: 'quiz-1', courseId: 'course-1' });
const [single, multiple, trueFalse, short] = quiz.questions as [
  EditableQuiz['questions'][number],
  EditableQuiz['questions'][number],
  EditableQuiz['questions'][number],
  EditableQuiz['questions'][number],
];

function answerQuiz(
  summary = buildQuizSummary({ lectureId: 'quiz-1', courseId: 'course-1', title: 'Check yourself' }),
) {
  api.answer('courses.get', { data: course });
  api.answer('progress.course', {
    progress: { courseId: 'course-1', completionPercentage: 0, lectures: [] },
  });
  api.answer('quizzes.get', { data: { quiz: summary } });
  api.answer('quizzes.start', {
    message: 'Attempt started',
    data: {
      attempt: buildQuizAttempt({
        _id: 'attempt-1',
        lectureId: 'quiz-1',
        status: 'in_progress',
        submittedAt: null,
        correctCount: null,
        score: null,
        passed: null,
      }),
      questions: quiz.questions.map(toAttemptQuestion),
    },
  });
}

/** A review with the learner's answers, the short answer wrong; `showAnswers` false strips the answers. */
function reviewOf(showAnswers: boolean, certificateId: string | null = null): AttemptResult {
  const result = buildAttemptResult(quiz);
  return {
    ...result,
    attempt: { ...result.attempt, _id: 'attempt-1', number: 1, correctCount: 3, score: 75, passed: true },
    questions: result.questions.map((question) => ({
      ...question,
      ...(question._id === short._id ? { isCorrect: false, response: { text: 'Wrong' } } : {}),
      correct: showAnswers ? question.correct : null,
      explanation: showAnswers ? `Because of ${question.prompt}` : null,
    })),
    certificateId,
  };
}

async function answerEveryQuestion(user: ReturnType<typeof renderApp>['user']) {
  const form = await screen.findByRole('form', { name: 'Quiz: Check yourself' });
  const group = (position: number, prompt: string) =>
    within(form).getByRole('group', { name: `Question ${position} of 4: ${prompt}` });
  await user.click(within(group(1, single.prompt)).getByRole('radio', { name: 'Option 2' }));
  await user.click(within(group(2, multiple.prompt)).getByRole('checkbox', { name: 'Choice 1' }));
  await user.click(within(group(2, multiple.prompt)).getByRole('checkbox', { name: 'Choice 3' }));
  await user.click(within(group(2, multiple.prompt)).getByRole('checkbox', { name: 'Choice 3' }));
  await user.click(within(group(2, multiple.prompt)).getByRole('checkbox', { name: 'Choice 2' }));
  await user.click(within(group(3, trueFalse.prompt)).getByRole('radio', { name: 'False' }));
  await user.type(within(group(4, short.prompt)).getByRole('textbox', { name: 'Your answer' }), 'Wrong');
  return form;
}

/** What answerEveryQuestion's answers are sent as. */
const EVERY_ANSWER = [
  { questionId: single._id, optionIds: [single.options[1]?._id] },
  { questionId: multiple._id, optionIds: [multiple.options[0]?._id, multiple.options[1]?._id] },
  { questionId: trueFalse._id, value: false },
  { questionId: short._id, text: 'Wrong' },
];

describe('quiz lesson', () => {
  it('shows the intro, takes an attempt of every question type, sends the answers and shows the review', async () => {
    answerQuiz();
    api.answer('quizzes.submit', { message: 'Attempt submitted', data: reviewOf(true) });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/quiz-1');
    const intro = await screen.findByRole('region', { name: 'Quiz' }, FIRST_PAINT);
    expect(within(intro).getByText('Questions').nextElementSibling?.textContent).toBe('4');
    expect(within(intro).getByText('Pass mark').nextElementSibling?.textContent).toBe('70%');
    expect(within(intro).getByText('Time limit').nextElementSibling?.textContent).toBe('None');
    expect(within(intro).getByText('Attempts left').nextElementSibling?.textContent).toBe('Unlimited');
    await user.click(within(intro).getByRole('button', { name: 'Start quiz' }));
    expect(api.calls('quizzes.start')[0]?.input).toEqual({ lectureId: 'quiz-1' });

    const form = await answerEveryQuestion(user);
    expect(screen.queryByRole('timer')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Submit answers' }));
    await waitFor(() => expect(api.calls('quizzes.submit')).toHaveLength(1));
    expect(api.calls('quizzes.submit')[0]?.input).toEqual({
      attemptId: 'attempt-1',
      answers: EVERY_ANSWER,
    });

    const review = await screen.findByRole('region', { name: 'Result of attempt 1' });
    expect(within(review).getByText('75% (3 of 4 right)')).toBeVisible();
    expect(within(review).getByText('Passed: the pass mark is 70%')).toBeVisible();
    const items = within(review).getAllByRole('listitem');
    expect(within(items[0] as HTMLElement).getByText('Right')).toBeVisible();
    expect(within(items[0] as HTMLElement).getByText('Correct answer: Option 2')).toBeVisible();
    expect(within(items[1] as HTMLElement).getByText('Correct answer: Choice 1, Choice 2')).toBeVisible();
    expect(within(items[2] as HTMLElement).getByText('Correct answer: True')).toBeVisible();
    expect(within(items[3] as HTMLElement).getByText('Wrong')).toBeVisible();
    expect(within(items[3] as HTMLElement).getByText('You answered: Wrong')).toBeVisible();
    expect(within(items[3] as HTMLElement).getByText('Correct answer: Lectio')).toBeVisible();
    expect(
      within(items[3] as HTMLElement).getByText(`Explanation: Because of ${short.prompt}`),
    ).toBeVisible();
    // The player's progress follows the graded attempt.
    await waitFor(() => expect(api.calls('progress.course').length).toBeGreaterThan(1));
  });

  it('keeps the answers given so far through a reload, and forgets them once the attempt is graded', async () => {
    answerQuiz();
    api.answer('quizzes.submit', { message: 'Attempt submitted', data: reviewOf(true) });
    startSignedIn('student');
    const before = renderApp('/dashboard/course/course-1/lecture/quiz-1');
    await before.user.click(await screen.findByRole('button', { name: 'Start quiz' }, FIRST_PAINT));
    await answerEveryQuestion(before.user);
    expect(quizDraft('attempt-1').read()).not.toBeNull();
    // A reload: the page is gone; starting again resumes the same open attempt (the server's rule).
    before.unmount();
    const after = renderApp('/dashboard/course/course-1/lecture/quiz-1');
    await after.user.click(await screen.findByRole('button', { name: 'Start quiz' }, FIRST_PAINT));
    const form = await screen.findByRole('form', { name: 'Quiz: Check yourself' });
    expect(within(form).getByRole('radio', { name: 'Option 2' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Choice 1' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Choice 2' })).toBeChecked();
    expect(within(form).getByRole('checkbox', { name: 'Choice 3' })).not.toBeChecked();
    expect(within(form).getByRole('radio', { name: 'False' })).toBeChecked();
    expect(within(form).getByRole('textbox', { name: 'Your answer' })).toHaveValue('Wrong');

    await after.user.click(within(form).getByRole('button', { name: 'Submit answers' }));
    await screen.findByRole('region', { name: 'Result of attempt 1' });
    expect(api.calls('quizzes.submit')[0]?.input).toEqual({ attemptId: 'attempt-1', answers: EVERY_ANSWER });
    // Graded: the saved answers are gone, so nothing of this attempt stays in the browser.
    expect(quizDraft('attempt-1').read()).toBeNull();
  });

  it('shows no answers or explanations when the result has none, and offers to try again', async () => {
    answerQuiz();
    api.answer('quizzes.submit', { message: 'Attempt submitted', data: reviewOf(false) });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/quiz-1');
    await user.click(await screen.findByRole('button', { name: 'Start quiz' }, FIRST_PAINT));
    const form = await answerEveryQuestion(user);
    api.answer('quizzes.get', {
      data: {
        quiz: buildQuizSummary({
          lectureId: 'quiz-1',
          title: 'Check yourself',
          attempts: [buildQuizAttempt({ _id: 'attempt-1', lectureId: 'quiz-1' })],
          bestScore: 75,
          passed: true,
        }),
      },
    });
    await user.click(within(form).getByRole('button', { name: 'Submit answers' }));
    const review = await screen.findByRole('region', { name: 'Result of attempt 1' });
    expect(within(review).getAllByText('Right')).toHaveLength(3);
    expect(within(review).queryByText(/Correct answer/)).toBeNull();
    expect(within(review).queryByText(/Explanation/)).toBeNull();

    await user.click(await within(review).findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(api.calls('quizzes.start')).toHaveLength(2));
    expect(await screen.findByRole('form', { name: 'Quiz: Check yourself' })).toBeVisible();
  });

  it('links the certificate when passing completed the course', async () => {
    answerQuiz();
    api.answer('quizzes.submit', { message: 'Attempt submitted', data: reviewOf(true, 'cert-1') });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/quiz-1');
    await user.click(await screen.findByRole('button', { name: 'Start quiz' }, FIRST_PAINT));
    const form = await answerEveryQuestion(user);
    await user.click(within(form).getByRole('button', { name: 'Submit answers' }));
    const link = await screen.findByRole('link', { name: 'View your certificate' });
    expect(link.getAttribute('href')).toBe('/certificates/cert-1');
  });

  it('lists past attempts and shows one’s result from quizzes.result; no Try again when none are left', async () => {
    answerQuiz(
      buildQuizSummary({
        lectureId: 'quiz-1',
        title: 'Check yourself',
        attemptsAllowed: 1,
        attemptsRemaining: 0,
        attempts: [
          buildQuizAttempt({ _id: 'attempt-9', lectureId: 'quiz-1', number: 1, score: 40, passed: false }),
        ],
        bestScore: 40,
      }),
    );
    api.answer('quizzes.result', {
      data: {
        ...reviewOf(false),
        attempt: { ...reviewOf(false).attempt, _id: 'attempt-9', score: 40, passed: false },
      },
    });
    // Answers kept for attempt 9 while it was open (it finished in another tab), and for another quiz's.
    quizDraft('attempt-9').write({ [single._id]: { optionIds: [] } });
    quizDraft('attempt-elsewhere').write({ [single._id]: { optionIds: [] } });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/quiz-1');
    const intro = await screen.findByRole('region', { name: 'Quiz' }, FIRST_PAINT);
    expect(within(intro).getByText('Attempts left').nextElementSibling?.textContent).toBe('0');
    await waitFor(() => expect(quizDraft('attempt-9').read()).toBeNull());
    expect(quizDraft('attempt-elsewhere').read()).not.toBeNull();
    expect(within(intro).getByText('Attempt 1: 40%')).toBeVisible();
    expect(within(intro).queryByRole('button', { name: /Start quiz|Try again/ })).toBeNull();
    await user.click(within(intro).getByRole('button', { name: 'View result of attempt 1' }));
    const review = await screen.findByRole('region', { name: 'Result of attempt 1' });
    expect(within(review).getByText('Not passed: the pass mark is 70%')).toBeVisible();
    expect(api.calls('quizzes.result')[0]?.input).toEqual({ attemptId: 'attempt-9' });
  });

  it('shows the countdown of a timed attempt', async () => {
    answerQuiz(buildQuizSummary({ lectureId: 'quiz-1', title: 'Check yourself', timeLimitMinutes: 10 }));
    api.answer('quizzes.start', {
      message: 'Attempt started',
      data: {
        attempt: buildQuizAttempt({
          _id: 'attempt-1',
          lectureId: 'quiz-1',
          status: 'in_progress',
          deadline: new Date(Date.now() + 10 * 60_000).toISOString(),
          submittedAt: null,
          correctCount: null,
          score: null,
          passed: null,
        }),
        questions: quiz.questions.map(toAttemptQuestion),
      },
    });
    startSignedIn('student');
    const { user } = renderApp('/dashboard/course/course-1/lecture/quiz-1');
    const intro = await screen.findByRole('region', { name: 'Quiz' }, FIRST_PAINT);
    expect(within(intro).getByText('Time limit').nextElementSibling?.textContent).toBe('10 min');
    await user.click(within(intro).getByRole('button', { name: 'Start quiz' }));
    const timer = await screen.findByRole('timer', { name: 'Time left' });
    expect(timer.textContent).toMatch(/^(10:00|9:5\d)$/);
    expect(await screen.findByText('10 minutes left')).toHaveAttribute('aria-live', 'polite');
  });

  it('shows a visitor the intro and a sign-in link, never a start button', async () => {
    api.answer('quizzes.get', {
      data: { quiz: buildQuizSummary({ lectureId: 'quiz-1', title: 'Check yourself' }) },
    });
    await renderWithRouter(
      <QuizLesson courseId="course-1" lectureId="quiz-1" signedIn={false} />,
      '/course/course-1',
    );
    const intro = await screen.findByRole('region', { name: 'Quiz' }, FIRST_PAINT);
    expect(within(intro).getByText('Questions').nextElementSibling?.textContent).toBe('4');
    expect(within(intro).queryByText('Attempts left')).toBeNull();
    expect(
      within(intro).getByRole('link', { name: 'Sign in to take this quiz' }).getAttribute('href'),
    ).toMatch(/^\/signin\?from=/);
    expect(within(intro).queryByRole('button', { name: 'Start quiz' })).toBeNull();
  });
});

describe('quiz answers', () => {
  const questions = quiz.questions.map(toAttemptQuestion);
  it('keeps an attempt’s answers in storage, and reads none from a missing or damaged entry', () => {
    const draft = quizDraft('attempt-9');
    expect(draft.read()).toBeNull();
    draft.write({ q1: { optionIds: ['o2'] }, q2: { value: false }, q3: { text: 'Hi' } });
    expect(draft.read()).toEqual({ q1: { optionIds: ['o2'] }, q2: { value: false }, q3: { text: 'Hi' } });
    expect(quizDraft('attempt-8').read()).toBeNull();
    const key = window.localStorage.key(0) as string;
    for (const damaged of ['{"q1":{"value":"yes"}}', '[1,2]', '{"q1":{}}']) {
      window.localStorage.setItem(key, damaged);
      expect(draft.read(), damaged).toBeNull();
    }
    draft.remove();
    expect(window.localStorage.length).toBe(0);
  });

  it('sends one response per answered question in the attempt’s order, leaving out blanks', () => {
    expect(
      answersPayload(questions, {
        [short._id]: { text: '  ' },
        [multiple._id]: { optionIds: [] },
        [trueFalse._id]: { value: true },
        [single._id]: { optionIds: ['o1'] },
      }),
    ).toEqual([
      { questionId: single._id, optionIds: ['o1'] },
      { questionId: trueFalse._id, value: true },
    ]);
  });

  it('reads the clock and announces whole minutes every 5, then each of the last 5', () => {
    expect(clockText(600)).toBe('10:00');
    expect(clockText(59.2)).toBe('1:00');
    expect(clockText(3725)).toBe('1:02:05');
    expect(clockText(-3)).toBe('0:00');
    expect(minutesToAnnounce(600)).toBe(10);
    expect(minutesToAnnounce(540)).toBeNull();
    expect(minutesToAnnounce(170)).toBe(3);
    expect(minutesToAnnounce(0)).toBeNull();
  });
});
