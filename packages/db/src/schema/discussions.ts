/**
 * Questions and answers on a course (issue 28 item 1). A question hangs on its course and, when asked on
 * a lesson, on that lesson (`lecture_id`, null for a general question about the course): one column, so
 * attaching questions elsewhere later is one migration. `video_seconds` is the time in a video lesson it
 * was asked at. Counters (`answer_count`, `vote_count`) are kept by the service in the transaction that
 * changes what they count, so the lists sort and filter on indexed columns; `answer_count` counts visible
 * answers only ("unanswered" is `answer_count = 0`).
 *
 * Migration 0021 adds, outside this schema on purpose (as for courses, decision 0044): the stored
 * generated column `search_document` (tsvector over title weight A and body B in the `lectio_search`
 * configuration) and its GIN index `course_questions_search_idx`; the search names them in SQL.
 *
 * A hidden question or answer (`hidden_at`, by an admin or the course's instructor) vanishes from every
 * learner's view; reports are one per user and item.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, ref, timestamps } from './columns';
import { courses, lectures } from './courses';
import { users } from './users';

export const courseQuestions = pgTable(
  'course_questions',
  {
    id: id(),
    courseId: ref('course_id', () => courses.id, 'cascade').notNull(),
    /** The lesson it was asked on; null for a general question about the course. */
    lectureId: ref('lecture_id', () => lectures.id, 'cascade'),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    videoSeconds: integer('video_seconds'),
    acceptedAnswerId: uuid('accepted_answer_id').references((): AnyPgColumn => questionAnswers.id, {
      onDelete: 'set null',
    }),
    answerCount: integer('answer_count').notNull().default(0),
    voteCount: integer('vote_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: ref('hidden_by', () => users.id, 'set null'),
    ...timestamps(),
  },
  (t) => [
    check('course_questions_video_seconds_check', sql`${t.videoSeconds} is null or ${t.videoSeconds} >= 0`),
    check('course_questions_counts_check', sql`${t.answerCount} >= 0 and ${t.voteCount} >= 0`),
    // The lists of a course's visible questions: newest, most upvoted, unanswered (oldest first).
    index('course_questions_newest_idx')
      .on(t.courseId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`hidden_at is null`),
    index('course_questions_votes_idx')
      .on(
        t.courseId,
        t.voteCount.desc().nullsFirst(),
        t.createdAt.desc().nullsFirst(),
        t.id.desc().nullsFirst(),
      )
      .where(sql`hidden_at is null`),
    index('course_questions_unanswered_idx')
      .on(t.courseId, t.createdAt, t.id)
      .where(sql`hidden_at is null and answer_count = 0`),
    index('course_questions_lecture_idx').on(t.lectureId, t.createdAt.desc().nullsFirst()),
    index('course_questions_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const questionAnswers = pgTable(
  'question_answers',
  {
    id: id(),
    questionId: ref('question_id', () => courseQuestions.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    body: text('body').notNull(),
    voteCount: integer('vote_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenBy: ref('hidden_by', () => users.id, 'set null'),
    ...timestamps(),
  },
  (t) => [
    check('question_answers_vote_count_check', sql`${t.voteCount} >= 0`),
    index('question_answers_question_idx').on(t.questionId, t.createdAt, t.id),
    index('question_answers_user_idx').on(t.userId),
  ],
);

/** One upvote per user and question. */
export const questionVotes = pgTable(
  'question_votes',
  {
    questionId: ref('question_id', () => courseQuestions.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'question_votes_pk', columns: [t.questionId, t.userId] })],
);

/** One upvote per user and answer. */
export const answerVotes = pgTable(
  'answer_votes',
  {
    answerId: ref('answer_id', () => questionAnswers.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'answer_votes_pk', columns: [t.answerId, t.userId] })],
);

/** Who hears of a question's new answers: its asker from the start, and anyone who follows it. */
export const questionFollows = pgTable(
  'question_follows',
  {
    questionId: ref('question_id', () => courseQuestions.id, 'cascade').notNull(),
    userId: ref('user_id', () => users.id, 'cascade').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'question_follows_pk', columns: [t.questionId, t.userId] }),
    index('question_follows_user_idx').on(t.userId),
  ],
);

/** A report of a question or of an answer (exactly one of the two), once per reporter and item. */
export const discussionReports = pgTable(
  'discussion_reports',
  {
    id: id(),
    questionId: ref('question_id', () => courseQuestions.id, 'cascade'),
    answerId: ref('answer_id', () => questionAnswers.id, 'cascade'),
    reporterId: ref('reporter_id', () => users.id, 'cascade').notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('discussion_reports_one_target_check', sql`num_nonnulls(${t.questionId}, ${t.answerId}) = 1`),
    uniqueIndex('discussion_reports_question_idx')
      .on(t.questionId, t.reporterId)
      .where(sql`question_id is not null`),
    uniqueIndex('discussion_reports_answer_idx')
      .on(t.answerId, t.reporterId)
      .where(sql`answer_id is not null`),
    index('discussion_reports_created_at_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

export type CourseQuestion = typeof courseQuestions.$inferSelect;
export type QuestionAnswer = typeof questionAnswers.$inferSelect;
