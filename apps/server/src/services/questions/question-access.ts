/**
 * Who may read and post in a course's questions (decision 0088): what opening the lesson takes, as for
 * notes (member-lesson.ts): enrolled with the lesson's section open, or the course's instructor or an
 * admin; a general question (no lesson) takes the whole course. A course the actor may not see is 404;
 * one they see but aren't a member of is 403. A hidden question or answer is 404 to everyone but the
 * course's moderators (its instructor, admins), who see it marked hidden.
 */
import { LECTURE_MESSAGES } from '@lectio/contracts/messages';
import { QUESTION_MESSAGES } from '@lectio/contracts/questions';
import { courseQuestions, lectures, questionAnswers } from '@lectio/db';
import { and, eq } from 'drizzle-orm';
import { badRequest, notFound } from '../../lib/errors';
import { isUuid } from '../../lib/ids';
import type { Actor, ServiceContext } from '../context';
import { type CourseAccess, type CourseRow, loadVisibleCourse } from '../courses/course-access';
import { type LessonFields, lessonColumns } from '../lectures/lecture-fields';
import { assertCourseMember, assertMemberMayOpen } from '../lectures/member-lesson';

/** Where questions are read or asked: the course, the lesson (null: the whole course) and the access. */
export interface DiscussionPlace {
  course: CourseRow;
  lecture: LessonFields | null;
  access: CourseAccess;
}

/**
 * The course and lesson when the actor may read and post there: 404 for a course or lesson they can't
 * see (a lesson of another course is a 400 `lessonNotInCourse` when `lessonField` names the input field
 * it came from), 403 without membership or while the lesson's section is closed to them.
 */
export async function loadDiscussionPlace(
  ctx: ServiceContext,
  actor: Actor,
  courseId: string,
  lectureId: string | null,
  lessonField?: string,
): Promise<DiscussionPlace> {
  const { course, access } = await loadVisibleCourse(ctx, actor, courseId);
  assertCourseMember(access, QUESTION_MESSAGES.noAccess);
  if (lectureId === null) return { course, access, lecture: null };
  const [lecture] = isUuid(lectureId)
    ? await ctx.db.select(lessonColumns).from(lectures).where(eq(lectures.id, lectureId)).limit(1)
    : [];
  if (!lecture) throw notFound(LECTURE_MESSAGES.lectureNotFound);
  if (lecture.courseId !== course.id) {
    if (lessonField === undefined) throw notFound(LECTURE_MESSAGES.lectureNotFound);
    throw badRequest(QUESTION_MESSAGES.lessonNotInCourse, [
      { path: lessonField, message: QUESTION_MESSAGES.lessonNotInCourse },
    ]);
  }
  assertMemberMayOpen(lecture, access, ctx.now(), QUESTION_MESSAGES.noAccess);
  return { course, access, lecture };
}

export type QuestionRow = typeof courseQuestions.$inferSelect;
export type AnswerRow = typeof questionAnswers.$inferSelect;

/** Whether the actor moderates the place's questions (the course's instructor, or an admin). */
export const moderates = (place: DiscussionPlace): boolean => place.access.canManage;

/**
 * A question the actor may read, with its place: 404 when it doesn't exist, its course is unseen, or it
 * is hidden and the actor doesn't moderate the course; 403 without access to its lesson.
 */
export async function loadReadableQuestion(
  ctx: ServiceContext,
  actor: Actor,
  questionId: string,
): Promise<{ question: QuestionRow; place: DiscussionPlace }> {
  const [question] = isUuid(questionId)
    ? await ctx.db.select().from(courseQuestions).where(eq(courseQuestions.id, questionId)).limit(1)
    : [];
  if (!question) throw notFound(QUESTION_MESSAGES.questionNotFound);
  const place = await loadDiscussionPlace(ctx, actor, question.courseId, question.lectureId);
  if (question.hiddenAt !== null && !moderates(place)) throw notFound(QUESTION_MESSAGES.questionNotFound);
  return { question, place };
}

/** An answer the actor may read, with its question and place (404 as for its question, or hidden). */
export async function loadReadableAnswer(
  ctx: ServiceContext,
  actor: Actor,
  answerId: string,
): Promise<{ answer: AnswerRow; question: QuestionRow; place: DiscussionPlace }> {
  const [answer] = isUuid(answerId)
    ? await ctx.db.select().from(questionAnswers).where(eq(questionAnswers.id, answerId)).limit(1)
    : [];
  if (!answer) throw notFound(QUESTION_MESSAGES.answerNotFound);
  const { question, place } = await loadReadableQuestion(ctx, actor, answer.questionId).catch(
    (error: unknown) => {
      // The question's own 404 reads as the answer's.
      if (error instanceof Error && error.message === QUESTION_MESSAGES.questionNotFound)
        throw notFound(QUESTION_MESSAGES.answerNotFound);
      throw error;
    },
  );
  if (answer.hiddenAt !== null && !moderates(place)) throw notFound(QUESTION_MESSAGES.answerNotFound);
  return { answer, question, place };
}

/** The condition for one answer of one question. */
export const answerOf = (questionId: string, answerId: string) =>
  and(eq(questionAnswers.id, answerId), eq(questionAnswers.questionId, questionId));
