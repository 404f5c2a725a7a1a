/**
 * Writing a quiz (decision 0081): a new quiz lesson gets its settings row with QUIZ_DEFAULTS; its
 * instructor (or an admin) reads it with its answers and saves it whole. A save replaces the settings and
 * the questions in one transaction; questions and options keep the ids they are sent with (attempts and
 * item analysis follow them), new ones get fresh uuids. Past attempts keep their snapshot.
 */
import { randomUUID } from 'node:crypto';
import {
  type AuthoredQuestion,
  type EditableQuiz,
  QUIZ_DEFAULTS,
  QUIZ_MESSAGES,
  type QuizQuestion,
  type saveQuizRequestSchema,
} from '@lectio/contracts/quizzes';
import {
  type Database,
  type QuizQuestionRow,
  quizAttempts,
  quizQuestions,
  quizzes,
  type StoredQuizOption,
} from '@lectio/db';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors';
import type { Actor, ServiceContext } from '../context';
import { loadManagedQuiz } from './quiz-access';

export type SaveQuizInput = z.output<typeof saveQuizRequestSchema>;

/** The settings row of a quiz lesson just created (in the creating transaction). */
export async function createQuizSettings(db: Database, lectureId: string, now: Date): Promise<void> {
  await db.insert(quizzes).values({ lectureId, ...QUIZ_DEFAULTS, createdAt: now, updatedAt: now });
}

function presentQuestion(row: QuizQuestionRow): QuizQuestion {
  return {
    _id: row.id,
    type: row.type,
    prompt: row.prompt,
    explanation: row.explanation,
    options: row.options.map((option) => ({
      _id: option.id,
      text: option.text,
      isCorrect: option.isCorrect,
    })),
    correctAnswer: row.correctAnswer,
    acceptedAnswers: row.acceptedAnswers,
  };
}

async function presentQuiz(
  db: Database,
  lecture: { id: string; courseId: string; title: string },
): Promise<EditableQuiz> {
  const [quiz] = await db.select().from(quizzes).where(eq(quizzes.lectureId, lecture.id));
  if (!quiz) throw new Error('quiz row missing');
  const questions = await db
    .select()
    .from(quizQuestions)
    .where(eq(quizQuestions.lectureId, lecture.id))
    .orderBy(asc(quizQuestions.position), asc(quizQuestions.id));
  const [attempts] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.lectureId, lecture.id), ne(quizAttempts.status, 'in_progress')));
  return {
    lectureId: lecture.id,
    courseId: lecture.courseId,
    title: lecture.title,
    settings: {
      passMark: quiz.passMark,
      attemptsAllowed: quiz.attemptsAllowed,
      shuffleQuestions: quiz.shuffleQuestions,
      shuffleOptions: quiz.shuffleOptions,
      timeLimitMinutes: quiz.timeLimitMinutes,
      showAnswers: quiz.showAnswers,
    },
    questions: questions.map(presentQuestion),
    attemptCount: attempts?.count ?? 0,
  };
}

export async function editQuiz(ctx: ServiceContext, actor: Actor, lectureId: string): Promise<EditableQuiz> {
  const { lecture } = await loadManagedQuiz(ctx, actor, lectureId);
  return presentQuiz(ctx.db, lecture);
}

interface PlannedQuestion {
  id: string;
  question: AuthoredQuestion;
  options: StoredQuizOption[];
}

/** Ids for every question and option (kept or new); 400 for an id sent twice. */
function planQuestions(questions: readonly AuthoredQuestion[]): PlannedQuestion[] {
  const questionIds = new Set<string>();
  return questions.map((question) => {
    const id = question.id?.toLowerCase() ?? randomUUID();
    if (questionIds.has(id)) throw badRequest(QUIZ_MESSAGES.duplicateIds);
    questionIds.add(id);
    const optionIds = new Set<string>();
    const options =
      question.type === 'single' || question.type === 'multiple'
        ? question.options.map((option) => {
            const optionId = option.id?.toLowerCase() ?? randomUUID();
            if (optionIds.has(optionId)) throw badRequest(QUIZ_MESSAGES.duplicateIds);
            optionIds.add(optionId);
            return { id: optionId, text: option.text, isCorrect: option.isCorrect };
          })
        : [];
    return { id, question, options };
  });
}

/** 400 when a sent question or option id is one of another quiz's. */
async function assertIdsOfThisQuiz(db: Database, lectureId: string, planned: readonly PlannedQuestion[]) {
  const questionIds = planned.map((entry) => entry.id);
  if (questionIds.length > 0) {
    const [taken] = await db
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(and(inArray(quizQuestions.id, questionIds), ne(quizQuestions.lectureId, lectureId)))
      .limit(1);
    if (taken) throw badRequest(QUIZ_MESSAGES.questionOfAnotherQuiz);
  }
  const optionIds = planned.flatMap((entry) => entry.options.map((option) => option.id));
  if (optionIds.length > 0) {
    const list = sql.join(
      optionIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const [taken] = await db
      .select({ id: quizQuestions.id })
      .from(quizQuestions)
      .where(
        and(
          ne(quizQuestions.lectureId, lectureId),
          sql`exists (select 1 from jsonb_array_elements(${quizQuestions.options}) o where o->>'id' in (${list}))`,
        ),
      )
      .limit(1);
    if (taken) throw badRequest(QUIZ_MESSAGES.questionOfAnotherQuiz);
  }
}

export async function saveQuiz(
  ctx: ServiceContext,
  actor: Actor,
  input: SaveQuizInput,
): Promise<EditableQuiz> {
  const { lecture } = await loadManagedQuiz(ctx, actor, input.lectureId);
  const planned = planQuestions(input.questions);
  const now = ctx.now();
  return ctx.db.transaction(async (tx) => {
    // The quiz row, locked: saves run one at a time, and a start reads settings and questions of one save.
    await tx
      .select({ id: quizzes.lectureId })
      .from(quizzes)
      .where(eq(quizzes.lectureId, lecture.id))
      .for('update');
    await assertIdsOfThisQuiz(tx, lecture.id, planned);
    await tx
      .update(quizzes)
      .set({ ...input.settings, updatedAt: now })
      .where(eq(quizzes.lectureId, lecture.id));
    await tx.delete(quizQuestions).where(eq(quizQuestions.lectureId, lecture.id));
    if (planned.length > 0)
      await tx.insert(quizQuestions).values(
        planned.map(({ id, question, options }, index) => ({
          id,
          lectureId: lecture.id,
          position: index + 1,
          type: question.type,
          prompt: question.prompt,
          explanation: question.explanation || null,
          options,
          correctAnswer: question.type === 'true_false' ? question.correctAnswer : null,
          acceptedAnswers: question.type === 'short_answer' ? question.acceptedAnswers : [],
          createdAt: now,
          updatedAt: now,
        })),
      );
    return presentQuiz(tx, lecture);
  });
}
