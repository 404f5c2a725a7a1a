/**
 * A course's gradebook (decision 0081), for its instructor or an admin: students a page at a time in
 * enrollment order (keyset on the enrollment's created_at and id), each with the course progress the
 * learner sees (completed lessons / lessons, `completionPercentage`) and their results per quiz; and per
 * quiz, item analysis: for each current question, the share of graded answers that were right (submitted
 * attempts only; an expired attempt answered nothing).
 */
import { type GradebookResponse, QUIZ_MESSAGES } from '@lectio/contracts/quizzes';
import {
  enrollments,
  lectureProgress,
  lectures,
  quizAttempts,
  quizQuestions,
  quizzes,
  users,
} from '@lectio/db';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor } from '../../lib/cursor';
import type { Actor, ServiceContext } from '../context';
import { assertCanManageCourse } from '../courses/course-access';
import { completionPercentage } from '../courses/present-course';
import { lectureOrder } from '../lectures/lecture-fields';
import { exactInstant } from '../reviews/review-rows';
import { scoreOf } from './grading';

export interface GradebookInput {
  courseId: string;
  cursor?: string | undefined;
  limit: number;
}

export async function readGradebook(
  ctx: ServiceContext,
  actor: Actor,
  input: GradebookInput,
): Promise<GradebookResponse['data']> {
  // A cursor this server did not write is a 400 before any query runs.
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const course = await assertCanManageCourse(ctx, actor, input.courseId, QUIZ_MESSAGES.noPermission);
  const db = ctx.db;

  const [lessons] = await db
    .select({ count: count() })
    .from(lectures)
    .where(eq(lectures.courseId, course.id));
  const [students] = await db
    .select({ count: count() })
    .from(enrollments)
    .where(eq(enrollments.courseId, course.id));
  const quizRows = await db
    .select({ lectureId: lectures.id, title: lectures.title, passMark: quizzes.passMark })
    .from(lectures)
    .innerJoin(quizzes, eq(quizzes.lectureId, lectures.id))
    .where(eq(lectures.courseId, course.id))
    .orderBy(...lectureOrder);
  const quizIds = quizRows.map((quiz) => quiz.lectureId);

  const [questionRows, attemptCounts, itemRows] = quizIds.length
    ? await Promise.all([
        db
          .select({
            id: quizQuestions.id,
            lectureId: quizQuestions.lectureId,
            prompt: quizQuestions.prompt,
            type: quizQuestions.type,
          })
          .from(quizQuestions)
          .where(inArray(quizQuestions.lectureId, quizIds))
          .orderBy(asc(quizQuestions.position), asc(quizQuestions.id)),
        db
          .select({ lectureId: quizAttempts.lectureId, count: count() })
          .from(quizAttempts)
          .where(and(inArray(quizAttempts.lectureId, quizIds), ne(quizAttempts.status, 'in_progress')))
          .groupBy(quizAttempts.lectureId),
        db
          .select({
            questionId: sql<string>`answer->>'questionId'`,
            answered: sql<number>`count(*)::int`,
            correct: sql<number>`(count(*) filter (where (answer->>'isCorrect')::boolean))::int`,
          })
          .from(sql`${quizAttempts}, jsonb_array_elements(${quizAttempts.answers}) answer`)
          .where(and(inArray(quizAttempts.lectureId, quizIds), eq(quizAttempts.status, 'submitted')))
          .groupBy(sql`answer->>'questionId'`),
      ])
    : [[], [], []];
  const items = new Map(itemRows.map((row) => [row.questionId, row]));
  const attemptsByQuiz = new Map(attemptCounts.map((row) => [row.lectureId, row.count]));

  const page = await db
    .select({
      enrollmentId: enrollments.id,
      enrolledAt: enrollments.createdAt,
      enrolledExact: exactInstant(enrollments.createdAt),
      userId: users.id,
      name: users.name,
      email: users.email,
    })
    .from(enrollments)
    .innerJoin(users, eq(users.id, enrollments.userId))
    .where(
      and(
        eq(enrollments.courseId, course.id),
        after
          ? sql`(${enrollments.createdAt}, ${enrollments.id}) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(enrollments.createdAt), asc(enrollments.id))
    .limit(input.limit + 1);
  const shown = page.slice(0, input.limit);
  const last = shown.at(-1);
  const nextCursor =
    page.length > input.limit && last
      ? encodeCursor({ createdAt: last.enrolledExact, id: last.enrollmentId })
      : null;
  const userIds = shown.map((row) => row.userId);

  const [completedRows, resultRows] = userIds.length
    ? await Promise.all([
        db
          .select({ userId: lectureProgress.userId, count: count() })
          .from(lectureProgress)
          .where(
            and(
              eq(lectureProgress.courseId, course.id),
              inArray(lectureProgress.userId, userIds),
              eq(lectureProgress.completed, true),
            ),
          )
          .groupBy(lectureProgress.userId),
        quizIds.length
          ? db
              .select({
                userId: quizAttempts.userId,
                lectureId: quizAttempts.lectureId,
                attempts: sql<number>`(count(*) filter (where ${quizAttempts.status} <> 'in_progress'))::int`,
                bestScore: sql<string | null>`max(${quizAttempts.score})`,
                passed: sql<boolean>`coalesce(bool_or(${quizAttempts.passed}), false)`,
              })
              .from(quizAttempts)
              .where(and(inArray(quizAttempts.userId, userIds), inArray(quizAttempts.lectureId, quizIds)))
              .groupBy(quizAttempts.userId, quizAttempts.lectureId)
          : Promise.resolve([]),
      ])
    : [[], []];
  const completed = new Map(completedRows.map((row) => [row.userId, row.count]));
  const results = new Map(resultRows.map((row) => [`${row.userId}:${row.lectureId}`, row]));
  const lessonCount = lessons?.count ?? 0;

  return {
    courseId: course.id,
    lessonCount,
    studentCount: students?.count ?? 0,
    quizzes: quizRows.map((quiz) => ({
      lectureId: quiz.lectureId,
      title: quiz.title,
      passMark: quiz.passMark,
      attemptCount: attemptsByQuiz.get(quiz.lectureId) ?? 0,
      questions: questionRows
        .filter((question) => question.lectureId === quiz.lectureId)
        .map((question) => {
          const item = items.get(question.id);
          return {
            _id: question.id,
            prompt: question.prompt,
            type: question.type,
            answerCount: item?.answered ?? 0,
            correctPercent: item ? scoreOf(item.correct, item.answered) : null,
          };
        }),
    })),
    students: shown.map((row) => {
      const done = completed.get(row.userId) ?? 0;
      return {
        userId: row.userId,
        name: row.name,
        email: row.email,
        enrolledAt: row.enrolledAt.toISOString(),
        completedLessons: done,
        progressPercent: completionPercentage(done, lessonCount),
        quizzes: quizRows.map((quiz) => {
          const result = results.get(`${row.userId}:${quiz.lectureId}`);
          return {
            lectureId: quiz.lectureId,
            attempts: result?.attempts ?? 0,
            bestScore:
              result?.bestScore === null || result?.bestScore === undefined ? null : Number(result.bestScore),
            passed: result?.passed ?? false,
          };
        }),
      };
    }),
    nextCursor,
  };
}
