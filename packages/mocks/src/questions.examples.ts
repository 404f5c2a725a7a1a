/**
 * The questions.* operations' OpenAPI examples: what a client sends, and the answer where no factory gives
 * it (a read's answer is its default answer for this input; openapi-examples.ts).
 */
import { type Answer, QUESTION_MESSAGES, type QuestionDetail } from '@lectio/contracts/questions';
import { CREATED_AT, ids, UPDATED_AT } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';

export const QUESTION = '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b';
export const ANSWER = '3f4a5b6c-7d8e-4f9a-8b1c-2d3e4f5a6b7c';

export const exampleAnswer: Answer = {
  _id: ANSWER,
  questionId: QUESTION,
  author: { name: 'Priya Nair', avatar: null, isInstructor: true },
  body: 'Run `npm install` from the project root, not from `src/`: the lockfile lives there.',
  voteCount: 3,
  votedByMe: false,
  accepted: false,
  hidden: false,
  createdAt: UPDATED_AT,
  updatedAt: UPDATED_AT,
  canEdit: true,
  canDelete: true,
  canModerate: true,
  canReport: false,
  canAccept: true,
};

const question: QuestionDetail = {
  _id: QUESTION,
  courseId: ids.course,
  lecture: { _id: ids.lecture, title: 'Setting up the project', kind: 'video' },
  author: { name: 'Asha Rao', avatar: null, isInstructor: false },
  title: 'npm install fails with ENOENT',
  excerpt: 'At 0:42 the video runs npm install, but I get ENOENT: no such file or directory.',
  body: 'At 0:42 the video runs npm install, but I get:\n\n```\nENOENT: no such file or directory\n```',
  seconds: 42,
  answerCount: 0,
  voteCount: 0,
  hasAcceptedAnswer: false,
  votedByMe: false,
  followedByMe: true,
  mine: true,
  hidden: false,
  createdAt: CREATED_AT,
  updatedAt: CREATED_AT,
  acceptedAnswerId: null,
  answers: [],
  canEdit: true,
  canDelete: true,
  canModerate: false,
  canReport: false,
  canAccept: true,
  canAnswer: true,
};

const votes = (voteCount: number, votedByMe: boolean) => ({
  message: votedByMe ? QUESTION_MESSAGES.voted : QUESTION_MESSAGES.unvoted,
  voteCount,
  votedByMe,
});

export const questionExamples: NamespaceExamples<'questions'> = {
  list: { input: { courseId: ids.course, lectureId: ids.lecture, sort: 'votes', q: 'npm install' } },
  get: { input: { questionId: QUESTION } },
  ask: {
    input: {
      courseId: ids.course,
      lectureId: ids.lecture,
      title: question.title,
      body: question.body,
      seconds: 42,
    },
    output: { message: QUESTION_MESSAGES.asked, question },
  },
  edit: {
    input: { questionId: QUESTION, title: question.title, body: `${question.body}\n\nOn Windows 11.` },
    output: {
      message: QUESTION_MESSAGES.edited,
      question: { ...question, body: `${question.body}\n\nOn Windows 11.`, updatedAt: UPDATED_AT },
    },
  },
  delete: { input: { questionId: QUESTION }, output: { message: QUESTION_MESSAGES.deleted } },
  answer: {
    input: { questionId: QUESTION, body: exampleAnswer.body },
    output: { message: QUESTION_MESSAGES.answered, answer: { ...exampleAnswer, voteCount: 0 } },
  },
  accept: {
    input: { questionId: QUESTION, answerId: ANSWER },
    output: { message: QUESTION_MESSAGES.accepted, acceptedAnswerId: ANSWER },
  },
  unaccept: {
    input: { questionId: QUESTION },
    output: { message: QUESTION_MESSAGES.unaccepted, acceptedAnswerId: null },
  },
  vote: { input: { questionId: QUESTION }, output: votes(1, true) },
  unvote: { input: { questionId: QUESTION }, output: votes(0, false) },
  follow: {
    input: { questionId: QUESTION },
    output: { message: QUESTION_MESSAGES.followed, followedByMe: true },
  },
  unfollow: {
    input: { questionId: QUESTION },
    output: { message: QUESTION_MESSAGES.unfollowed, followedByMe: false },
  },
  report: {
    input: { questionId: QUESTION, reason: 'Off topic' },
    output: { message: QUESTION_MESSAGES.reported },
  },
  hide: { input: { questionId: QUESTION }, output: { message: QUESTION_MESSAGES.hidden, hidden: true } },
  unhide: { input: { questionId: QUESTION }, output: { message: QUESTION_MESSAGES.shown, hidden: false } },
};
