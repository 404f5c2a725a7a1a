/**
 * Asking, answering, editing, deleting and accepting (decision 0088). Rules:
 * - asking and answering take what reading does (question-access.ts); a question's time only on a video
 *   lesson, within its length (the notes' rule, lesson-time.ts);
 * - the asker follows their question; the course's instructor is notified of a new question and every
 *   follower but its author of a new answer (and e-mailed, unless they opted out of the course's e-mail),
 *   in the transaction that writes it;
 * - `answer_count` counts visible answers: a new answer adds one, deleting a visible one takes one, in
 *   the same transaction (hiding and showing are moderate-questions.ts's);
 * - only the author edits or deletes a question or an answer: anyone else who can read it gets 403, and
 *   anyone who can't 404. Deleting one's own needs no access to the course any more (it is theirs);
 * - the asker, the course's instructor or an admin accepts one visible answer (again: another one) or
 *   takes the mark back.
 */
import { type Answer, QUESTION_MESSAGES, type QuestionDetail } from '@lectio/contracts/questions';
import { courseQuestions, courses, type Database, questionAnswers, questionFollows } from '@lectio/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { badRequest, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import { questionAnsweredMail } from '../../mail/templates';
import type { Actor, ServiceContext } from '../context';
import { queueCourseMails } from '../course-mail/course-mail';
import { checkedLessonSeconds } from '../lectures/lesson-time';
import { type AnswerHeard, notifyQuestionAnswered, notifyQuestionAsked } from '../notifications/events';
import {
  answerOf,
  type DiscussionPlace,
  loadDiscussionPlace,
  loadReadableAnswer,
  loadReadableQuestion,
  moderates,
} from './question-access';
import { presentQuestion } from './read-questions';

/** A write that found its row gone (deleted meanwhile): the foreign key's refusal (23503) reads as a 404. */
function isForeignKeyViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    if ((current as { code?: unknown }).code === '23503') return true;
    current = current.cause;
  }
  return false;
}

export async function askQuestion(
  ctx: ServiceContext,
  actor: Actor,
  input: {
    courseId: string;
    lectureId?: string | null | undefined;
    title: string;
    body: string;
    seconds?: number | null | undefined;
  },
): Promise<QuestionDetail> {
  const place = await loadDiscussionPlace(ctx, actor, input.courseId, input.lectureId ?? null, 'lectureId');
  const seconds = checkedLessonSeconds(place.lecture, input.seconds, QUESTION_MESSAGES);
  const now = ctx.now();
  const question = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(courseQuestions)
      .values({
        courseId: place.course.id,
        lectureId: place.lecture?.id ?? null,
        userId: actor.id,
        title: input.title,
        body: input.body,
        videoSeconds: seconds,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: courseQuestions.id });
    if (!row) throw new Error('question insert returned no row');
    await tx.insert(questionFollows).values({ questionId: row.id, userId: actor.id, createdAt: now });
    await notifyQuestionAsked(tx, now, {
      id: row.id,
      courseId: place.course.id,
      lectureId: place.lecture?.id ?? null,
      title: input.title,
      askerId: actor.id,
    });
    return row;
  });
  return presentQuestion(ctx, actor, question.id, place);
}

export async function editQuestion(
  ctx: ServiceContext,
  actor: Actor,
  input: { questionId: string; title: string; body: string },
): Promise<QuestionDetail> {
  const { question, place } = await loadReadableQuestion(ctx, actor, input.questionId);
  if (question.userId !== actor.id) throw forbidden(QUESTION_MESSAGES.notYourQuestion);
  const [updated] = await ctx.db
    .update(courseQuestions)
    .set({ title: input.title, body: input.body, updatedAt: ctx.now() })
    .where(and(eq(courseQuestions.id, question.id), eq(courseQuestions.userId, actor.id)))
    .returning({ id: courseQuestions.id });
  if (!updated) throw notFound(QUESTION_MESSAGES.questionNotFound);
  return presentQuestion(ctx, actor, question.id, place);
}

/** Deletes the actor's own question (its answers, votes, follows and reports go with it). */
export async function deleteQuestion(ctx: ServiceContext, actor: Actor, questionId: string): Promise<void> {
  if (!isUuid(questionId)) throw notFound(QUESTION_MESSAGES.questionNotFound);
  const [deleted] = await ctx.db
    .delete(courseQuestions)
    .where(and(eq(courseQuestions.id, questionId), eq(courseQuestions.userId, actor.id)))
    .returning({ id: courseQuestions.id });
  if (deleted) return;
  // Not the actor's: 403 when they can read it, 404 otherwise (loadReadableQuestion throws it).
  await loadReadableQuestion(ctx, actor, questionId);
  throw forbidden(QUESTION_MESSAGES.notYourQuestion);
}

/**
 * The e-mail of a new answer, to the followers its notification reached, in the answer's transaction
 * (queueCourseMails leaves out those who opted out of the course's e-mail, with List-Unsubscribe on the
 * rest). The link opens the question in each recipient's own section of the app, as the bell's does.
 */
async function mailFollowersOfNewAnswer(
  ctx: ServiceContext,
  tx: Database,
  heard: AnswerHeard,
  answerBody: string,
): Promise<void> {
  const [course] = await tx
    .select({ title: courses.title })
    .from(courses)
    .where(eq(courses.id, heard.courseId));
  await queueCourseMails(ctx, tx, {
    courseId: heard.courseId,
    userIds: heard.followers.map((follower) => follower.userId),
    compose: (recipient) =>
      questionAnsweredMail({
        name: recipient.name,
        courseTitle: course?.title ?? '',
        questionTitle: heard.questionTitle,
        authorName: heard.authorName,
        body: answerBody,
        questionUrl: recipient.appUrl(heard.link),
        unsubscribeUrl: recipient.unsubscribeUrl,
        publicUrl: ctx.config.publicUrl,
      }),
  });
}

export async function answerQuestion(
  ctx: ServiceContext,
  actor: Actor,
  input: { questionId: string; body: string },
): Promise<Answer> {
  const { question, place } = await loadReadableQuestion(ctx, actor, input.questionId);
  // A hidden question takes no answers (only its moderators still see it).
  if (question.hiddenAt !== null) throw notFound(QUESTION_MESSAGES.questionNotFound);
  const now = ctx.now();
  const answer = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(questionAnswers)
        .values({
          questionId: question.id,
          userId: actor.id,
          body: input.body,
          createdAt: now,
          updatedAt: now,
        })
        .returning({ id: questionAnswers.id });
      if (!row) throw new Error('answer insert returned no row');
      // Counted only while the question is visible: hidden since it was read, the answer rolls back.
      const [counted] = await tx
        .update(courseQuestions)
        .set({ answerCount: sql`${courseQuestions.answerCount} + 1` })
        .where(and(eq(courseQuestions.id, question.id), isNull(courseQuestions.hiddenAt)))
        .returning({ id: courseQuestions.id });
      if (!counted) throw notFound(QUESTION_MESSAGES.questionNotFound);
      const heard = await notifyQuestionAnswered(tx, now, { questionId: question.id, authorId: actor.id });
      if (heard) await mailFollowersOfNewAnswer(ctx, tx, heard, input.body);
      return row;
    })
    .catch((error: unknown) => {
      if (isForeignKeyViolation(error)) throw notFound(QUESTION_MESSAGES.questionNotFound);
      throw error;
    });
  return presentAnswer(ctx, actor, question.id, answer.id, place);
}

/** One answer of a question as the actor sees it (read with its question, for its flags). */
async function presentAnswer(
  ctx: ServiceContext,
  actor: Actor,
  questionId: string,
  answerId: string,
  place: DiscussionPlace,
): Promise<Answer> {
  const question = await presentQuestion(ctx, actor, questionId, place);
  const answer = question.answers.find((candidate) => candidate._id === answerId);
  if (!answer) throw notFound(QUESTION_MESSAGES.answerNotFound);
  return answer;
}

export async function editAnswer(
  ctx: ServiceContext,
  actor: Actor,
  input: { answerId: string; body: string },
): Promise<Answer> {
  const { answer, question, place } = await loadReadableAnswer(ctx, actor, input.answerId);
  if (answer.userId !== actor.id) throw forbidden(QUESTION_MESSAGES.notYourAnswer);
  const [updated] = await ctx.db
    .update(questionAnswers)
    .set({ body: input.body, updatedAt: ctx.now() })
    .where(and(eq(questionAnswers.id, answer.id), eq(questionAnswers.userId, actor.id)))
    .returning({ id: questionAnswers.id });
  if (!updated) throw notFound(QUESTION_MESSAGES.answerNotFound);
  return presentAnswer(ctx, actor, question.id, answer.id, place);
}

/** Deletes the actor's own answer; a visible one leaves its question's answer count in the same transaction. */
export async function deleteAnswer(ctx: ServiceContext, actor: Actor, answerId: string): Promise<void> {
  if (!isUuid(answerId)) throw notFound(QUESTION_MESSAGES.answerNotFound);
  const deleted = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .delete(questionAnswers)
      .where(and(eq(questionAnswers.id, answerId), eq(questionAnswers.userId, actor.id)))
      .returning({ questionId: questionAnswers.questionId, hiddenAt: questionAnswers.hiddenAt });
    if (row && row.hiddenAt === null) {
      await tx
        .update(courseQuestions)
        .set({ answerCount: sql`${courseQuestions.answerCount} - 1` })
        .where(eq(courseQuestions.id, row.questionId));
    }
    return row;
  });
  if (deleted) return;
  await loadReadableAnswer(ctx, actor, answerId);
  throw forbidden(QUESTION_MESSAGES.notYourAnswer);
}

/** The question when the actor may accept its answers (its asker, or a moderator of its course). */
async function loadAcceptableQuestion(ctx: ServiceContext, actor: Actor, questionId: string) {
  const loaded = await loadReadableQuestion(ctx, actor, questionId);
  if (loaded.question.userId !== actor.id && !moderates(loaded.place)) {
    throw forbidden(QUESTION_MESSAGES.acceptNotAllowed);
  }
  return loaded;
}

/**
 * Marks a visible answer of the question accepted. The update re-checks the answer in the same statement,
 * so an answer hidden meanwhile is not accepted (hiding clears the mark of an accepted answer).
 */
export async function acceptAnswer(
  ctx: ServiceContext,
  actor: Actor,
  input: { questionId: string; answerId: string },
): Promise<string> {
  const { question } = await loadAcceptableQuestion(ctx, actor, input.questionId);
  const refuse = (message: string) => badRequest(message, [{ path: 'answerId', message }]);
  if (!isUuid(input.answerId)) throw refuse(QUESTION_MESSAGES.answerOfAnotherQuestion);
  const [answer] = await ctx.db
    .select({ hiddenAt: questionAnswers.hiddenAt })
    .from(questionAnswers)
    .where(answerOf(question.id, input.answerId));
  if (!answer) throw refuse(QUESTION_MESSAGES.answerOfAnotherQuestion);
  if (answer.hiddenAt !== null) throw refuse(QUESTION_MESSAGES.hiddenAnswerNotAccepted);
  const [accepted] = await ctx.db
    .update(courseQuestions)
    .set({ acceptedAnswerId: input.answerId })
    .where(
      and(
        eq(courseQuestions.id, question.id),
        sql`exists (select 1 from ${questionAnswers} where ${and(answerOf(question.id, input.answerId), isNull(questionAnswers.hiddenAt))})`,
      ),
    )
    .returning({ id: courseQuestions.acceptedAnswerId });
  if (!accepted) throw refuse(QUESTION_MESSAGES.hiddenAnswerNotAccepted);
  return input.answerId;
}

export async function unacceptAnswer(ctx: ServiceContext, actor: Actor, questionId: string): Promise<void> {
  const { question } = await loadAcceptableQuestion(ctx, actor, questionId);
  await ctx.db
    .update(courseQuestions)
    .set({ acceptedAnswerId: null })
    .where(eq(courseQuestions.id, question.id));
}
