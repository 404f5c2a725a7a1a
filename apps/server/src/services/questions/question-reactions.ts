/**
 * Votes, follows and reports on questions and answers (decision 0088):
 * - one upvote per user and item, held by the votes tables' primary keys: the vote row is inserted with
 *   ON CONFLICT DO NOTHING and the item's `vote_count` moves only when a row was really inserted (or
 *   deleted), in the same transaction, so racing votes of one user count once and those of many users
 *   each once (the counter's UPDATE takes the item's row lock);
 * - following needs read access; unfollowing does not (it only stops notifications);
 * - a report is once per user and item (a second is 409, the partial unique indexes decide it), never
 *   of one's own post.
 */
import { QUESTION_MESSAGES } from '@lectio/contracts/questions';
import {
  answerVotes,
  courseQuestions,
  discussionReports,
  questionAnswers,
  questionFollows,
  questionVotes,
} from '@lectio/db';
import { and, eq, sql } from 'drizzle-orm';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { loadReadableAnswer, loadReadableQuestion } from './question-access';

export interface VoteState {
  voteCount: number;
  votedByMe: boolean;
}

export async function voteOnQuestion(
  ctx: ServiceContext,
  actor: Actor,
  questionId: string,
  up: boolean,
): Promise<VoteState> {
  const { question } = await loadReadableQuestion(ctx, actor, questionId);
  const voteCount = await ctx.db.transaction(async (tx) => {
    const changed = up
      ? await tx
          .insert(questionVotes)
          .values({ questionId: question.id, userId: actor.id, createdAt: ctx.now() })
          .onConflictDoNothing()
          .returning({ id: questionVotes.questionId })
      : await tx
          .delete(questionVotes)
          .where(and(eq(questionVotes.questionId, question.id), eq(questionVotes.userId, actor.id)))
          .returning({ id: questionVotes.questionId });
    const [row] =
      changed.length > 0
        ? await tx
            .update(courseQuestions)
            .set({ voteCount: sql`${courseQuestions.voteCount} + ${up ? 1 : -1}` })
            .where(eq(courseQuestions.id, question.id))
            .returning({ voteCount: courseQuestions.voteCount })
        : await tx
            .select({ voteCount: courseQuestions.voteCount })
            .from(courseQuestions)
            .where(eq(courseQuestions.id, question.id));
    if (!row) throw notFound(QUESTION_MESSAGES.questionNotFound);
    return row.voteCount;
  });
  return { voteCount, votedByMe: up };
}

export async function voteOnAnswer(
  ctx: ServiceContext,
  actor: Actor,
  answerId: string,
  up: boolean,
): Promise<VoteState> {
  const { answer } = await loadReadableAnswer(ctx, actor, answerId);
  const voteCount = await ctx.db.transaction(async (tx) => {
    const changed = up
      ? await tx
          .insert(answerVotes)
          .values({ answerId: answer.id, userId: actor.id, createdAt: ctx.now() })
          .onConflictDoNothing()
          .returning({ id: answerVotes.answerId })
      : await tx
          .delete(answerVotes)
          .where(and(eq(answerVotes.answerId, answer.id), eq(answerVotes.userId, actor.id)))
          .returning({ id: answerVotes.answerId });
    const [row] =
      changed.length > 0
        ? await tx
            .update(questionAnswers)
            .set({ voteCount: sql`${questionAnswers.voteCount} + ${up ? 1 : -1}` })
            .where(eq(questionAnswers.id, answer.id))
            .returning({ voteCount: questionAnswers.voteCount })
        : await tx
            .select({ voteCount: questionAnswers.voteCount })
            .from(questionAnswers)
            .where(eq(questionAnswers.id, answer.id));
    if (!row) throw notFound(QUESTION_MESSAGES.answerNotFound);
    return row.voteCount;
  });
  return { voteCount, votedByMe: up };
}

export async function followQuestion(ctx: ServiceContext, actor: Actor, questionId: string): Promise<void> {
  const { question } = await loadReadableQuestion(ctx, actor, questionId);
  await ctx.db
    .insert(questionFollows)
    .values({ questionId: question.id, userId: actor.id, createdAt: ctx.now() })
    .onConflictDoNothing();
}

/** Stops following; a question that doesn't exist is 404, one the actor didn't follow changes nothing. */
export async function unfollowQuestion(ctx: ServiceContext, actor: Actor, questionId: string): Promise<void> {
  const [question] = isUuid(questionId)
    ? await ctx.db
        .select({ id: courseQuestions.id })
        .from(courseQuestions)
        .where(eq(courseQuestions.id, questionId))
    : [];
  if (!question) throw notFound(QUESTION_MESSAGES.questionNotFound);
  await ctx.db
    .delete(questionFollows)
    .where(and(eq(questionFollows.questionId, question.id), eq(questionFollows.userId, actor.id)));
}

/** Inserts a report; 409 when the reporter already reported the item (the unique index decides). */
async function insertReport(
  ctx: ServiceContext,
  target: { questionId: string } | { answerId: string },
  reporterId: string,
  reason: string | undefined,
): Promise<void> {
  const [inserted] = await ctx.db
    .insert(discussionReports)
    .values({ ...target, reporterId, reason: reason?.trim() || null, createdAt: ctx.now() })
    .onConflictDoNothing()
    .returning({ id: discussionReports.id });
  if (!inserted) throw conflict(QUESTION_MESSAGES.alreadyReported);
}

export async function reportQuestion(
  ctx: ServiceContext,
  actor: Actor,
  input: { questionId: string; reason?: string | undefined },
): Promise<void> {
  const { question } = await loadReadableQuestion(ctx, actor, input.questionId);
  if (question.userId === actor.id) throw forbidden(QUESTION_MESSAGES.cannotReportOwn);
  await insertReport(ctx, { questionId: question.id }, actor.id, input.reason);
}

export async function reportAnswer(
  ctx: ServiceContext,
  actor: Actor,
  input: { answerId: string; reason?: string | undefined },
): Promise<void> {
  const { answer } = await loadReadableAnswer(ctx, actor, input.answerId);
  if (answer.userId === actor.id) throw forbidden(QUESTION_MESSAGES.cannotReportOwn);
  await insertReport(ctx, { answerId: answer.id }, actor.id, input.reason);
}
