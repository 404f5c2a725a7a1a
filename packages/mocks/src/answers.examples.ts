/** The answers.* operations' OpenAPI examples (answers to a course's questions; questions.examples.ts). */
import { QUESTION_MESSAGES } from '@lectio/contracts/questions';
import { UPDATED_AT } from './example-fixtures.js';
import type { NamespaceExamples } from './openapi-examples.js';
import { ANSWER, exampleAnswer } from './questions.examples.js';

const edited = `${exampleAnswer.body} Then restart the dev server.`;

export const answerExamples: NamespaceExamples<'answers'> = {
  edit: {
    input: { answerId: ANSWER, body: edited },
    output: {
      message: QUESTION_MESSAGES.answerEdited,
      answer: { ...exampleAnswer, body: edited, updatedAt: UPDATED_AT },
    },
  },
  delete: { input: { answerId: ANSWER }, output: { message: QUESTION_MESSAGES.answerDeleted } },
  vote: {
    input: { answerId: ANSWER },
    output: { message: QUESTION_MESSAGES.voted, voteCount: 4, votedByMe: true },
  },
  unvote: {
    input: { answerId: ANSWER },
    output: { message: QUESTION_MESSAGES.unvoted, voteCount: 3, votedByMe: false },
  },
  report: {
    input: { answerId: ANSWER, reason: 'Spam' },
    output: { message: QUESTION_MESSAGES.reported },
  },
  hide: { input: { answerId: ANSWER }, output: { message: QUESTION_MESSAGES.hidden, hidden: true } },
  unhide: { input: { answerId: ANSWER }, output: { message: QUESTION_MESSAGES.shown, hidden: false } },
};
