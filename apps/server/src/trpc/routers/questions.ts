/** questions.* and answers.*: resolvers over services/questions (a course's questions and answers). */
import { operations } from '@lectio/contracts/api';
import { QUESTION_MESSAGES as M } from '@lectio/contracts/questions';
import {
  listReportedDiscussions,
  setAnswerHidden,
  setQuestionHidden,
} from '../../services/questions/moderate-questions';
import {
  followQuestion,
  reportAnswer,
  reportQuestion,
  unfollowQuestion,
  voteOnAnswer,
  voteOnQuestion,
} from '../../services/questions/question-reactions';
import { getQuestion, listQuestions } from '../../services/questions/read-questions';
import {
  acceptAnswer,
  answerQuestion,
  askQuestion,
  deleteAnswer,
  deleteQuestion,
  editAnswer,
  editQuestion,
  unacceptAnswer,
} from '../../services/questions/write-questions';
import { implement } from '../build-router';

export const questionProcedures = implement(operations.questions, {
  list({ ctx, input }) {
    return listQuestions(ctx.services, ctx.actor, input);
  },
  async get({ ctx, input }) {
    return { question: await getQuestion(ctx.services, ctx.actor, input.questionId) };
  },
  async ask({ ctx, input }) {
    return { message: M.asked, question: await askQuestion(ctx.services, ctx.actor, input) };
  },
  async edit({ ctx, input }) {
    return { message: M.edited, question: await editQuestion(ctx.services, ctx.actor, input) };
  },
  async delete({ ctx, input }) {
    await deleteQuestion(ctx.services, ctx.actor, input.questionId);
    return { message: M.deleted };
  },
  async answer({ ctx, input }) {
    return { message: M.answered, answer: await answerQuestion(ctx.services, ctx.actor, input) };
  },
  async accept({ ctx, input }) {
    return { message: M.accepted, acceptedAnswerId: await acceptAnswer(ctx.services, ctx.actor, input) };
  },
  async unaccept({ ctx, input }) {
    await unacceptAnswer(ctx.services, ctx.actor, input.questionId);
    return { message: M.unaccepted, acceptedAnswerId: null };
  },
  async vote({ ctx, input }) {
    return { message: M.voted, ...(await voteOnQuestion(ctx.services, ctx.actor, input.questionId, true)) };
  },
  async unvote({ ctx, input }) {
    return {
      message: M.unvoted,
      ...(await voteOnQuestion(ctx.services, ctx.actor, input.questionId, false)),
    };
  },
  async follow({ ctx, input }) {
    await followQuestion(ctx.services, ctx.actor, input.questionId);
    return { message: M.followed, followedByMe: true };
  },
  async unfollow({ ctx, input }) {
    await unfollowQuestion(ctx.services, ctx.actor, input.questionId);
    return { message: M.unfollowed, followedByMe: false };
  },
  async report({ ctx, input }) {
    await reportQuestion(ctx.services, ctx.actor, input);
    return { message: M.reported };
  },
  async hide({ ctx, input }) {
    await setQuestionHidden(ctx.services, ctx.actor, input.questionId, true);
    return { message: M.hidden, hidden: true };
  },
  async unhide({ ctx, input }) {
    await setQuestionHidden(ctx.services, ctx.actor, input.questionId, false);
    return { message: M.shown, hidden: false };
  },
  reported({ ctx, input }) {
    return listReportedDiscussions(ctx.services, ctx.actor, input);
  },
});

export const answerProcedures = implement(operations.answers, {
  async edit({ ctx, input }) {
    return { message: M.answerEdited, answer: await editAnswer(ctx.services, ctx.actor, input) };
  },
  async delete({ ctx, input }) {
    await deleteAnswer(ctx.services, ctx.actor, input.answerId);
    return { message: M.answerDeleted };
  },
  async vote({ ctx, input }) {
    return { message: M.voted, ...(await voteOnAnswer(ctx.services, ctx.actor, input.answerId, true)) };
  },
  async unvote({ ctx, input }) {
    return { message: M.unvoted, ...(await voteOnAnswer(ctx.services, ctx.actor, input.answerId, false)) };
  },
  async report({ ctx, input }) {
    await reportAnswer(ctx.services, ctx.actor, input);
    return { message: M.reported };
  },
  async hide({ ctx, input }) {
    await setAnswerHidden(ctx.services, ctx.actor, input.answerId, true);
    return { message: M.hidden, hidden: true };
  },
  async unhide({ ctx, input }) {
    await setAnswerHidden(ctx.services, ctx.actor, input.answerId, false);
    return { message: M.shown, hidden: false };
  },
});
