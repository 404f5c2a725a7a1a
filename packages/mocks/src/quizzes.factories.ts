/** Factories for the quizzes.* operations' answers (quiz lessons; see sequence.ts for ids and dates). */
import {
  type AttemptQuestion,
  type AttemptResult,
  type EditableQuiz,
  type GradebookResponse,
  type GradebookStudent,
  QUIZ_DEFAULTS,
  type QuizAttempt,
  type QuizQuestion,
  type QuizSummary,
  type ReviewedQuestion,
} from '@lectio/contracts/quizzes';
import { given, isoAt, next, nextId, sequentialUuid } from './sequence.js';

export type { AttemptQuestion, AttemptResult, EditableQuiz, QuizAttempt, QuizQuestion, QuizSummary };

/** A single-choice question with its answer (the instructor's view): option 2 of 3 is right. */
export function buildQuizQuestion(overrides: Partial<QuizQuestion> = {}): QuizQuestion {
  const n = next();
  return {
    _id: sequentialUuid(n),
    type: 'single',
    prompt: `Question ${n}: which of these is right?`,
    explanation: null,
    options: [1, 2, 3].map((k) => ({ _id: nextId(), text: `Option ${k}`, isCorrect: k === 2 })),
    correctAnswer: null,
    acceptedAnswers: [],
    ...given(overrides),
  };
}

/** The learner's view of a question: `question` without its answers. */
export function toAttemptQuestion(question: QuizQuestion): AttemptQuestion {
  return {
    _id: question._id,
    type: question.type,
    prompt: question.prompt,
    options: question.options.map(({ _id, text }) => ({ _id, text })),
  };
}

/** A quiz as its instructor edits it: one question of each type, on the default settings. */
export function buildEditableQuiz(overrides: Partial<EditableQuiz> = {}): EditableQuiz {
  const n = next();
  return {
    lectureId: sequentialUuid(n),
    courseId: nextId(),
    title: `Quiz ${n}`,
    settings: { ...QUIZ_DEFAULTS },
    questions: [
      buildQuizQuestion(),
      buildQuizQuestion({
        type: 'multiple',
        prompt: 'Which of these are right?',
        options: [1, 2, 3].map((k) => ({ _id: nextId(), text: `Choice ${k}`, isCorrect: k !== 3 })),
      }),
      buildQuizQuestion({ type: 'true_false', prompt: 'True or false?', options: [], correctAnswer: true }),
      buildQuizQuestion({
        type: 'short_answer',
        prompt: 'Name it.',
        options: [],
        acceptedAnswers: ['Lectio'],
      }),
    ],
    attemptCount: 0,
    ...given(overrides),
  };
}

/** A submitted attempt that passed with 3 of 4 right (overrides for an open or expired one). */
export function buildQuizAttempt(overrides: Partial<QuizAttempt> = {}): QuizAttempt {
  const n = next();
  return {
    _id: sequentialUuid(n),
    lectureId: nextId(),
    number: 1,
    status: 'submitted',
    startedAt: isoAt(n),
    deadline: null,
    submittedAt: isoAt(n, 1),
    questionCount: 4,
    correctCount: 3,
    score: 75,
    passed: true,
    ...given(overrides),
  };
}

/** A quiz's summary for an enrolled learner who has not attempted it yet. */
export function buildQuizSummary(overrides: Partial<QuizSummary> = {}): QuizSummary {
  const n = next();
  return {
    lectureId: sequentialUuid(n),
    courseId: nextId(),
    title: `Quiz ${n}`,
    questionCount: 4,
    passMark: QUIZ_DEFAULTS.passMark,
    attemptsAllowed: QUIZ_DEFAULTS.attemptsAllowed,
    timeLimitMinutes: QUIZ_DEFAULTS.timeLimitMinutes,
    showAnswers: QUIZ_DEFAULTS.showAnswers,
    isLocked: false,
    attempts: [],
    attemptsRemaining: null,
    bestScore: null,
    passed: false,
    ...given(overrides),
  };
}

/** A finished attempt's review of `quiz`: every question answered right, answers shown. */
export function buildAttemptResult(quiz: EditableQuiz = buildEditableQuiz()): AttemptResult {
  const questions: ReviewedQuestion[] = quiz.questions.map((question) => {
    const correct = {
      optionIds: question.options.filter((option) => option.isCorrect).map((option) => option._id),
      value: question.correctAnswer,
      acceptedAnswers: question.acceptedAnswers,
    };
    const response =
      question.type === 'true_false'
        ? { value: question.correctAnswer ?? true }
        : question.type === 'short_answer'
          ? { text: question.acceptedAnswers[0] ?? '' }
          : { optionIds: correct.optionIds };
    return {
      ...toAttemptQuestion(question),
      response,
      isCorrect: true,
      correct,
      explanation: question.explanation,
    };
  });
  return {
    attempt: buildQuizAttempt({
      lectureId: quiz.lectureId,
      questionCount: questions.length,
      correctCount: questions.length,
      score: 100,
    }),
    questions,
    certificateId: null,
  };
}

/** One student's gradebook row: half the lessons done, the quiz passed on the second attempt. */
export function buildGradebookStudent(overrides: Partial<GradebookStudent> = {}): GradebookStudent {
  const n = next();
  return {
    userId: sequentialUuid(n),
    name: `Student ${n}`,
    email: `student${n}@example.com`,
    enrolledAt: isoAt(n),
    completedLessons: 3,
    progressPercent: 50,
    quizzes: [],
    ...given(overrides),
  };
}

/** A course's gradebook page: one quiz and two students. */
export function buildGradebook(courseId: string = nextId()): GradebookResponse['data'] {
  const quiz = buildEditableQuiz({ courseId });
  return {
    courseId,
    lessonCount: 6,
    studentCount: 2,
    quizzes: [
      {
        lectureId: quiz.lectureId,
        title: quiz.title,
        passMark: quiz.settings.passMark,
        attemptCount: 3,
        questions: quiz.questions.map((question, index) => ({
          _id: question._id,
          prompt: question.prompt,
          type: question.type,
          answerCount: 3,
          correctPercent: [100, 66.67, 33.33, 0][index] ?? null,
        })),
      },
    ],
    students: [
      buildGradebookStudent({
        quizzes: [{ lectureId: quiz.lectureId, attempts: 2, bestScore: 75, passed: true }],
      }),
      buildGradebookStudent({
        completedLessons: 1,
        progressPercent: 17,
        quizzes: [{ lectureId: quiz.lectureId, attempts: 1, bestScore: 25, passed: false }],
      }),
    ],
    nextCursor: null,
  };
}
