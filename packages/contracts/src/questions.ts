/**
 * Questions and answers on a course (issue 28 item 1, decision 0088). A question hangs on a course and,
 * when asked on a lesson, on that lesson (`lecture` null: a general question about the course); a video
 * lesson's question may carry the time it was asked at. Rules the service keeps:
 * - reading and posting take what opening the lesson takes (enrolled with its section open, or the
 *   course's instructor or an admin); a general question takes the whole course. A free preview is not
 *   enough. A course the caller may not see is 404, one they may see but not open is 403;
 * - a hidden question or answer vanishes from every learner's view (lists, search, counts, `get`); the
 *   course's instructor and admins still see it, with `hidden: true`;
 * - `answerCount` counts visible answers; "unanswered" is `answerCount = 0`. Counters are exact;
 * - one vote per user and item; voting again changes nothing (and answers the same);
 * - the asker follows their question; followers are notified of new answers;
 * - one report per user and item: a second is 409;
 * - editing or deleting anyone else's question or answer is 404 when the caller can't see it and 403 when
 *   they can (it is on the page they read; the flags `canEdit`/`canDelete` say what they may do).
 *
 * `questions.get` is polled by the lesson page for new answers: `Cache-Control: private, no-cache` with
 * an ETag (a 304 when nothing changed), as the notifications bell (decision 0043).
 */
import { z } from 'zod';
import { messageResponseSchema } from './auth.js';
import { LESSON_KINDS } from './curriculum.js';
import { VALIDATION } from './messages.js';
import { defineOperations } from './operation.js';
import { AUTHENTICATED, MANAGE_COURSES } from './permissions.js';
import {
  countNumber,
  dateTimeString,
  INT32_MAX,
  inputString,
  pageInput,
  pageOutput,
  uuidInput,
  uuidString,
  wholeNumberInput,
} from './schema-formats.js';

export const QUESTION_LIMITS = {
  titleLength: 200,
  bodyLength: 20_000,
  answerLength: 20_000,
  reportReasonLength: 500,
  searchLength: 200,
  /**
   * How many matches a search ranks: the newest this many (as the catalogue's RELEVANCE_LIMIT bounds its
   * relevance lists). Ranking every match of a word in a third of 20,000 questions is what would cost;
   * a longer search narrows it.
   */
  searchCandidates: 500,
  /** How much of a question's body a list item carries (plain text of its Markdown source, trimmed). */
  excerptLength: 240,
  pageDefault: 20,
  pageMax: 50,
} as const;

/**
 * The orders of a course's question list: `newest` (the default), `votes` (most upvoted, then newest),
 * `unanswered` (no visible answer yet, oldest first: the instructor's view). With a search (`q`) the
 * list is ranked by relevance; `unanswered` then still keeps the unanswered only.
 */
export const QUESTION_SORTS = ['newest', 'votes', 'unanswered'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];

/**
 * `all` visible questions, only the caller's own visible ones (`mine`), or the hidden ones (`hidden`: the
 * course's instructor and admins only, 403 for anyone else). Only `hidden` lists hidden questions.
 */
export const QUESTION_SCOPES = ['all', 'mine', 'hidden'] as const;
export type QuestionScope = (typeof QUESTION_SCOPES)[number];

export { QUESTION_SEARCH_PARAM, questionLink } from './question-links.js';

/** How many of the oldest unanswered questions the instructor's home lists. */
export const INSTRUCTOR_HOME_UNANSWERED = 5;

export const QUESTION_MESSAGES = {
  asked: 'Your question was posted',
  edited: 'Your question was saved',
  deleted: 'Your question was deleted',
  answered: 'Your answer was posted',
  answerEdited: 'Your answer was saved',
  answerDeleted: 'Your answer was deleted',
  accepted: 'The answer is marked as accepted',
  unaccepted: 'The answer is no longer marked as accepted',
  voted: 'Upvoted',
  unvoted: 'Upvote removed',
  followed: 'You will be notified of new answers',
  unfollowed: 'You will no longer be notified of new answers',
  reported: 'Thanks. The course’s instructor will take a look.',
  hidden: 'Hidden from learners',
  shown: 'Visible to learners again',
  titleRequired: 'Give your question a title',
  titleTooLong: VALIDATION.tooLong('The title', QUESTION_LIMITS.titleLength),
  bodyRequired: 'Describe your question',
  bodyTooLong: VALIDATION.tooLong('The question', QUESTION_LIMITS.bodyLength),
  answerRequired: 'Write an answer',
  answerTooLong: VALIDATION.tooLong('The answer', QUESTION_LIMITS.answerLength),
  reasonTooLong: VALIDATION.tooLong('The reason', QUESTION_LIMITS.reportReasonLength),
  searchTooLong: VALIDATION.tooLong('The search', QUESTION_LIMITS.searchLength),
  secondsInvalid: 'The time must be a whole number of seconds, 0 or more',
  noTimeOnThisLesson: 'Only a question on a video lesson has a time',
  secondsPastEnd: (duration: string) => `The time must be within the video (it is ${duration} long)`,
  lessonNotInCourse: 'That lesson is not part of this course',
  noAccess: 'Only students enrolled in this course can read and ask questions',
  questionNotFound: 'Question not found',
  answerNotFound: 'Answer not found',
  notYourQuestion: 'You can only change your own question',
  notYourAnswer: 'You can only change your own answer',
  acceptNotAllowed: 'Only the person who asked, or the course’s instructor, can accept an answer',
  answerOfAnotherQuestion: 'That answer belongs to another question',
  hiddenAnswerNotAccepted: 'A hidden answer can’t be accepted',
  alreadyReported: 'You have already reported this',
  cannotReportOwn: 'You can’t report your own post',
  moderateNotAllowed: 'Only the course’s instructor or an admin can hide or show posts',
  hiddenScopeNotAllowed: 'Only the course’s instructor or an admin can list hidden questions',
} as const;

const titleInput = () =>
  inputString({ error: QUESTION_MESSAGES.titleRequired })
    .trim()
    .min(1, QUESTION_MESSAGES.titleRequired)
    .max(QUESTION_LIMITS.titleLength, QUESTION_MESSAGES.titleTooLong);

const questionBodyInput = () =>
  inputString({ error: QUESTION_MESSAGES.bodyRequired })
    .trim()
    .min(1, QUESTION_MESSAGES.bodyRequired)
    .max(QUESTION_LIMITS.bodyLength, QUESTION_MESSAGES.bodyTooLong);

const answerBodyInput = () =>
  inputString({ error: QUESTION_MESSAGES.answerRequired })
    .trim()
    .min(1, QUESTION_MESSAGES.answerRequired)
    .max(QUESTION_LIMITS.answerLength, QUESTION_MESSAGES.answerTooLong);

const reasonInput = () =>
  inputString().trim().max(QUESTION_LIMITS.reportReasonLength, QUESTION_MESSAGES.reasonTooLong).optional();

/** Who wrote a question or answer, as others see them. */
export const discussionAuthorSchema = z
  .object({
    /** The display name ("Deleted user" once the account is deleted: its posts stay). */
    name: z.string(),
    avatar: z.string().nullable(),
    /** The course's instructor (their posts carry the badge). */
    isInstructor: z.boolean(),
  })
  .meta({ id: 'DiscussionAuthor' });
export type DiscussionAuthor = z.infer<typeof discussionAuthorSchema>;

/** The lesson a question was asked on. */
export const questionLessonSchema = z
  .object({ _id: uuidString(), title: z.string(), kind: z.enum(LESSON_KINDS) })
  .meta({ id: 'QuestionLesson' });

/** A question as a list shows it. */
export const questionSummarySchema = z
  .object({
    _id: uuidString(),
    courseId: uuidString(),
    /** The lesson it was asked on; null for a general question about the course. */
    lecture: questionLessonSchema.nullable(),
    author: discussionAuthorSchema,
    title: z.string(),
    /** The start of the Markdown body, at most QUESTION_LIMITS.excerptLength characters (… when cut). */
    excerpt: z.string(),
    /** Whole seconds into the lesson's video it was asked at; null without a time. */
    seconds: countNumber().nullable(),
    /** Visible answers. */
    answerCount: countNumber(),
    voteCount: countNumber(),
    hasAcceptedAnswer: z.boolean(),
    votedByMe: z.boolean(),
    followedByMe: z.boolean(),
    /** The caller asked it. */
    mine: z.boolean(),
    /** Hidden by a moderator: only the course's instructor and admins ever see one. */
    hidden: z.boolean(),
    createdAt: dateTimeString(),
    updatedAt: dateTimeString(),
  })
  .meta({ id: 'QuestionSummary' });
export type QuestionSummary = z.infer<typeof questionSummarySchema>;

/** What the caller may do with a question or an answer (computed by the server; the UI only shows it). */
const permissionFlags = {
  canEdit: z.boolean(),
  canDelete: z.boolean(),
  /** Hide or show it: the course's instructor or an admin. */
  canModerate: z.boolean(),
  /** Report it: anyone who reads it but its author, once. */
  canReport: z.boolean(),
};

export const answerSchema = z
  .object({
    _id: uuidString(),
    questionId: uuidString(),
    author: discussionAuthorSchema,
    /** Markdown. */
    body: z.string(),
    voteCount: countNumber(),
    votedByMe: z.boolean(),
    accepted: z.boolean(),
    hidden: z.boolean(),
    createdAt: dateTimeString(),
    updatedAt: dateTimeString(),
    ...permissionFlags,
    /** Mark it accepted (or unaccept it): the asker, the course's instructor or an admin. */
    canAccept: z.boolean(),
  })
  .meta({ id: 'Answer' });
export type Answer = z.infer<typeof answerSchema>;

/** One question with its answers (the accepted one first, then oldest first). */
export const questionDetailSchema = questionSummarySchema
  .extend({
    /** Markdown. */
    body: z.string(),
    acceptedAnswerId: uuidString().nullable(),
    answers: z.array(answerSchema),
    ...permissionFlags,
    /** Accept answers of this question: the asker, the course's instructor or an admin. */
    canAccept: z.boolean(),
    /** Post an answer (everyone who may read the question). */
    canAnswer: z.boolean(),
  })
  .meta({ id: 'QuestionDetail' });
export type QuestionDetail = z.infer<typeof questionDetailSchema>;

export const questionPageSchema = pageOutput('questions', questionSummarySchema)
  .extend({
    /** The caller is the course's instructor or an admin: hidden questions are in the list, marked. */
    canModerate: z.boolean(),
  })
  .meta({ id: 'QuestionPage' });
export type QuestionPage = z.infer<typeof questionPageSchema>;

/** A reported question or answer, for the moderation list. */
export const reportedDiscussionItemSchema = z
  .object({
    kind: z.enum(['question', 'answer']),
    /** The question's id for a question, the answer's for an answer. */
    _id: uuidString(),
    /** The question it is (or answers). */
    question: z.object({ _id: uuidString(), title: z.string() }),
    course: z.object({ _id: uuidString(), title: z.string() }),
    lecture: questionLessonSchema.nullable(),
    author: discussionAuthorSchema,
    body: z.string(),
    hidden: z.boolean(),
    hiddenAt: dateTimeString().nullable(),
    reportCount: countNumber(),
    lastReportedAt: dateTimeString(),
    /** The latest reasons given (up to five, newest first); reports without a reason are counted only. */
    reasons: z.array(z.string()),
    createdAt: dateTimeString(),
  })
  .meta({ id: 'ReportedDiscussionItem' });
export type ReportedDiscussionItem = z.infer<typeof reportedDiscussionItemSchema>;

export const reportedDiscussionPageSchema = pageOutput('items', reportedDiscussionItemSchema).meta({
  id: 'ReportedDiscussionPage',
});
export type ReportedDiscussionPage = z.infer<typeof reportedDiscussionPageSchema>;

/** The instructor home's card: unanswered visible questions of the instructor's courses. */
export const unansweredQuestionsSchema = z
  .object({
    count: countNumber(),
    /** The oldest unanswered ones (at most INSTRUCTOR_HOME_UNANSWERED), oldest first. */
    oldest: z
      .array(
        z.object({
          questionId: uuidString(),
          title: z.string(),
          courseId: uuidString(),
          courseTitle: z.string(),
          lectureId: uuidString().nullable(),
          lectureTitle: z.string().nullable(),
          createdAt: dateTimeString(),
          /**
           * Where the question opens, inside the viewer's dashboard section (as a notification's link):
           * `course/{courseId}/lecture/{lectureId}?question={id}`, or `course/{courseId}?question={id}` for
           * a general question.
           */
          link: z.string(),
        }),
      )
      .max(INSTRUCTOR_HOME_UNANSWERED),
  })
  .meta({ id: 'UnansweredQuestions' });
export type UnansweredQuestions = z.infer<typeof unansweredQuestionsSchema>;

const questionSecondsInput = () =>
  wholeNumberInput(0, INT32_MAX, QUESTION_MESSAGES.secondsInvalid).nullable().optional();

export const questionListQuerySchema = z.object({
  courseId: uuidInput(),
  /** One lesson's questions only. */
  lectureId: uuidInput().optional(),
  sort: z.enum(QUESTION_SORTS).optional(),
  scope: z.enum(QUESTION_SCOPES).optional(),
  /** Full-text search of the titles and bodies (PostgreSQL websearch syntax: words, "a phrase", -not). */
  q: inputString().trim().max(QUESTION_LIMITS.searchLength, QUESTION_MESSAGES.searchTooLong).optional(),
  ...pageInput(QUESTION_LIMITS.pageMax, QUESTION_LIMITS.pageDefault),
});
export type QuestionListQuery = z.input<typeof questionListQuerySchema>;

export const askQuestionRequestSchema = z.object({
  courseId: uuidInput(),
  /** The lesson it is about; absent or null for a general question about the course. */
  lectureId: uuidInput().nullable().optional(),
  title: titleInput(),
  body: questionBodyInput(),
  /** Whole seconds into a video lesson (at most its length); absent or null for no time. */
  seconds: questionSecondsInput(),
});
export type AskQuestionRequest = z.input<typeof askQuestionRequestSchema>;

export const editQuestionRequestSchema = z.object({
  questionId: uuidInput(),
  title: titleInput(),
  body: questionBodyInput(),
});
export type EditQuestionRequest = z.input<typeof editQuestionRequestSchema>;

export const answerRequestSchema = z.object({ questionId: uuidInput(), body: answerBodyInput() });
export type AnswerRequest = z.input<typeof answerRequestSchema>;

export const editAnswerRequestSchema = z.object({ answerId: uuidInput(), body: answerBodyInput() });
export type EditAnswerRequest = z.input<typeof editAnswerRequestSchema>;

const questionRef = z.object({ questionId: uuidInput() });
const answerRef = z.object({ answerId: uuidInput() });

const questionResponseSchema = z.object({ message: z.string(), question: questionDetailSchema });
const answerResponseSchema = z.object({ message: z.string(), answer: answerSchema });
const voteResponseSchema = z.object({
  message: z.string(),
  voteCount: countNumber(),
  votedByMe: z.boolean(),
});
const followResponseSchema = z.object({ message: z.string(), followedByMe: z.boolean() });
const hiddenResponseSchema = z.object({ message: z.string(), hidden: z.boolean() });
const acceptResponseSchema = z.object({
  message: z.string(),
  acceptedAnswerId: uuidString().nullable(),
});

const READS =
  'The caller must be able to open the lesson (enrolled with its section open, or the course’s ' +
  'instructor or an admin; the whole course for a general question): 403 otherwise, 404 for a course ' +
  'or question they can’t see.';

export const questionOperations = defineOperations({
  list: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'A course’s questions: newest, most upvoted or unanswered, one lesson’s, yours, or a search',
    description:
      `${READS} A lesson's questions need that lesson open; a list of the whole course needs the whole ` +
      'course. Hidden questions are left out, except with `scope=hidden` (the course’s instructor and ' +
      'admins only: 403 for anyone else). With `q` the newest ' +
      `${QUESTION_LIMITS.searchCandidates} matches are ranked by relevance. Each order has its ` +
      'own cursor (a cursor of another order is 400).',
    input: questionListQuerySchema,
    output: questionPageSchema,
    rest: { method: 'GET', path: '/courses/{courseId}/questions' },
    errors: ['NOT_FOUND'],
  },
  get: {
    kind: 'query',
    access: AUTHENTICATED,
    summary: 'One question with its answers (the accepted one first, then oldest first)',
    description:
      `${READS} A hidden question is 404 to learners; hidden answers are left out for them (the course’s ` +
      'instructor and admins get both, marked `hidden`). Polled by ' +
      'the lesson page: answered `Cache-Control: private, no-cache` with an ETag, and a request with a ' +
      'matching `If-None-Match` gets 304 and no body.',
    input: questionRef,
    output: z.object({ question: questionDetailSchema }),
    rest: { method: 'GET', path: '/questions/{questionId}' },
    errors: ['NOT_FOUND'],
    cache: { revalidate: 'private' },
  },
  ask: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Ask a question about a lesson (at a time of its video if given) or about the course',
    description:
      `${READS} \`seconds\` only on a video lesson, within its length (400 otherwise). The asker follows ` +
      'the question; the course’s instructor is notified.',
    input: askQuestionRequestSchema,
    output: questionResponseSchema,
    rest: { method: 'POST', path: '/courses/{courseId}/questions', status: 201 },
    errors: ['NOT_FOUND'],
  },
  edit: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Change the title and text of your question',
    description: 'Someone else’s question is 403 (404 when the caller can’t see it).',
    input: editQuestionRequestSchema,
    output: questionResponseSchema,
    rest: { method: 'PATCH', path: '/questions/{questionId}' },
    errors: ['NOT_FOUND'],
  },
  delete: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Delete your question, with its answers',
    description: 'Someone else’s question is 403 (404 when the caller can’t see it).',
    input: questionRef,
    output: messageResponseSchema,
    rest: { method: 'DELETE', path: '/questions/{questionId}' },
    errors: ['NOT_FOUND'],
  },
  answer: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Answer a question',
    description: `${READS} Every follower but the author is notified.`,
    input: answerRequestSchema,
    output: answerResponseSchema,
    rest: { method: 'POST', path: '/questions/{questionId}/answers', status: 201 },
    errors: ['NOT_FOUND'],
  },
  accept: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Mark an answer of the question as accepted (replacing any other)',
    description:
      'The asker, the course’s instructor or an admin (403 for anyone else). The answer must be a visible ' +
      'answer of this question (400 otherwise).',
    input: questionRef.extend({ answerId: uuidInput() }),
    output: acceptResponseSchema,
    rest: { method: 'PUT', path: '/questions/{questionId}/accepted' },
    errors: ['NOT_FOUND'],
  },
  unaccept: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Take back the accepted mark of the question’s answer',
    description: 'The asker, the course’s instructor or an admin (403 for anyone else).',
    input: questionRef,
    output: acceptResponseSchema,
    rest: { method: 'DELETE', path: '/questions/{questionId}/accepted' },
    errors: ['NOT_FOUND'],
  },
  vote: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Upvote a question (once; again changes nothing)',
    description: READS,
    input: questionRef,
    output: voteResponseSchema,
    rest: { method: 'PUT', path: '/questions/{questionId}/vote' },
    errors: ['NOT_FOUND'],
  },
  unvote: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Take back your upvote of a question',
    description: READS,
    input: questionRef,
    output: voteResponseSchema,
    rest: { method: 'DELETE', path: '/questions/{questionId}/vote' },
    errors: ['NOT_FOUND'],
  },
  follow: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Follow a question: be notified of its new answers',
    description: READS,
    input: questionRef,
    output: followResponseSchema,
    rest: { method: 'PUT', path: '/questions/{questionId}/follow' },
    errors: ['NOT_FOUND'],
  },
  unfollow: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Stop following a question',
    description: 'Needs no access to the course any more.',
    input: questionRef,
    output: followResponseSchema,
    rest: { method: 'DELETE', path: '/questions/{questionId}/follow' },
    errors: ['NOT_FOUND'],
  },
  report: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Report a question to the course’s instructor and the admins (once: again is 409)',
    description: `${READS} Your own question can’t be reported (403).`,
    input: questionRef.extend({ reason: reasonInput() }),
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/questions/{questionId}/report' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  hide: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Hide a question from learners (the course’s instructor or an admin)',
    input: questionRef,
    output: hiddenResponseSchema,
    rest: { method: 'PUT', path: '/questions/{questionId}/hidden' },
    errors: ['NOT_FOUND'],
  },
  unhide: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Show a hidden question to learners again (the course’s instructor or an admin)',
    input: questionRef,
    output: hiddenResponseSchema,
    rest: { method: 'DELETE', path: '/questions/{questionId}/hidden' },
    errors: ['NOT_FOUND'],
  },
  reported: {
    kind: 'query',
    access: MANAGE_COURSES,
    summary: 'Reported questions and answers, most recently reported first',
    description:
      'An instructor gets those of their own courses, an admin every course’s. Hidden ones are included, ' +
      'marked.',
    input: z.object(pageInput(QUESTION_LIMITS.pageMax, QUESTION_LIMITS.pageDefault)),
    output: reportedDiscussionPageSchema,
    rest: { method: 'GET', path: '/questions/reported' },
  },
});

export const answerOperations = defineOperations({
  edit: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Change the text of your answer',
    description: 'Someone else’s answer is 403 (404 when the caller can’t see it).',
    input: editAnswerRequestSchema,
    output: answerResponseSchema,
    rest: { method: 'PATCH', path: '/answers/{answerId}' },
    errors: ['NOT_FOUND'],
  },
  delete: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Delete your answer',
    description: 'Someone else’s answer is 403 (404 when the caller can’t see it).',
    input: answerRef,
    output: messageResponseSchema,
    rest: { method: 'DELETE', path: '/answers/{answerId}' },
    errors: ['NOT_FOUND'],
  },
  vote: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Upvote an answer (once; again changes nothing)',
    description: READS,
    input: answerRef,
    output: voteResponseSchema,
    rest: { method: 'PUT', path: '/answers/{answerId}/vote' },
    errors: ['NOT_FOUND'],
  },
  unvote: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Take back your upvote of an answer',
    description: READS,
    input: answerRef,
    output: voteResponseSchema,
    rest: { method: 'DELETE', path: '/answers/{answerId}/vote' },
    errors: ['NOT_FOUND'],
  },
  report: {
    kind: 'mutation',
    access: AUTHENTICATED,
    summary: 'Report an answer to the course’s instructor and the admins (once: again is 409)',
    description: `${READS} Your own answer can’t be reported (403).`,
    input: answerRef.extend({ reason: reasonInput() }),
    output: messageResponseSchema,
    rest: { method: 'POST', path: '/answers/{answerId}/report' },
    errors: ['NOT_FOUND', 'CONFLICT'],
  },
  hide: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Hide an answer from learners (the course’s instructor or an admin)',
    input: answerRef,
    output: hiddenResponseSchema,
    rest: { method: 'PUT', path: '/answers/{answerId}/hidden' },
    errors: ['NOT_FOUND'],
  },
  unhide: {
    kind: 'mutation',
    access: MANAGE_COURSES,
    summary: 'Show a hidden answer to learners again (the course’s instructor or an admin)',
    input: answerRef,
    output: hiddenResponseSchema,
    rest: { method: 'DELETE', path: '/answers/{answerId}/hidden' },
    errors: ['NOT_FOUND'],
  },
});
