/**
 * Quiz lessons (issue 26 item 3, decision 0081). A lecture of kind `quiz` has one `quizzes` row (its
 * settings) and ordered `quiz_questions` with their answers. A learner's `quiz_attempts` each carry a
 * snapshot of the questions as shown (order, option order) and as graded, so editing the quiz later never
 * changes a past attempt's result.
 */
import {
  ATTEMPT_STATUSES,
  type AttemptStatus,
  QUESTION_TYPES,
  type QuestionType,
} from '@lectio/contracts/quizzes';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { id, oneOf, ref, timestamps } from './columns';
import { lectures } from './courses';
import { users } from './users';

export const quizzes = pgTable(
  'quizzes',
  {
    lectureId: uuid('lecture_id')
      .primaryKey()
      .references(() => lectures.id, { onDelete: 'cascade' }),
    passMark: integer('pass_mark').notNull(),
    /** Null: unlimited. */
    attemptsAllowed: integer('attempts_allowed'),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Null: untimed. */
    timeLimitMinutes: integer('time_limit_minutes'),
    showAnswers: boolean('show_answers').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check('quizzes_pass_mark_check', sql`${t.passMark} between 0 and 100`),
    check('quizzes_attempts_allowed_check', sql`${t.attemptsAllowed} is null or ${t.attemptsAllowed} >= 1`),
    check('quizzes_time_limit_check', sql`${t.timeLimitMinutes} is null or ${t.timeLimitMinutes} >= 1`),
  ],
);

/** A choice option as stored: its id is kept across saves. */
export interface StoredQuizOption {
  id: string;
  text: string;
  isCorrect: boolean;
}

export const quizQuestions = pgTable(
  'quiz_questions',
  {
    id: id(),
    lectureId: ref('lecture_id', () => quizzes.lectureId, 'cascade').notNull(),
    /** 1..n within the quiz. */
    position: integer('position').notNull(),
    type: text('type').$type<QuestionType>().notNull(),
    prompt: text('prompt').notNull(),
    explanation: text('explanation'),
    /** Choice questions' options in the written order; [] for the other types. */
    options: jsonb('options').$type<StoredQuizOption[]>().notNull().default(sql`'[]'::jsonb`),
    /** A true/false question's answer; null for the other types. */
    correctAnswer: boolean('correct_answer'),
    /** A short-answer question's accepted answers; [] for the other types. */
    acceptedAnswers: text('accepted_answers').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [
    check('quiz_questions_type_check', oneOf(t.type, QUESTION_TYPES)),
    check(
      'quiz_questions_true_false_answer',
      sql`(${t.type} = 'true_false') = (${t.correctAnswer} is not null)`,
    ),
    index('quiz_questions_lecture_position_idx').on(t.lectureId, t.position),
  ],
);

/** One question of an attempt as shown and as graded (the snapshot). */
export interface AttemptSnapshotQuestion {
  id: string;
  type: QuestionType;
  prompt: string;
  explanation: string | null;
  /** In the order this attempt shows them. */
  options: StoredQuizOption[];
  correctAnswer: boolean | null;
  acceptedAnswers: string[];
}

/** A learner's graded answer to one question of an attempt. */
export interface GradedAnswer {
  questionId: string;
  optionIds?: string[];
  value?: boolean;
  text?: string;
  isCorrect: boolean;
}

export const quizAttempts = pgTable(
  'quiz_attempts',
  {
    id: id(),
    lectureId: ref('lecture_id', () => quizzes.lectureId, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    /** 1-based: the learner's nth attempt at this quiz. */
    number: integer('number').notNull(),
    status: text('status').$type<AttemptStatus>().notNull().default('in_progress'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    /** When the time limit closes the attempt; null when untimed. */
    deadline: timestamp('deadline', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The questions as this attempt shows them and grades them. */
    questions: jsonb('questions').$type<AttemptSnapshotQuestion[]>().notNull(),
    /** Set when graded: every question's answer (or none) with whether it was right. */
    answers: jsonb('answers').$type<GradedAnswer[]>(),
    correctCount: integer('correct_count'),
    score: numeric('score', { precision: 5, scale: 2, mode: 'number' }),
    passed: boolean('passed'),
  },
  (t) => [
    check('quiz_attempts_status_check', oneOf(t.status, ATTEMPT_STATUSES)),
    check('quiz_attempts_number_check', sql`${t.number} >= 1`),
    check('quiz_attempts_score_check', sql`${t.score} is null or ${t.score} between 0 and 100`),
    check('quiz_attempts_graded_when_finished', sql`(${t.status} = 'in_progress') = (${t.score} is null)`),
    unique('quiz_attempts_number_unique').on(t.lectureId, t.userId, t.number),
    // One open attempt per learner per quiz.
    uniqueIndex('quiz_attempts_one_open_idx')
      .on(t.lectureId, t.userId)
      .where(sql`${t.status} = 'in_progress'`),
    // The gradebook reads a course's attempts per learner.
    index('quiz_attempts_user_idx').on(t.userId, t.lectureId),
  ],
);

export type Quiz = typeof quizzes.$inferSelect;
export type QuizQuestionRow = typeof quizQuestions.$inferSelect;
export type QuizAttemptRow = typeof quizAttempts.$inferSelect;
