/**
 * The quizzes.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives
 * it (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { QUIZ_DEFAULTS, QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { CREATED_AT, ids } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

const ATTEMPT = 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e';
const QUESTION = 'c2d3e4f5-a6b7-4c8d-9e0f-1a2b3c4d5e6f';
const OPTIONS = ['d3e4f5a6-b7c8-4d9e-8f0a-2b3c4d5e6f70', 'e4f5a6b7-c8d9-4e0f-9a1b-3c4d5e6f7081'] as const;
const prompt = 'Which command installs the workspace?';
const options = [
  { _id: OPTIONS[0], text: 'pnpm install' },
  { _id: OPTIONS[1], text: 'pnpm publish' },
];
const attempt = {
  _id: ATTEMPT,
  lectureId: ids.secondLecture,
  number: 1,
  startedAt: CREATED_AT,
  deadline: '2026-03-14T09:40:00.000Z',
  questionCount: 1,
};

export const quizExamples: NamespaceExamples<'quizzes'> = {
  get: { input: { lectureId: ids.secondLecture } },
  start: {
    input: { lectureId: ids.secondLecture },
    output: {
      message: QUIZ_MESSAGES.started,
      data: {
        attempt: {
          ...attempt,
          status: 'in_progress',
          submittedAt: null,
          correctCount: null,
          score: null,
          passed: null,
        },
        questions: [{ _id: QUESTION, type: 'single', prompt, options }],
      },
    },
  },
  submit: {
    input: { attemptId: ATTEMPT, answers: [{ questionId: QUESTION, optionIds: [OPTIONS[0]] }] },
    output: {
      message: QUIZ_MESSAGES.submitted,
      data: {
        attempt: {
          ...attempt,
          status: 'submitted',
          submittedAt: '2026-03-14T09:33:10.000Z',
          correctCount: 1,
          score: 100,
          passed: true,
        },
        questions: [
          {
            _id: QUESTION,
            type: 'single',
            prompt,
            options,
            response: { optionIds: [OPTIONS[0]] },
            isCorrect: true,
            correct: { optionIds: [OPTIONS[0]], value: null, acceptedAnswers: [] },
            explanation: '`pnpm install` reads the lockfile and links every package of the workspace.',
          },
        ],
        certificateId: null,
      },
    },
  },
  result: { input: { attemptId: ATTEMPT } },
  edit: { input: { lectureId: ids.secondLecture } },
  save: {
    input: {
      lectureId: ids.secondLecture,
      settings: { ...QUIZ_DEFAULTS, attemptsAllowed: 3, timeLimitMinutes: 10 },
      questions: [
        {
          id: QUESTION,
          type: 'single',
          prompt,
          explanation: '`pnpm install` reads the lockfile and links every package of the workspace.',
          options: [
            { id: OPTIONS[0], text: 'pnpm install', isCorrect: true },
            { id: OPTIONS[1], text: 'pnpm publish', isCorrect: false },
          ],
        },
        { type: 'true_false', prompt: 'A lockfile pins every dependency version.', correctAnswer: true },
        {
          type: 'short_answer',
          prompt: 'Which file lists the workspace packages?',
          acceptedAnswers: ['pnpm-workspace.yaml', 'pnpm-workspace.yml'],
        },
      ],
    },
    output: {
      message: QUIZ_MESSAGES.saved,
      data: {
        quiz: {
          lectureId: ids.secondLecture,
          courseId: ids.course,
          title: 'Check your setup',
          settings: { ...QUIZ_DEFAULTS, attemptsAllowed: 3, timeLimitMinutes: 10 },
          questions: [
            {
              _id: QUESTION,
              type: 'single',
              prompt,
              explanation: '`pnpm install` reads the lockfile and links every package of the workspace.',
              options: [
                { ...options[0]!, isCorrect: true },
                { ...options[1]!, isCorrect: false },
              ],
              correctAnswer: null,
              acceptedAnswers: [],
            },
          ],
          attemptCount: 0,
        },
      },
    },
  },
  gradebook: { input: { courseId: ids.course } },
};
