/** quizzes.*: resolvers over services/quizzes (quiz lessons, decision 0081). */
import { operations } from '@lectio/contracts/api';
import { QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import { editQuiz, saveQuiz } from '../../services/quizzes/edit-quiz';
import { readGradebook } from '../../services/quizzes/gradebook';
import { attemptResult, getQuiz, startAttempt, submitAttempt } from '../../services/quizzes/take-quiz';
import { implement } from '../build-router';

export const quizProcedures = implement(operations.quizzes, {
  async get({ ctx, input }) {
    return { data: { quiz: await getQuiz(ctx.services, ctx.actor, input.lectureId) } };
  },
  async start({ ctx, input }) {
    return {
      message: QUIZ_MESSAGES.started,
      data: await startAttempt(ctx.services, ctx.actor, input.lectureId),
    };
  },
  async submit({ ctx, input }) {
    return {
      message: QUIZ_MESSAGES.submitted,
      data: await submitAttempt(ctx.services, ctx.actor, input.attemptId, input.answers),
    };
  },
  async result({ ctx, input }) {
    return { data: await attemptResult(ctx.services, ctx.actor, input.attemptId) };
  },
  async edit({ ctx, input }) {
    return { data: { quiz: await editQuiz(ctx.services, ctx.actor, input.lectureId) } };
  },
  async save({ ctx, input }) {
    return { message: QUIZ_MESSAGES.saved, data: { quiz: await saveQuiz(ctx.services, ctx.actor, input) } };
  },
  async gradebook({ ctx, input }) {
    return { data: await readGradebook(ctx.services, ctx.actor, input) };
  },
});
