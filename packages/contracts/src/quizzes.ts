/**
 * Quiz lessons (issue 26 item 3, decision 0080): a lesson of kind `quiz` holds questions that the server
 * grades. A learner starts an attempt (`quizzes.start`: the questions, in the attempt's order, with no
 * answers), then submits it (`quizzes.submit`: graded on the server, against its deadline). Correct
 * answers and explanations reach a learner only in a finished attempt's review, and only when the quiz
 * shows answers. The instructor writes the quiz whole (`quizzes.save`) and reads the gradebook.
 */
import { z } from 'zod';
import { defineOperations } from './operation.js';
import { MANAGE_COURSES, PUBLIC, requires } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  inputString,
  pageInput,
  pageOutput,
  percentNumber,
  uuidInput,
  uuidString,
  uuidText,
  wholeNumberInput,
} from './schema-formats.js';

export const QUESTION_TYPES = ['single', 'multiple', 'true_false', 'short_answer'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

export const QUIZ_LIMITS = {
  questions: 100,
  options: 10,
  promptLength: 2000,
  optionLength: 500,
  explanationLength: 2000,
  acceptedAnswers: 20,
  acceptedAnswerLength: 200,
  /** The longest short answer a learner may send. */
  responseLength: 500,
  attemptsAllowed: 100,
  timeLimitMinutes: 600,
  /** Seconds a submit may arrive after the deadline and still count (network and clock slack). */
  graceSeconds: 15,
} as const;

/** A new quiz's settings (`lectures.create` with kind `quiz`). */
export const QUIZ_DEFAULTS = {
  passMark: 70,
  attemptsAllowed: null,
  shuffleQuestions: false,
  shuffleOptions: false,
  timeLimitMinutes: null,
  showAnswers: true,
} as const;

export const QUIZ_MESSAGES = {
  saved: 'Quiz saved',
  started: 'Attempt started',
  submitted: 'Attempt submitted',
  notFound: 'Quiz not found',
  attemptNotFound: 'Attempt not found',
  notAQuiz: 'That lesson is not a quiz',
  noQuestions: 'This quiz has no questions yet',
  noAttemptsLeft: 'You have used every attempt this quiz allows',
  alreadySubmitted: 'This attempt was already submitted',
  timeUp: 'Time is up: this attempt closed at its time limit and was not graded',
  stillOpen: 'This attempt is still open: submit it to see its result',
  noPermission: 'You can only change the quizzes of your own courses',
  promptRequired: 'Each question needs its text',
  optionRequired: 'An option cannot be empty',
  tooFewOptions: 'A choice question needs at least 2 options',
  tooManyOptions: `A question can have at most ${QUIZ_LIMITS.options} options`,
  duplicateOptions: 'Two options of a question have the same text',
  singleNeedsOneCorrect: 'Mark exactly one option correct',
  multipleNeedsCorrect: 'Mark at least one option correct',
  acceptedAnswerRequired: 'Give at least one accepted answer',
  tooManyQuestions: `A quiz can have at most ${QUIZ_LIMITS.questions} questions`,
  passMarkInvalid: 'Pass mark must be a whole number from 0 to 100',
  attemptsInvalid: `Attempts allowed must be a whole number from 1 to ${QUIZ_LIMITS.attemptsAllowed}`,
  timeLimitInvalid: `Time limit must be a whole number of minutes from 1 to ${QUIZ_LIMITS.timeLimitMinutes}`,
  unknownQuestion: 'An answer names a question that is not in this attempt',
  unknownOption: 'An answer names an option that is not in its question',
  answerDoesNotFitQuestion: "An answer's form does not fit its question",
} as const;

/** How a short answer is compared: case, surrounding and repeated spaces, and Unicode forms ignored. */
export function normaliseShortAnswer(text: string): string {
  return text.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');
}

// ---------------------------------------------------------------------------------------------------------
// The instructor's quiz: settings and questions with their answers (quizzes.edit, quizzes.save).

const promptText = inputString({ error: QUIZ_MESSAGES.promptRequired })
  .trim()
  .min(1, QUIZ_MESSAGES.promptRequired)
  .max(QUIZ_LIMITS.promptLength);
const explanationText = inputString().trim().max(QUIZ_LIMITS.explanationLength).nullable().optional();
const optionText = inputString({ error: QUIZ_MESSAGES.optionRequired })
  .trim()
  .min(1, QUIZ_MESSAGES.optionRequired)
  .max(QUIZ_LIMITS.optionLength);

export const quizSettingsSchema = z.object({
  /** The score (%) that passes, 0-100. */
  passMark: wholeNumberInput(0, 100, QUIZ_MESSAGES.passMarkInvalid),
  /** Null: unlimited. */
  attemptsAllowed: wholeNumberInput(1, QUIZ_LIMITS.attemptsAllowed, QUIZ_MESSAGES.attemptsInvalid).nullable(),
  shuffleQuestions: z.boolean(),
  shuffleOptions: z.boolean(),
  /** Null: untimed. Enforced on the server from the attempt's start. */
  timeLimitMinutes: wholeNumberInput(
    1,
    QUIZ_LIMITS.timeLimitMinutes,
    QUIZ_MESSAGES.timeLimitInvalid,
  ).nullable(),
  /** Whether a finished attempt's review shows the correct answers and explanations. */
  showAnswers: z.boolean(),
});
export type QuizSettings = z.infer<typeof quizSettingsSchema>;

/** A choice option as the instructor writes it. `id` is kept across saves; a new option may omit it. */
const authoredOptionSchema = z.object({
  id: uuidText().optional(),
  text: optionText,
  isCorrect: z.boolean(),
});

const questionBase = {
  /** Kept across saves (attempts and item analysis refer to it); a new question may omit it. */
  id: uuidText().optional(),
  prompt: promptText,
  explanation: explanationText,
};

const choiceOptions = z
  .array(authoredOptionSchema)
  .min(2, QUIZ_MESSAGES.tooFewOptions)
  .max(QUIZ_LIMITS.options, QUIZ_MESSAGES.tooManyOptions)
  .refine(
    (options) => new Set(options.map((option) => normaliseShortAnswer(option.text))).size === options.length,
    QUIZ_MESSAGES.duplicateOptions,
  );

/** One question with its answer, by type (the shape `quizzes.save` takes; refinement-free for forms). */
export const authoredQuestionSchema = z.discriminatedUnion('type', [
  z.object({
    ...questionBase,
    type: z.literal('single'),
    options: choiceOptions.refine(
      (options) => options.filter((option) => option.isCorrect).length === 1,
      QUIZ_MESSAGES.singleNeedsOneCorrect,
    ),
  }),
  z.object({
    ...questionBase,
    type: z.literal('multiple'),
    options: choiceOptions.refine(
      (options) => options.some((option) => option.isCorrect),
      QUIZ_MESSAGES.multipleNeedsCorrect,
    ),
  }),
  z.object({ ...questionBase, type: z.literal('true_false'), correctAnswer: z.boolean() }),
  z.object({
    ...questionBase,
    type: z.literal('short_answer'),
    /** Any of these, compared by `normaliseShortAnswer`, is right. */
    acceptedAnswers: z
      .array(
        inputString({ error: QUIZ_MESSAGES.acceptedAnswerRequired })
          .trim()
          .min(1, QUIZ_MESSAGES.acceptedAnswerRequired)
          .max(QUIZ_LIMITS.acceptedAnswerLength),
      )
      .min(1, QUIZ_MESSAGES.acceptedAnswerRequired)
      .max(QUIZ_LIMITS.acceptedAnswers),
  }),
]);
export type AuthoredQuestion = z.infer<typeof authoredQuestionSchema>;

export const saveQuizRequestSchema = z.object({
  lectureId: uuidInput(),
  settings: quizSettingsSchema,
  questions: z.array(authoredQuestionSchema).max(QUIZ_LIMITS.questions, QUIZ_MESSAGES.tooManyQuestions),
});

const quizOptionSchema = z.object({ _id: uuidString(), text: z.string() });

/** A question as its instructor sees it: with its answer. */
export const quizQuestionSchema = z
  .object({
    _id: uuidString(),
    type: z.enum(QUESTION_TYPES),
    prompt: z.string(),
    explanation: z.string().nullable(),
    /** Choice questions' options in the written order; empty for true/false and short answer. */
    options: z.array(quizOptionSchema.extend({ isCorrect: z.boolean() })),
    /** True/false questions' answer; null for the other types. */
    correctAnswer: z.boolean().nullable(),
    /** Short-answer questions' accepted answers; empty for the other types. */
    acceptedAnswers: z.array(z.string()),
  })
  .meta({ id: 'QuizQuestion' });
export type QuizQuestion = z.infer<typeof quizQuestionSchema>;

export const editableQuizSchema = z
  .object({
    lectureId: uuidString(),
    courseId: uuidString(),
    title: z.string(),
    settings: quizSettingsSchema,
    questions: z.array(quizQuestionSchema),
    /** Submitted attempts so far, by every learner (editing keeps them). */
    attemptCount: countNumber(),
  })
  .meta({ id: 'EditableQuiz' });
export type EditableQuiz = z.infer<typeof editableQuizSchema>;

const editableQuizResponseSchema = z.object({
  message: z.string().optional(),
  data: z.object({ quiz: editableQuizSchema }),
});

// ---------------------------------------------------------------------------------------------------------
// The learner's side: never an answer before the attempt is submitted.

export const ATTEMPT_STATUSES = ['in_progress', 'submitted', 'expired'] as const;
export type AttemptStatus = (typeof ATTEMPT_STATUSES)[number];

export const quizAttemptSchema = z
  .object({
    _id: uuidString(),
    lectureId: uuidString(),
    /** 1-based: the learner's nth attempt at this quiz. */
    number: countNumber(),
    status: z.enum(ATTEMPT_STATUSES),
    startedAt: dateTimeString(),
    /** When the time limit closes the attempt; null when untimed. */
    deadline: dateTimeString().nullable(),
    submittedAt: dateTimeString().nullable(),
    questionCount: countNumber(),
    /** Set once graded (an expired attempt scores 0). */
    correctCount: countNumber().nullable(),
    score: percentNumber().nullable(),
    passed: z.boolean().nullable(),
  })
  .meta({ id: 'QuizAttempt' });
export type QuizAttempt = z.infer<typeof quizAttemptSchema>;

/** What anyone who may see the lesson learns of the quiz before starting: no questions. */
export const quizSummarySchema = z
  .object({
    lectureId: uuidString(),
    courseId: uuidString(),
    title: z.string(),
    questionCount: countNumber(),
    passMark: percentNumber(),
    attemptsAllowed: countNumber().nullable(),
    timeLimitMinutes: countNumber().nullable(),
    showAnswers: z.boolean(),
    /** True when the viewer may not take it (not enrolled and not a preview, or its section closed). */
    isLocked: z.boolean(),
    /** The viewer's attempts, newest first (empty for a visitor). */
    attempts: z.array(quizAttemptSchema),
    /** Null when unlimited. */
    attemptsRemaining: countNumber().nullable(),
    bestScore: percentNumber().nullable(),
    passed: z.boolean(),
  })
  .meta({ id: 'QuizSummary' });
export type QuizSummary = z.infer<typeof quizSummarySchema>;

/** A question as a learner taking the quiz sees it: no answer, options in this attempt's order. */
export const attemptQuestionSchema = z
  .object({
    _id: uuidString(),
    type: z.enum(QUESTION_TYPES),
    prompt: z.string(),
    /** Choice questions' options; empty for true/false and short answer. */
    options: z.array(quizOptionSchema),
  })
  .meta({ id: 'AttemptQuestion' });
export type AttemptQuestion = z.infer<typeof attemptQuestionSchema>;

/** A learner's answer to one question: option ids for a choice, a boolean for true/false, else text. */
export const quizResponseSchema = z.object({
  questionId: uuidText(),
  optionIds: z.array(uuidText()).max(QUIZ_LIMITS.options).optional(),
  value: z.boolean().optional(),
  text: inputString().max(QUIZ_LIMITS.responseLength).optional(),
});
export type QuizResponse = z.infer<typeof quizResponseSchema>;

/** One question of a finished attempt: what the learner answered, whether right, and maybe the answer. */
export const reviewedQuestionSchema = attemptQuestionSchema
  .extend({
    response: quizResponseSchema.omit({ questionId: true }).nullable(),
    isCorrect: z.boolean(),
    /** Only when the quiz shows answers: the correct option ids, true/false value or accepted answers. */
    correct: z
      .object({
        optionIds: z.array(uuidString()),
        value: z.boolean().nullable(),
        acceptedAnswers: z.array(z.string()),
      })
      .nullable(),
    /** Only when the quiz shows answers. */
    explanation: z.string().nullable(),
  })
  .meta({ id: 'ReviewedQuestion' });
export type ReviewedQuestion = z.infer<typeof reviewedQuestionSchema>;

const startedAttemptResponseSchema = z.object({
  message: z.string(),
  data: z.object({ attempt: quizAttemptSchema, questions: z.array(attemptQuestionSchema) }),
});

export const attemptResultSchema = z.object({
  attempt: quizAttemptSchema,
  questions: z.array(reviewedQuestionSchema),
  /** The course's certificate when passing this completed the course; null otherwise. */
  certificateId: uuidString().nullable(),
});
export type AttemptResult = z.infer<typeof attemptResultSchema>;

// ---------------------------------------------------------------------------------------------------------
// The gradebook.

export const GRADEBOOK_PAGE = { max: 200, default: 50 } as const;

export const gradebookQuizSchema = z.object({
  lectureId: uuidString(),
  title: z.string(),
  passMark: percentNumber(),
  /** Submitted and expired attempts, by every learner. */
  attemptCount: countNumber(),
  /** Item analysis: per current question, the share of graded answers that were right. */
  questions: z.array(
    z.object({
      _id: uuidString(),
      prompt: z.string(),
      type: z.enum(QUESTION_TYPES),
      answerCount: countNumber(),
      /** Null before anyone answered it. */
      correctPercent: percentNumber().nullable(),
    }),
  ),
});

export const gradebookStudentSchema = z.object({
  userId: uuidString(),
  name: z.string(),
  email: z.string(),
  enrolledAt: dateTimeString(),
  completedLessons: countNumber(),
  progressPercent: percentNumber(),
  quizzes: z.array(
    z.object({
      lectureId: uuidString(),
      attempts: countNumber(),
      bestScore: percentNumber().nullable(),
      passed: z.boolean(),
    }),
  ),
});
export type GradebookStudent = z.infer<typeof gradebookStudentSchema>;

const gradebookResponseSchema = z.object({
  data: pageOutput('students', gradebookStudentSchema).extend({
    courseId: uuidString(),
    lessonCount: countNumber(),
    studentCount: countNumber(),
    quizzes: z.array(gradebookQuizSchema),
  }),
});
export type GradebookResponse = z.infer<typeof gradebookResponseSchema>;

const TRACK_PROGRESS = requires('track_progress');
const lectureIdInput = z.object({ lectureId: uuidInput() });
const attemptIdInput = z.object({ attemptId: uuidInput() });

export const quizOperations = defineOperations({
  get: {
    kind: 'query',
    access: PUBLIC,
    summary: "A quiz lesson's summary and the viewer's attempts (never its questions or answers)",
    description:
      "Question count and settings for anyone who may see the course; the signed-in viewer's attempts, " +
      'best score and attempts left. The questions come with `quizzes.start`. 404 when the lesson is not a ' +
      'quiz of a course the viewer may see.',
    input: lectureIdInput,
    output: z.object({ data: z.object({ quiz: quizSummarySchema }) }),
    rest: { method: 'GET', path: '/lectures/{lectureId}/quiz' },
    errors: ['NOT_FOUND'],
  },
  start: {
    kind: 'mutation',
    access: TRACK_PROGRESS,
    summary: 'Start an attempt, or resume the open one: its questions without answers',
    description:
      'Only a viewer who may open the lesson (403 otherwise). Answers the open attempt if there is one ' +
      '(the same questions, order and deadline); else starts the next, 409 when no attempt is left or the ' +
      'quiz has no questions. Shuffling, when set, is fixed per attempt.',
    input: lectureIdInput,
    output: startedAttemptResponseSchema,
    rest: { method: 'POST', path: '/lectures/{lectureId}/quiz/attempts', status: 201 },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  submit: {
    kind: 'mutation',
    access: TRACK_PROGRESS,
    summary: 'Submit an attempt: graded on the server',
    description:
      'Your own open attempt (404 otherwise). Unanswered questions count wrong. 409 when already ' +
      `submitted, or when it arrives more than ${QUIZ_LIMITS.graceSeconds} s after the deadline (the ` +
      'attempt is then closed as expired with a score of 0). Passing completes the lesson, and may ' +
      'complete the course (`certificateId`).',
    input: attemptIdInput.extend({
      answers: z.array(quizResponseSchema).max(QUIZ_LIMITS.questions),
    }),
    output: z.object({ message: z.string(), data: attemptResultSchema }),
    rest: { method: 'POST', path: '/quiz-attempts/{attemptId}/submit' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  result: {
    kind: 'query',
    access: TRACK_PROGRESS,
    summary: 'One of your finished attempts, reviewed',
    description:
      "Correct answers and explanations only when the quiz shows answers. 404 for another learner's " +
      'attempt; 409 while it is still open.',
    input: attemptIdInput,
    output: z.object({ data: attemptResultSchema }),
    rest: { method: 'GET', path: '/quiz-attempts/{attemptId}' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  edit: {
    kind: 'query',
    access: MANAGE_COURSES,
    summary: 'A quiz with its answers, for its instructor',
    input: lectureIdInput,
    output: editableQuizResponseSchema,
    rest: { method: 'GET', path: '/lectures/{lectureId}/quiz/edit' },
    errors: ['NOT_FOUND'],
  },
  save: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: "Replace a quiz's settings and questions",
    description:
      'The whole quiz at once, as the quiz builder holds it. Questions and options keep the `id` they are ' +
      'sent with (so attempts and item analysis follow them); new ones get one. Past attempts keep what ' +
      'they were graded on.',
    input: saveQuizRequestSchema,
    output: editableQuizResponseSchema,
    rest: { method: 'PUT', path: '/lectures/{lectureId}/quiz' },
    errors: ['NOT_FOUND'],
  },
  gradebook: {
    kind: 'query',
    access: MANAGE_COURSES,
    summary: "A course's gradebook: each student's progress and quiz results, and item analysis",
    description:
      'Students a page at a time, in enrollment order; the quizzes with per-question % correct on every ' +
      "page. The course's instructor or an admin.",
    input: z.object({
      courseId: uuidInput(),
      ...pageInput(GRADEBOOK_PAGE.max, GRADEBOOK_PAGE.default),
    }),
    output: gradebookResponseSchema,
    rest: { method: 'GET', path: '/courses/{courseId}/gradebook' },
    errors: ['NOT_FOUND'],
  },
});
