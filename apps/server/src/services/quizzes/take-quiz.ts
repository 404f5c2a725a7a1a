/**
 * Taking a quiz (decision 0081): the summary, starting (or resuming) an attempt, submitting it for grading
 * on the server, and reviewing a finished one. Rules:
 * - only a viewer who may open the lesson starts an attempt (the articles' rule: enrolled with its section
 *   open, a free preview, or managing the course); 403 otherwise;
 * - one open attempt per learner and quiz (partial unique index); starting again resumes it. The attempt
 *   count and the limit are checked under a lock of the learner's row, so concurrent starts can't exceed it;
 * - the attempt's questions (order, option order, answers) are snapshotted at start: grading and review use
 *   the snapshot, so editing the quiz later never changes a past attempt;
 * - the time limit runs on the server's clock; a submit later than deadline + QUIZ_LIMITS.graceSeconds
 *   closes the attempt as expired with a score of 0 and answers 409; an open attempt past that point reads
 *   as expired too (it is closed on the next read or start);
 * - passing completes the lesson in lecture_progress as marking an article read does, and may complete the
 *   course (certificate);
 * - answers and explanations reach the learner only in a finished attempt's review, and only when the quiz
 *   shows answers.
 */
import { PROGRESS_MESSAGES } from '@lectio/contracts/messages';
import {
  type AttemptQuestion,
  type AttemptResult,
  QUIZ_LIMITS,
  QUIZ_MESSAGES,
  type QuizAttempt,
  type QuizResponse,
  type QuizSummary,
  type ReviewedQuestion,
} from '@lectio/contracts/quizzes';
import {
  type Database,
  lectures,
  type QuizAttemptRow,
  quizAttempts,
  quizQuestions,
  quizzes,
  users,
} from '@lectio/db';
import { and, asc, desc, eq, lt, sql } from 'drizzle-orm';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { mayOpenLesson } from '../courses/present-course';
import { certificateAfterCompletion } from '../progress/lecture-progress';
import { completeLesson as completeLessonRow } from '../progress/mark-article-read';
import { checkResponses, grade, snapshotQuestions } from './grading';
import { loadVisibleQuiz } from './quiz-access';

const GRACE_MS = QUIZ_LIMITS.graceSeconds * 1000;

/** Past its deadline and the grace: the attempt can no longer be submitted. */
const isOverdue = (attempt: Pick<QuizAttemptRow, 'deadline'>, now: Date): boolean =>
  attempt.deadline !== null && now.getTime() > attempt.deadline.getTime() + GRACE_MS;

export function presentAttempt(row: QuizAttemptRow, now: Date): QuizAttempt {
  const expired = row.status === 'in_progress' && isOverdue(row, now);
  return {
    _id: row.id,
    lectureId: row.lectureId,
    number: row.number,
    status: expired ? 'expired' : row.status,
    startedAt: row.startedAt.toISOString(),
    deadline: row.deadline?.toISOString() ?? null,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    questionCount: row.questions.length,
    correctCount: expired ? 0 : row.correctCount,
    score: expired ? 0 : row.score === null ? null : Number(row.score),
    passed: expired ? false : row.passed,
  };
}

/** The attempt's questions as the learner sees them while taking it: no answers. */
function presentQuestions(row: QuizAttemptRow): AttemptQuestion[] {
  return row.questions.map((question) => ({
    _id: question.id,
    type: question.type,
    prompt: question.prompt,
    options: question.options.map((option) => ({ _id: option.id, text: option.text })),
  }));
}

/** A finished attempt reviewed: the learner's answers, right or wrong, and the answers when shown. */
function reviewQuestions(row: QuizAttemptRow, showAnswers: boolean): ReviewedQuestion[] {
  const answers = new Map((row.answers ?? []).map((answer) => [answer.questionId, answer]));
  return row.questions.map((question, index) => {
    const answer = answers.get(question.id);
    const shown = presentQuestions(row)[index] as AttemptQuestion;
    return {
      ...shown,
      response: answer
        ? {
            ...(answer.optionIds ? { optionIds: answer.optionIds } : {}),
            ...(answer.value !== undefined ? { value: answer.value } : {}),
            ...(answer.text !== undefined ? { text: answer.text } : {}),
          }
        : null,
      isCorrect: answer?.isCorrect ?? false,
      correct: showAnswers
        ? {
            optionIds: question.options.filter((option) => option.isCorrect).map((option) => option.id),
            value: question.correctAnswer,
            acceptedAnswers: question.acceptedAnswers,
          }
        : null,
      explanation: showAnswers ? question.explanation : null,
    };
  });
}

async function attemptsOf(db: Database, lectureId: string, userId: string): Promise<QuizAttemptRow[]> {
  return db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.lectureId, lectureId), eq(quizAttempts.userId, userId)))
    .orderBy(desc(quizAttempts.number));
}

/** Closes the learner's open attempts at this quiz that are past their deadline and grace (score 0). */
async function closeOverdue(db: Database, lectureId: string, userId: string, now: Date): Promise<void> {
  await db
    .update(quizAttempts)
    .set({ status: 'expired', correctCount: 0, score: 0, passed: false })
    .where(
      and(
        eq(quizAttempts.lectureId, lectureId),
        eq(quizAttempts.userId, userId),
        eq(quizAttempts.status, 'in_progress'),
        lt(quizAttempts.deadline, new Date(now.getTime() - GRACE_MS)),
      ),
    );
}

export async function getQuiz(
  ctx: ServiceContext,
  actor: Actor | null,
  lectureId: string,
): Promise<QuizSummary> {
  const { lecture, quiz, access } = await loadVisibleQuiz(ctx, actor, lectureId);
  const now = ctx.now();
  const [counted] = await ctx.db
    .select({ questions: sql<number>`count(*)::int` })
    .from(quizQuestions)
    .where(eq(quizQuestions.lectureId, quiz.lectureId));
  const rows = actor ? await attemptsOf(ctx.db, quiz.lectureId, actor.id) : [];
  const attempts = rows.map((row) => presentAttempt(row, now));
  const used = attempts.length;
  const scores = attempts.flatMap((attempt) => (attempt.score === null ? [] : [attempt.score]));
  return {
    lectureId: lecture.id,
    courseId: lecture.courseId,
    title: lecture.title,
    questionCount: counted?.questions ?? 0,
    passMark: quiz.passMark,
    attemptsAllowed: quiz.attemptsAllowed,
    timeLimitMinutes: quiz.timeLimitMinutes,
    showAnswers: quiz.showAnswers,
    isLocked: !mayOpenLesson(lecture, access, now),
    attempts,
    attemptsRemaining: quiz.attemptsAllowed === null ? null : Math.max(0, quiz.attemptsAllowed - used),
    bestScore: scores.length > 0 ? Math.max(...scores) : null,
    passed: attempts.some((attempt) => attempt.passed === true),
  };
}

export interface StartedAttempt {
  attempt: QuizAttempt;
  questions: AttemptQuestion[];
}

export async function startAttempt(
  ctx: ServiceContext,
  actor: Actor,
  lectureId: string,
): Promise<StartedAttempt> {
  const { lecture, access } = await loadVisibleQuiz(ctx, actor, lectureId);
  if (!mayOpenLesson(lecture, access, ctx.now())) throw forbidden(PROGRESS_MESSAGES.noAccess);
  const row = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    // The learner's row, locked: their concurrent starts run one at a time, so the count below holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, actor.id)).for('no key update');
    // The quiz, shared-locked: a save can't swap its questions between the two reads below.
    const [quiz] = await tx.select().from(quizzes).where(eq(quizzes.lectureId, lecture.id)).for('share');
    if (!quiz) throw notFound(QUIZ_MESSAGES.notFound);
    await closeOverdue(tx, quiz.lectureId, actor.id, now);
    const attempts = await attemptsOf(tx, quiz.lectureId, actor.id);
    const open = attempts.find((attempt) => attempt.status === 'in_progress');
    if (open) return open;
    if (quiz.attemptsAllowed !== null && attempts.length >= quiz.attemptsAllowed)
      throw conflict(QUIZ_MESSAGES.noAttemptsLeft);
    const questions = await tx
      .select()
      .from(quizQuestions)
      .where(eq(quizQuestions.lectureId, quiz.lectureId))
      .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
    if (questions.length === 0) throw conflict(QUIZ_MESSAGES.noQuestions);
    const [started] = await tx
      .insert(quizAttempts)
      .values({
        lectureId: quiz.lectureId,
        userId: actor.id,
        number: (attempts[0]?.number ?? 0) + 1,
        status: 'in_progress',
        startedAt: now,
        deadline:
          quiz.timeLimitMinutes === null ? null : new Date(now.getTime() + quiz.timeLimitMinutes * 60_000),
        questions: snapshotQuestions(questions, quiz),
      })
      .returning();
    if (!started) throw new Error('attempt insert returned no row');
    return started;
  });
  return { attempt: presentAttempt(row, ctx.now()), questions: presentQuestions(row) };
}

/** The actor's own attempt (404 for anyone else's, or an id that is no attempt). */
async function ownAttempt(db: Database, actor: Actor, attemptId: string): Promise<QuizAttemptRow> {
  if (!isUuid(attemptId)) throw notFound(QUIZ_MESSAGES.attemptNotFound);
  const [row] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, actor.id)));
  if (!row) throw notFound(QUIZ_MESSAGES.attemptNotFound);
  return row;
}

/**
 * The learner's attempt, locked for grading (only its row: `startAttempt` reads the quiz row FOR SHARE),
 * with what grading needs of its quiz: one round trip, where the attempt and the quiz were two. An
 * attempt's quiz always exists (deleting a quiz deletes its attempts).
 */
async function lockAttemptWithQuiz(
  db: Database,
  actor: Actor,
  attemptId: string,
): Promise<{ attempt: QuizAttemptRow; quiz: { passMark: number; showAnswers: boolean; courseId: string } }> {
  if (!isUuid(attemptId)) throw notFound(QUIZ_MESSAGES.attemptNotFound);
  const [row] = await db
    .select({
      attempt: quizAttempts,
      quiz: { passMark: quizzes.passMark, showAnswers: quizzes.showAnswers, courseId: lectures.courseId },
    })
    .from(quizAttempts)
    .innerJoin(quizzes, eq(quizzes.lectureId, quizAttempts.lectureId))
    .innerJoin(lectures, eq(lectures.id, quizAttempts.lectureId))
    .where(and(eq(quizAttempts.id, attemptId), eq(quizAttempts.userId, actor.id)))
    .for('update', { of: quizAttempts })
    .prepare('lock_quiz_attempt')
    .execute();
  if (!row) throw notFound(QUIZ_MESSAGES.attemptNotFound);
  return row;
}

async function showsAnswers(db: Database, lectureId: string): Promise<boolean> {
  const [quiz] = await db
    .select({ showAnswers: quizzes.showAnswers })
    .from(quizzes)
    .where(eq(quizzes.lectureId, lectureId));
  return quiz?.showAnswers ?? false;
}

export async function submitAttempt(
  ctx: ServiceContext,
  actor: Actor,
  attemptId: string,
  responses: readonly QuizResponse[],
): Promise<AttemptResult> {
  const outcome = await ctx.db.transaction(async (tx) => {
    const now = ctx.now();
    const { attempt, quiz } = await lockAttemptWithQuiz(tx, actor, attemptId);
    if (attempt.status !== 'in_progress') throw conflict(QUIZ_MESSAGES.alreadySubmitted);
    if (isOverdue(attempt, now)) {
      // Closed, committed, then refused: the attempt is spent whatever was sent.
      await closeOverdue(tx, attempt.lectureId, actor.id, now);
      return { expired: true as const };
    }
    const graded = grade(attempt.questions, checkResponses(attempt.questions, responses));
    const passed = graded.score >= quiz.passMark;
    const [saved] = await tx
      .update(quizAttempts)
      .set({
        status: 'submitted',
        submittedAt: now,
        answers: graded.answers,
        correctCount: graded.correctCount,
        score: graded.score,
        passed,
      })
      .where(eq(quizAttempts.id, attempt.id))
      .returning()
      .prepare('submit_quiz_attempt')
      .execute();
    if (!saved) throw new Error('attempt update returned no row');
    // Passing completes the lesson exactly as marking an article read does (keeping a first completion time).
    if (passed) {
      await completeLessonRow(
        tx,
        { userId: actor.id, lectureId: saved.lectureId, courseId: quiz.courseId },
        now,
      );
    }
    return { expired: false as const, saved, showAnswers: quiz.showAnswers };
  });
  if (outcome.expired) throw conflict(QUIZ_MESSAGES.timeUp);
  const { saved, showAnswers } = outcome;
  let certificateId: string | null = null;
  if (saved.passed) {
    // The course's access decides whether a certificate is earned (only enrolled students get one).
    const { lecture, access } = await loadVisibleQuiz(ctx, actor, saved.lectureId);
    certificateId = await certificateAfterCompletion(ctx, actor, access, lecture.courseId);
  }
  return {
    attempt: presentAttempt(saved, ctx.now()),
    questions: reviewQuestions(saved, showAnswers),
    certificateId,
  };
}

export async function attemptResult(
  ctx: ServiceContext,
  actor: Actor,
  attemptId: string,
): Promise<AttemptResult> {
  let row = await ownAttempt(ctx.db, actor, attemptId);
  if (row.status === 'in_progress') {
    if (!isOverdue(row, ctx.now())) throw conflict(QUIZ_MESSAGES.stillOpen);
    await closeOverdue(ctx.db, row.lectureId, actor.id, ctx.now());
    row = await ownAttempt(ctx.db, actor, attemptId);
  }
  return {
    attempt: presentAttempt(row, ctx.now()),
    questions: reviewQuestions(row, await showsAnswers(ctx.db, row.lectureId)),
    certificateId: null,
  };
}
